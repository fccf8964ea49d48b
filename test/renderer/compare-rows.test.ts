import { describe, expect, it } from 'vitest';
import { sideBySide } from '../../app/compare';
import { changeCount, sideChangeIndex, unifiedRows } from '../../renderer/src/views/compare/rows';

const hunks = sideBySide([
  { oldStart: 1, oldLines: 4, newStart: 1, newLines: 4, lines: [' a', '-b', '-c', '+B', '+C', '+D', ' e', '-f'] },
  { oldStart: 20, oldLines: 1, newStart: 20, newLines: 2, lines: [' x', '+y'] },
]);

describe('unifiedRows', () => {
  it('gives back the unified order (removed before added within a block) with line numbers and change indices', () => {
    const rows = unifiedRows(hunks).map((h) => h.rows.map((r) => [r.kind, r.oldNo, r.newNo, r.cell.text, r.change]));
    expect(rows).toEqual([
      [
        ['context', 1, 1, 'a', null],
        ['removed', 2, null, 'b', 0],
        ['removed', 3, null, 'c', 0],
        ['added', null, 2, 'B', 0],
        ['added', null, 3, 'C', 0],
        ['added', null, 4, 'D', 0],
        ['context', 4, 5, 'e', null],
        ['removed', 5, null, 'f', 1],
      ],
      [
        ['context', 20, 20, 'x', null],
        ['added', null, 21, 'y', 2],
      ],
    ]);
  });

  it('numbers side-by-side rows by the same change blocks', () => {
    expect(sideChangeIndex(hunks)).toEqual([
      [null, 0, 0, 0, null, 1],
      [null, 2],
    ]);
    expect(changeCount(hunks)).toBe(3);
    expect(changeCount([])).toBe(0);
  });
});
