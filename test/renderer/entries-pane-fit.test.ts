import { describe, expect, it } from 'vitest';
import { entriesPaneSize } from '../../renderer/src/views/turns/useEntriesPaneFit';

// 58 px of title and header, 29 px a row (CSS), as a share of the column's height.
describe('entriesPaneSize', () => {
  it('fits up to 8 rows, within 8-50 % of the column, while an entry is open below', () => {
    expect(entriesPaneSize(3, 800)).toBeCloseTo(((58 + 3 * 29) / 800) * 100, 6);
    expect(entriesPaneSize(300, 800)).toBeCloseTo(((58 + 8 * 29) / 800) * 100, 6);
    expect(entriesPaneSize(300, 400)).toBe(50);
  });
  it('with no entry open (free), counts every row up to 75 % of the column', () => {
    expect(entriesPaneSize(3, 800, true)).toBeCloseTo(((58 + 3 * 29) / 800) * 100, 6);
    expect(entriesPaneSize(12, 800, true)).toBeCloseTo(((58 + 12 * 29) / 800) * 100, 6);
    expect(entriesPaneSize(300, 800, true)).toBe(75);
  });
});
