import { codePointLength, unitOffset } from '../../../../../app/common/codepoints';

/**
 * Matches located in a text window, for highlighting. Hits come in code points of the whole entry (the store's
 * unit); the window's text is a JavaScript string, so each hit becomes a [from, to) range of UTF-16 units.
 */
export type Mark = { readonly from: number; readonly to: number; readonly current: boolean };

/** A match in code points of the whole entry. */
export type Match = { readonly offset: number; readonly length: number };

/**
 * The marks of `matches` (sorted by offset) that overlap the window [windowStart, windowStart + its code points),
 * clipped to it; `current` is the index in `matches` of the selected match (-1 for none). One pass over the text.
 */
export function marksInWindow(text: string, windowStart: number, matches: readonly Match[], current: number): Mark[] {
  const marks: Mark[] = [];
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = matches[mid]!;
    if (m.offset + Math.max(1, m.length) <= windowStart) lo = mid + 1;
    else hi = mid;
  }
  // Walk the text once, converting code points to UTF-16 indices as the matches need them.
  let unit = 0;
  let point = windowStart;
  const unitAt = (target: number): number => {
    if (point >= target) return unit;
    const to = unitOffset(text, target - point, unit);
    // Short of the text's end every code point was walked; at the end, count the ones there were.
    point = to < text.length ? target : point + codePointLength(text.slice(unit, to));
    unit = to;
    return unit;
  };
  for (let i = lo; i < matches.length; i++) {
    const m = matches[i]!;
    const start = Math.max(m.offset, windowStart);
    const from = unitAt(start);
    if (point < start) break; // past the window's end
    const to = unitAt(m.offset + m.length);
    if (from >= text.length && m.length > 0) break;
    marks.push({ from, to, current: i === current });
  }
  return marks;
}

/** The 0-based line (within `text`) of UTF-16 index `index`. */
export function lineOfUnit(text: string, index: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The pieces of one row [rowFrom, rowFrom + rowText.length) of the text: plain runs and marked runs. */
export function rowPieces(rowText: string, rowFrom: number, marks: readonly Mark[]): { text: string; mark: false | 'match' | 'current' }[] {
  const rowTo = rowFrom + rowText.length;
  const pieces: { text: string; mark: false | 'match' | 'current' }[] = [];
  let at = rowFrom;
  for (const m of marks) {
    if (m.to <= rowFrom || m.from >= rowTo) continue;
    const from = Math.max(m.from, rowFrom);
    const to = Math.min(m.to, rowTo);
    if (from > at) pieces.push({ text: rowText.slice(at - rowFrom, from - rowFrom), mark: false });
    pieces.push({ text: rowText.slice(from - rowFrom, to - rowFrom), mark: m.current ? 'current' : 'match' });
    at = to;
  }
  if (at < rowTo || pieces.length === 0) pieces.push({ text: rowText.slice(at - rowFrom), mark: false });
  return pieces;
}
