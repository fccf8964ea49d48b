import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codePointBoundary, codePointLength, toWellFormed, unitOffset } from '../../app/common/codepoints';

const text = fc.string({ unit: 'binary', maxLength: 40 });

describe('code point helpers', () => {
  it('agree with Array.from on any string, lone surrogates counting as one', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(codePointLength(s)).toBe(Array.from(s).length);
      }),
    );
  });

  it('toWellFormed replaces lone surrogates with U+FFFD only', () => {
    expect(toWellFormed('a\uD800b\uDC00😀')).toBe('a\uFFFDb\uFFFD😀');
  });
});

describe('unitOffset', () => {
  it('gives the UTF-16 index after n code points, an astral character taking two units', () => {
    expect([0, 1, 2, 3, 9].map((n) => unitOffset('a😀b', n))).toEqual([0, 1, 3, 4, 4]);
  });

  it('walks on from a unit that starts a code point', () => {
    expect(unitOffset('a😀b😀', 2, 1)).toBe(4);
  });

  it('is the length of Array.from(s).slice(0, n).join("") for any string', () => {
    fc.assert(
      fc.property(text, fc.nat(50), (s, n) => {
        expect(unitOffset(s, n)).toBe(Array.from(s).slice(0, n).join('').length);
      }),
    );
  });
});

describe('codePointBoundary', () => {
  it('moves an index inside a surrogate pair back to the pair, and leaves every other index', () => {
    expect([0, 1, 2, 3, 4, 9, -1].map((i) => codePointBoundary('a😀b', i))).toEqual([0, 1, 1, 3, 4, 4, 0]);
  });

  it('leaves a lone surrogate alone (it is one code point)', () => {
    expect([1, 2].map((i) => codePointBoundary('a\uD800b', i))).toEqual([1, 2]);
    expect(codePointBoundary('\uDC00\uDC00', 1)).toBe(1);
  });

  it('is always the end of some whole-code-point prefix, at most one unit back', () => {
    fc.assert(
      fc.property(text, fc.nat(45), (s, i) => {
        const cut = codePointBoundary(s, i);
        const ends = Array.from(s).reduce<number[]>((acc, cp) => [...acc, acc[acc.length - 1]! + cp.length], [0]);
        expect(ends).toContain(cut);
        expect(cut).toBeLessThanOrEqual(Math.min(i, s.length));
        expect(Math.min(i, s.length) - cut).toBeLessThanOrEqual(1);
      }),
    );
  });
});
