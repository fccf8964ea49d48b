import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLineCounts, chunkNewlines, lineOfOffset, lineStart, lineTable, readLines } from '../../../app/scratchpad/search/lines';
import { textEntry } from './helpers';

const PIECES = ['a', 'bc', '\n', '\r\n', '\r', '\n\n', 'é', '👨‍👩‍👧', '中', 'e\u0301'];
const INVALID = [[0x80], [0xe0, 0x80], [0xff]];
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PIECES).map((s) => Buffer.from(s, 'utf8')) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID).map((b) => Buffer.from(b)) },
);
const content = fc.array(piece, { maxLength: 30 }).map((ps) => Buffer.concat(ps));

/** Reference lines: split on \n, no trailing empty line after a final \n, \r of \r\n dropped. */
function refLines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (text.endsWith('\n')) parts.pop();
  return parts.map((l, i) => (i < parts.length - 1 || text.endsWith('\n') ? l.replace(/\r$/, '') : l));
}

async function setup(bytes: Buffer, per: number) {
  const entry = textEntry(bytes, per);
  const table = lineTable(await buildLineCounts(entry.chunks(0)));
  const read = async (i: number) => entry.chunkList[i]!.bytes;
  return { table, read, text: new TextDecoder().decode(bytes) };
}

describe('line index', () => {
  it('counts \\n bytes of a chunk, word-aligned or not', () => {
    const b = Buffer.from('\n\nab\ncd\n\n\n\nxyz\n');
    for (let a = 0; a < 4; a++) expect(chunkNewlines(b.subarray(a))).toBe([...b.subarray(a)].filter((x) => x === 10).length);
  });

  it('reads lines [start, end) as the reference split does, with their offsets and the line count', async () => {
    await fc.assert(
      fc.asyncProperty(content, fc.integer({ min: 1, max: 7 }), fc.nat(12), fc.nat(12), async (bytes, per, x, y) => {
        const { table, read, text } = await setup(bytes, per);
        const ref = refLines(text);
        const [s, e] = x <= y ? [x, y] : [y, x];
        const got = await readLines(table, read, s, e);
        expect(got.lines).toEqual(ref.slice(s, e));
        expect(got.meta.totalLines).toBe(ref.length);
        const cps = [...text];
        const startOf = (k: number) =>
          k === 0
            ? 0
            : k >= ref.length
              ? cps.length
              : cps.reduce((acc, c, i) => (acc.n < k && c === '\n' ? { n: acc.n + 1, at: i + 1 } : acc), { n: 0, at: 0 }).at;
        expect(got.meta.startOffset).toBe(startOf(Math.min(s, ref.length)));
        expect(got.meta.endOffset).toBe(startOf(Math.min(e, ref.length)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the 1-based line of every offset and the start of every line', async () => {
    await fc.assert(
      fc.asyncProperty(content, fc.integer({ min: 1, max: 7 }), async (bytes, per) => {
        const { table, read, text } = await setup(bytes, per);
        const cps = [...text];
        for (let cp = 0; cp <= cps.length; cp++) {
          expect(await lineOfOffset(table, read, cp)).toBe(1 + cps.slice(0, cp).filter((c) => c === '\n').length);
        }
        let k = 1;
        for (let i = 0; i < cps.length; i++) if (cps[i] === '\n') expect(await lineStart(table, read, k++)).toBe(i + 1);
      }),
      { numRuns: 150 },
    );
  });

  it('cuts at maxCodePoints and says so', async () => {
    const { table, read } = await setup(Buffer.from('one\ntwo\nthree\n'), 3);
    const r = await readLines(table, read, 1, 3, 6);
    expect(r).toEqual({ lines: ['two', 'th'], meta: { startOffset: 4, endOffset: 10, start: 1, end: 3, totalLines: 3, truncated: true } });
  });

  it('rejects bad bounds with INVALID_ARGUMENT', async () => {
    const { table, read } = await setup(Buffer.from('a\nb'), 2);
    await expect(readLines(table, read, 2, 1)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(readLines(table, read, -1, 1)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(lineOfOffset(table, read, 4)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
