import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteOfCodePoint, countCodePoints, countCodePointsAndNewlines } from '../../../app/scratchpad/search/bytes';

const PIECES = ['a', ' ', '\n', '\r\n', 'é', 'e\u0301', '👍', '👨‍👩‍👧', '中文', 'ß', 'Ж', 'città', 'x'.repeat(70), 'ü'.repeat(30)];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 300 }).map((ps) => ps.join(''));

describe('byteOfCodePoint', () => {
  it('gives the byte where code point k starts, counted from any code-point start, and the end past the last', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (s, x, y) => {
        const cps = [...s];
        const from = cps.length === 0 ? 0 : x % (cps.length + 1);
        const k = y % (cps.length - from + 3);
        const bytes = Buffer.from(s, 'utf8');
        const fromByte = Buffer.byteLength(cps.slice(0, from).join(''), 'utf8');
        const expected = Math.min(bytes.length, Buffer.byteLength(cps.slice(0, from + k).join(''), 'utf8'));
        expect(byteOfCodePoint(bytes, k, fromByte)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('finds code points at every word offset of a view that starts off a 4-byte boundary', () => {
    const whole = Buffer.from('ab' + 'città 👍 '.repeat(50), 'utf8');
    for (const shift of [0, 1, 2, 3]) {
      const view = whole.subarray(shift + 1);
      const cps = [...view.toString('utf8')];
      // every code point of the view, also one past the end
      for (let k = 0; k <= cps.length; k++) expect(byteOfCodePoint(view, k)).toBe(Buffer.byteLength(cps.slice(0, k).join(''), 'utf8'));
    }
  });
});

describe('countCodePoints / countCodePointsAndNewlines', () => {
  it('count as the decoded string does, for any range between code points', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (s, x, y) => {
        const cps = [...s];
        const a = cps.length === 0 ? 0 : x % (cps.length + 1);
        const b = a + (y % (cps.length - a + 1));
        const bytes = Buffer.from(s, 'utf8');
        const byteA = Buffer.byteLength(cps.slice(0, a).join(''), 'utf8');
        const byteB = Buffer.byteLength(cps.slice(0, b).join(''), 'utf8');
        const out = { codePoints: -1, newlines: -1 };
        countCodePointsAndNewlines(bytes, byteA, byteB, out);
        const part = cps.slice(a, b);
        expect(out).toEqual({ codePoints: part.length, newlines: part.filter((c) => c === '\n').length });
        expect(countCodePoints(bytes, byteA, byteB)).toBe(part.length);
      }),
      { numRuns: 400 },
    );
  });
});
