import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimdCounter } from '../../../app/scratchpad/search/simd-count';

const PIECES = ['a', ' ', '\n', '\r\n', 'é', 'e\u0301', '👍', '👨‍👩‍👧', '中文', 'ß', 'Ж', 'città', 'x'.repeat(40)];

/** Code points and `\n`s of a string, the plain way. */
function reference(s: string): { codePoints: number; newlines: number } {
  return { codePoints: [...s].length, newlines: s.split('\n').length - 1 };
}

describe('createSimdCounter', () => {
  it('counts code points and newlines of any range between code points as the plain count does', () => {
    const counter = createSimdCounter();
    expect(counter).not.toBeNull();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 600 }), fc.nat(), fc.nat(), (pieces, x, y) => {
        const cps = [...pieces.join('')];
        const a = cps.length === 0 ? 0 : x % (cps.length + 1);
        const b = a + (cps.length === 0 ? 0 : y % (cps.length - a + 1));
        const bytes = Buffer.from(cps.join(''), 'utf8');
        const byteA = Buffer.byteLength(cps.slice(0, a).join(''), 'utf8');
        const byteB = Buffer.byteLength(cps.slice(0, b).join(''), 'utf8');
        counter!.load(bytes);
        const out = { codePoints: -1, newlines: -1 };
        counter!.count(byteA, byteB, out);
        expect(out).toEqual(reference(cps.slice(a, b).join('')));
      }),
      { numRuns: 300 },
    );
  });

  it('grows its memory for a chunk larger than it holds and counts all of it', () => {
    const counter = createSimdCounter()!;
    const text = 'città\n👍 '.repeat(40_000);
    const bytes = Buffer.from(text, 'utf8');
    counter.load(bytes);
    const out = { codePoints: 0, newlines: 0 };
    counter.count(0, bytes.length, out);
    expect(out).toEqual({ codePoints: 320_000, newlines: 40_000 });
  });
});
