import { describe, expect, it } from 'vitest';
import { marksInWindow } from '../../renderer/src/views/entry/find/marks';
import { SEGMENT, textRows } from '../../renderer/src/views/entry/textRows';

describe('marksInWindow', () => {
  it('turns code-point hits into UTF-16 ranges past astral characters', () => {
    // Window starts at code point 10 of the entry: "a😀b😀c" (code points 10..14, units 0..6).
    const text = 'a😀b😀c';
    const marks = marksInWindow(
      text,
      10,
      [
        { offset: 11, length: 1 },
        { offset: 12, length: 2 },
        { offset: 14, length: 1 },
      ],
      1,
    );
    expect(marks).toEqual([
      { from: 1, to: 3, current: false },
      { from: 3, to: 6, current: true },
      { from: 6, to: 7, current: false },
    ]);
    expect(marks.map((m) => text.slice(m.from, m.to))).toEqual(['😀', 'b😀', 'c']);
  });

  it('clips a hit that starts before the window and stops at hits past its end', () => {
    const text = '😀😀x';
    expect(
      marksInWindow(
        text,
        5,
        [
          { offset: 3, length: 3 },
          { offset: 7, length: 1 },
          { offset: 8, length: 1 },
        ],
        -1,
      ),
    ).toEqual([
      { from: 0, to: 2, current: false },
      { from: 4, to: 5, current: false },
    ]);
  });
});

describe('textRows', () => {
  it('cuts a long wrapped line into rows of at most SEGMENT units, never inside a surrogate pair', () => {
    // An astral character straddles the first cut (units SEGMENT - 1 and SEGMENT).
    const line = 'x'.repeat(SEGMENT - 1) + '😀' + 'y'.repeat(10);
    const rows = textRows(`${line}\nend`, true);
    expect(rows.map((r) => [r.line, r.from, r.text.length, r.first])).toEqual([
      [0, 0, SEGMENT - 1, true],
      [0, SEGMENT - 1, 12, false],
      [1, line.length + 1, 3, true],
    ]);
    expect(rows[1]!.text.startsWith('😀')).toBe(true);
  });

  it('keeps each line one row with wrap off', () => {
    const rows = textRows('a😀\n\nb', false);
    expect(rows.map((r) => [r.line, r.text, r.from])).toEqual([
      [0, 'a😀', 0],
      [1, '', 4],
      [2, 'b', 5],
    ]);
  });
});
