import { unitOffset } from '../../../../app/common/codepoints';

/**
 * The text window the Content tab holds: a run of code points [start, end) of one entry. Scrolling grows it
 * by range reads at either edge and trims the far edge so it never exceeds a maximum (in code points).
 */
export type TextWindow = {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The entry's 1-based line number of the window's first line, when the store gives it (ReadMeta.startLine). */
  readonly startLine?: number | null;
};

/** Code points added per scroll extension. */
export const SCROLL_CHUNK = 16_384;

/**
 * Appends the slice [start, end) that follows `view` (start must equal view.end; otherwise the slice replaces
 * the window) and trims code points from the front so the window holds at most `max`. Returns the new window
 * and how many lines left at the front (for keeping the scroll position).
 */
export function appendSlice(view: TextWindow, text: string, start: number, end: number, max: number): { view: TextWindow; droppedLines: number } {
  if (start !== view.end) return { view: { start, end, text }, droppedLines: 0 };
  const joined = view.text + text;
  const excess = end - view.start - max;
  if (excess <= 0) return { view: { start: view.start, end, text: joined }, droppedLines: 0 };
  const cut = unitOffset(joined, excess);
  const dropped = joined.slice(0, cut);
  return { view: { start: view.start + excess, end, text: joined.slice(cut) }, droppedLines: countLines(dropped) };
}

/**
 * Prepends the slice [start, end) that precedes `view` (end must equal view.start; otherwise it replaces the
 * window) and trims code points from the back so the window holds at most `max`. Returns the new window and
 * how many lines were added at the front.
 */
export function prependSlice(view: TextWindow, text: string, start: number, end: number, max: number): { view: TextWindow; addedLines: number } {
  if (end !== view.start) return { view: { start, end, text }, addedLines: 0 };
  const joined = text + view.text;
  const keep = Math.min(max, view.end - start);
  const cut = unitOffset(joined, keep);
  return { view: { start, end: start + keep, text: joined.slice(0, cut) }, addedLines: countLines(text) };
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
