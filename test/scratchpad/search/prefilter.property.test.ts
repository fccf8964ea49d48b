import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FALL_BACK, RareBytePrefilter } from '../../../app/scratchpad/search/prefilter';

/** Every non-overlapping match start, as repeated indexOf finds them (the caseless one on the lowercased bytes). */
function reference(buf: Buffer, needle: Buffer, caseless: boolean): number[] {
  const hay = caseless ? Buffer.from(buf.toString('latin1').toLowerCase(), 'latin1') : buf;
  const out: number[] = [];
  for (let p = hay.indexOf(needle); p !== -1; p = hay.indexOf(needle, p + needle.length)) out.push(p);
  return out;
}

/** The same with the prefilter, scanning on with indexOf where it falls back (as the scanners do). */
function withPrefilter(chunks: readonly Buffer[], needle: Buffer, caseless: boolean): number[][] {
  const f = new RareBytePrefilter(needle, caseless);
  return chunks.map((buf) => {
    f.beginChunk();
    const hay = caseless ? Buffer.from(buf.toString('latin1').toLowerCase(), 'latin1') : buf;
    const out: number[] = [];
    let plain = false;
    for (let from = 0; ;) {
      let p: number = plain ? hay.indexOf(needle, from) : f.find(buf, from);
      if (p === FALL_BACK) [plain, p] = [true, hay.indexOf(needle, from)];
      if (p === -1) return out;
      out.push(p);
      from = p + needle.length;
    }
  });
}

// A small alphabet, so rare bytes are often not rare and the fallback is taken; long chunks too.
const text = fc
  .array(fc.constantFrom('a', 'b', 'A', 'B', '-', '7', 'é', '\n'), { minLength: 0, maxLength: 3000 })
  .map((cs) => Buffer.from(cs.join(''), 'utf8'));
const needleOf = (caseless: boolean) =>
  fc
    .array(fc.constantFrom(...(caseless ? ['a', 'b', '-', '7'] : ['a', 'b', 'A', 'B', '-', '7'])), { minLength: 1, maxLength: 6 })
    .map((cs) => Buffer.from(cs.join(''), 'latin1'));

describe('RareBytePrefilter', () => {
  it.each([false, true])('finds exactly the matches indexOf finds in every chunk, falling back where it does not pay (caseless %s)', (caseless) => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), needleOf(caseless), (chunks, needle) => {
        expect(withPrefilter(chunks, needle, caseless)).toEqual(chunks.map((c) => reference(c, needle, caseless)));
      }),
      { numRuns: 300 },
    );
  });

  it('falls back on a chunk full of the rare byte, and picks it afresh for no chunk after', () => {
    const f = new RareBytePrefilter(Buffer.from('xq'), false);
    const sample = Buffer.from('a'.repeat(100) + 'q' + 'x'.repeat(100));
    expect(f.find(sample, 0)).toBe(-1); // 'q' is the rarer byte here: one candidate, no match
    const full = Buffer.from('q'.repeat(5000) + 'xq');
    f.beginChunk();
    expect(f.find(full, 0)).toBe(FALL_BACK);
    f.beginChunk();
    expect(f.find(Buffer.from('aaxqa'), 0)).toBe(2);
  });
});
