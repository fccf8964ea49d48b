import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codePointLength, toWellFormed, unitOffset } from '../../app/common/codepoints';

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
