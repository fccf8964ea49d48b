/*
 * A child process of the file-permission tests (run without root's file-permission override, see
 * unprivileged.ts): opens FILE read-only and keeps it open, answering each stdin line with one JSON line:
 * "report" -> { turns, dataVersion } or { error: { code, message } }; "close" -> closes, { files } (the
 * folder's files after close), and exits.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { openScratchpad } from '../../../app/scratchpad';

const [file] = process.argv.slice(2) as [string];
const operator = { kind: 'operator' as const };
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const sp = await openScratchpad(file, { readonly: true });
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'close') {
    await sp.close();
    say({ files: readdirSync(dirname(file)).sort() });
    break;
  }
  try {
    say({ turns: (await sp.listTurns(operator)).turns.map((t) => t.turnId).sort(), dataVersion: await sp.dataVersion() });
  } catch (err) {
    say({ error: { code: (err as { code?: string }).code ?? null, message: (err as Error).message } });
  }
}
