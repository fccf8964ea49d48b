import { describe, expect, it } from 'vitest';
import { FOLDS_TO_ASCII, foldCodePoint, foldString, foldWithMap } from '../../../app/scratchpad/search/fold';

describe('foldCodePoint', () => {
  it('folds as Unicode full case folding for the usual suspects', () => {
    const cases: [string, string][] = [['ß', 'ss'], ['ẞ', 'ss'], ['ς', 'σ'], ['Σ', 'σ'], ['ſ', 's'], ['\u212a', 'k'], ['İ', 'i\u0307'], ['ﬁ', 'fi'], ['Ж', 'ж'], ['À', 'à'], ['ǅ', 'ǆ']];
    for (const [c, f] of cases) expect(foldCodePoint(c.codePointAt(0)!)).toBe(f);
  });

  it('is idempotent on every code point, and FOLDS_TO_ASCII lists exactly those folding into ASCII', () => {
    const intoAscii: number[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const f = foldCodePoint(cp);
      if (foldString(f) !== f) throw new Error(`fold not idempotent at ${cp.toString(16)}`);
      if (cp >= 0x80 && [...f].some((c) => c.charCodeAt(0) < 0x80)) intoAscii.push(cp);
    }
    expect(intoAscii).toEqual(FOLDS_TO_ASCII);
  });
});

describe('foldWithMap', () => {
  it('maps each folded unit to the original code point it came from', () => {
    const m = foldWithMap('aßİ👍');
    expect(m.folded).toBe('assi\u0307👍');
    expect([...m.origin]).toEqual([0, 1, 1, 2, 2, 3, 3, 5]);
    expect([...m.starts]).toEqual([1, 1, 0, 1, 0, 1, 0, 1]);
  });

  it('folds whole strings like their code points one by one, final sigma included', () => {
    const s = 'ΟΔΟΣ οδος Straße CITTÀ';
    expect(foldString(s)).toBe([...s].map((c) => foldCodePoint(c.codePointAt(0)!)).join(''));
  });
});
