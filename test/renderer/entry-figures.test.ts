import { describe, expect, it } from 'vitest';
import { expiresText } from '../../renderer/src/views/entry/DetailsTab';
import { isIdLike, saving } from '../../renderer/src/views/entry/ModelSawTab';
import { formatPercent } from '../../renderer/src/views/entry/percent';

describe('formatPercent', () => {
  it('writes one decimal for an ordinary share', () => {
    expect(formatPercent(9, 20)).toBe('45.0 %');
    expect(formatPercent(1, 3)).toBe('33.3 %');
  });
  it('says "<0.1 %" for a tiny non-zero share instead of "0.0 %"', () => {
    expect(formatPercent(18_000, 52_428_800)).toBe('<0.1 %');
    expect(formatPercent(0, 52_428_800)).toBe('0 %');
  });
  it('says "100 %" only when the part is all of the whole; 99.97 % stays below it', () => {
    expect(formatPercent(20, 20)).toBe('100 %');
    expect(formatPercent(52_427_370, 52_428_800)).toBe('99.9 %');
    expect(formatPercent(9_995, 10_000)).toBe('99.9 %');
  });
  it('says "0 %" for an empty whole', () => {
    expect(formatPercent(0, 0)).toBe('0 %');
  });
});

describe('saving', () => {
  it('gives the bytes saved and their share in the same format as the coverage', () => {
    expect(saving(1_423, 4_194_361)).toEqual({ bytes: 4_192_938, percent: '99.9 %' });
    expect(saving(500, 1_000)).toEqual({ bytes: 500, percent: '50.0 %' });
  });
});

describe('expiresText', () => {
  const now = 1_796_040_000;
  it('says the time left once (no "in 22 hours" next to "22h 0m left")', () => {
    const text = expiresText(now + 22 * 3600, now);
    expect(text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(22h 0m left\)$/);
  });
  it('says how long ago for an entry already expired', () => {
    expect(expiresText(now - 3 * 86_400, now)).toMatch(/ \(3 days ago\)$/);
  });
});

describe('isIdLike', () => {
  it('takes hex ids and hashes, not sentences or short values', () => {
    expect(isIdLike('fb4cd16332315c43c632a54ef670984f8ea355fc5e31')).toBe(true);
    expect(isIdLike('The full observation is in the scratchpad')).toBe(false);
    expect(isIdLike('4194361')).toBe(false);
    expect(isIdLike('{}')).toBe(false);
  });
});
