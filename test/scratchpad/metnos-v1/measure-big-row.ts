/*
 * Informal timing of v1 reads on a large row (not a test; run by hand):
 *   npx tsx test/scratchpad/metnos-v1/measure-big-row.ts [megabytes=50]
 * Builds a temp v1 file with a 10 KB row and two large rows (ASCII, and text with accents and emoji), then times
 * a 2,000-code-point head (first and repeated), a tail, a range deep into the row, describe (sha256) and stats.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openScratchpad } from '../../../app/scratchpad';
import { makeV1File } from './v1-files';

const mb = Number(process.argv[2] ?? 50);
const dir = mkdtempSync(join(tmpdir(), 'v1-measure-'));
const size = mb * 1_000_000;
const ascii = Buffer.alloc(size, '[00042] worker started job 12345\n');
const accents = Buffer.alloc(size, 'Über façade — ½ price! ✓ 😀 中文 ');
const small = Buffer.alloc(10_000, 'Über façade — ½ price! ✓ ');
const file = makeV1File(join(dir, 'big.db'), [
  { id: 'small00000000000', turnId: 't', stepNum: 1, content: small },
  { id: 'ascii00000000000', turnId: 't', stepNum: 2, content: ascii },
  { id: 'utf8000000000000', turnId: 't', stepNum: 3, content: accents },
]);
const operator = { kind: 'operator' } as const;

function time(label: string, fn: () => unknown): void {
  const t = performance.now();
  fn();
  console.log(`${label.padEnd(52)} ${(performance.now() - t).toFixed(2).padStart(9)} ms`);
}

try {
  for (const id of ['small00000000000', 'ascii00000000000', 'utf8000000000000']) {
    const sp = await openScratchpad(file);
    const total = (await sp.listForTurn(operator, 't')).find((m) => m.id === id)!.sizeBytes;
    console.log(`-- ${id} (${total} bytes)`);
    time('head 2,000 code points (first read: counts)', () => sp.read(operator, id, { mode: 'head', n: 2000 }));
    time('head 2,000 code points (again)', () => sp.read(operator, id, { mode: 'head', n: 2000 }));
    time('tail 2,000 code points', () => sp.read(operator, id, { mode: 'tail', n: 2000 }));
    const len = (await sp.read(operator, id, { mode: 'head', n: 1 })).meta.totalLength;
    time('range of 2,000 at 80% of the row', () => sp.read(operator, id, { mode: 'range', start: Math.floor(len * 0.8), end: Math.floor(len * 0.8) + 2000 }));
    time('describe (sha256 over windows)', () => sp.describe(operator, id));
    await sp.close();
  }
  const sp = await openScratchpad(file);
  time('listForTurn (3 rows)', () => sp.listForTurn(operator, 't'));
  time('stats', () => sp.stats(operator));
  await sp.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
