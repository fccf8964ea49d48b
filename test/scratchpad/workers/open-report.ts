/*
 * A child process of the file-permission tests (run without the root's file-permission override, see
 * unprivileged.ts): opens FILE with the OpenOptions given as JSON, reports what it could do as one JSON line:
 * { format, readonly, rows, turns, put } or { error: { code, message } }, plus the folder's files after close.
 * `put` (only with the option "tryPut": true) is "ok" or the error code of one put.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openScratchpad } from '../../../app/scratchpad';

const [file, optionsJson] = process.argv.slice(2) as [string, string];
const { tryPut, ...options } = JSON.parse(optionsJson) as { tryPut?: boolean; readonly?: boolean };
const operator = { kind: 'operator' as const };
const report: Record<string, unknown> = {};
try {
  const sp = await openScratchpad(file, options);
  try {
    Object.assign(report, {
      format: sp.format,
      readonly: sp.readonly,
      rows: (await sp.stats(operator)).rows,
      turns: (await sp.listTurns(operator)).turns.map((t) => t.turnId),
    });
    if (tryPut) {
      report.put = await sp.put({ kind: 'user', userId: 'u' }, { turnId: 't-put', stepNum: 1, executorName: null, observation: 'x' }).then(
        () => 'ok',
        (err: { code?: string }) => err.code ?? 'error',
      );
    }
  } finally {
    await sp.close();
  }
} catch (err) {
  report.error = { code: (err as { code?: string }).code ?? null, message: (err as Error).message };
}
report.files = readdirSync(dirname(file)).sort();
process.stdout.write(`${JSON.stringify(report)}\n`);
