/*
 * Child process of bench/search-store-1gb.ts: opens the 1 GiB v2 file it wrote and runs the store-level searches
 * (`scanStore`), printing the figures as one JSON line. A process of its own, so the RSS figure starts from a
 * process that only opened the file.
 *   node --expose-gc --import tsx bench/search-scan-child.ts <file> <MiB stored> <needle> <word> <ripgrep folder>
 */
import { scanStore } from './search-store-1gb';

const [file, mb, needle, word, ripgrepDir] = process.argv.slice(2);
if (file === undefined || mb === undefined || needle === undefined || word === undefined || ripgrepDir === undefined)
  throw new Error('usage: search-scan-child.ts <file> <MiB> <needle> <word> <ripgrep folder>');
process.stdout.write(JSON.stringify(await scanStore(file, Number(mb), needle, word, ripgrepDir)) + '\n');
