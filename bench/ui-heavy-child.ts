/*
 * Child process of the UI suite (bench/suites/ui.ts runUi): writes the heavy file and prints its HeavyFile as one
 * JSON line. A process of its own, so the garbage of the ~60,000 puts is not collected in the process that then
 * serves the app to Chromium: the app itself opens a file it did not just write, and the suite's first reloads
 * came while this process's collector was still at that garbage (pauses of 57-112 ms, event-loop stalls up to
 * 270 ms in the seconds after the build, measured with bench/ui-profile.ts paintcold).
 *   node --import tsx bench/ui-heavy-child.ts <dir> <now, Unix seconds> <scale>
 */
import { writeHeavyFile } from './suites/ui';

const [dir, now, scale] = process.argv.slice(2);
if (dir === undefined || now === undefined || scale === undefined) throw new Error('usage: ui-heavy-child.ts <dir> <now> <scale>');
process.stdout.write(JSON.stringify(await writeHeavyFile(dir, Number(now), Number(scale))) + '\n');
