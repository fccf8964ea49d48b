import { describe, expect, it } from 'vitest';
import { columnWidth, fitColumns, MAX_COLUMN_PX, type ColumnSpec } from '../../renderer/src/components/columns';

const COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', width: 100, min: 60, fill: true },
  { key: 'a', width: 50, min: 30, drop: 1 },
  { key: 'b', width: 70, min: 30, drop: 0 },
  { key: 'badge', width: 120, min: 100 },
];
// All four: 100 + 50 + 70 + 120 = 340 px of columns and 3 gaps of 8 px.
const ALL = 340 + 24;

describe('columnWidth', () => {
  it("takes the user's width, clamped to the column's minimum and the maximum, else the default", () => {
    expect(columnWidth(COLUMNS[1]!, {})).toBe(50);
    expect(columnWidth(COLUMNS[1]!, { a: 77.4 })).toBe(77);
    expect(columnWidth(COLUMNS[1]!, { a: 5 })).toBe(30);
    expect(columnWidth(COLUMNS[1]!, { a: 10_000 })).toBe(MAX_COLUMN_PX);
    expect(columnWidth(COLUMNS[1]!, { a: Number.NaN })).toBe(50);
  });
});

describe('fitColumns', () => {
  it('shows every column when they fit, the fill column as minmax(width, 1fr)', () => {
    const layout = fitColumns(COLUMNS, {}, ALL);
    expect([...layout.visible]).toEqual(['id', 'a', 'b', 'badge']);
    expect(layout.template).toBe('minmax(100px, 1fr) 50px 70px 120px');
  });

  it('drops the lowest drop rank first, one column at a time, until the rest fit', () => {
    expect([...fitColumns(COLUMNS, {}, ALL - 1).visible]).toEqual(['id', 'a', 'badge']);
    // Without b: 100 + 50 + 120 + 2 gaps = 286.
    expect([...fitColumns(COLUMNS, {}, 286).visible]).toEqual(['id', 'a', 'badge']);
    expect(fitColumns(COLUMNS, {}, 285)).toEqual({ visible: new Set(['id', 'badge']), template: 'minmax(100px, 1fr) 120px' });
  });

  it('never drops the fill column or the columns without a drop rank, however narrow', () => {
    expect([...fitColumns(COLUMNS, {}, 10).visible]).toEqual(['id', 'badge']);
  });

  it("uses the user's widths: a wider column pushes a lower-ranked one out", () => {
    // 100 + 200 + 70 + 120 + 24 = 514 > 440; without b, 436 fits.
    const layout = fitColumns(COLUMNS, { a: 200 }, 440);
    expect([...layout.visible]).toEqual(['id', 'a', 'badge']);
    expect([...fitColumns(COLUMNS, { a: 200 }, 435).visible]).toEqual(['id', 'badge']);
    expect(layout.template).toBe('minmax(100px, 1fr) 200px 120px');
  });
});
