import { describe, expect, it } from 'vitest';
import { FOLDS_TO_ASCII, foldCodePoint, foldExpansions, foldString, foldedOf, originOf } from '../../../app/scratchpad/search/fold';

describe('foldCodePoint', () => {
  it('folds as Unicode full case folding for the usual suspects', () => {
    const cases: [string, string][] = [
      ['ß', 'ss'],
      ['ẞ', 'ss'],
      ['ς', 'σ'],
      ['Σ', 'σ'],
      ['ſ', 's'],
      ['\u212a', 'k'],
      ['İ', 'i\u0307'],
      ['ﬁ', 'fi'],
      ['Ж', 'ж'],
      ['À', 'à'],
      ['ǅ', 'ǆ'],
    ];
    for (const [c, f] of cases) expect(foldCodePoint(c.codePointAt(0)!)).toBe(f);
  });

  it('is idempotent on every code point, never shorter, and the expansion and into-ASCII lists are exact', () => {
    const intoAscii: number[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const f = foldCodePoint(cp);
      const c = String.fromCodePoint(cp);
      if (f.length < c.length) throw new Error(`fold shrinks at ${cp.toString(16)}`);
      if (foldExpansions(c).origin.length !== (f.length > c.length ? 1 : 0)) throw new Error(`expansion list wrong at ${cp.toString(16)}`);
      if (foldString(f) !== f) throw new Error(`fold not idempotent at ${cp.toString(16)}`);
      if (cp >= 0x80 && [...f].some((c) => c.charCodeAt(0) < 0x80)) intoAscii.push(cp);
    }
    expect(intoAscii).toEqual(FOLDS_TO_ASCII);
  });
});

describe('foldExpansions', () => {
  it('maps folded units back to the code points they come from', () => {
    const text = 'aßİ👍ﬃx';
    const x = foldExpansions(text);
    expect(foldString(text)).toBe('assi\u0307👍ffix');
    const origins = Array.from({ length: 11 }, (_, q) => originOf(x, q));
    expect(origins.map((o) => o.unit)).toEqual([0, 1, 1, 2, 2, 3, 4, 5, 5, 5, 6]);
    expect(origins.map((o) => o.start)).toEqual([true, true, false, true, false, true, true, true, false, false, true]);
    expect([0, 1, 2, 3, 5, 6].map((u) => foldedOf(x, u))).toEqual([0, 1, 3, 5, 7, 10]);
  });

  it('folds whole strings like their code points one by one, final sigma included', () => {
    const s = 'ΟΔΟΣ οδος Straße CITTÀ';
    expect(foldString(s)).toBe([...s].map((c) => foldCodePoint(c.codePointAt(0)!)).join(''));
  });
});
