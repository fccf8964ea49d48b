import { codePointBoundary } from '../../../../app/common/codepoints';

/**
 * Display rows of a text window. Each line is one row; with wrap on, a line longer than SEGMENT UTF-16 units is
 * cut into several rows (never inside a surrogate pair), so one row's layout stays small whatever the line's
 * length (a 256 Ki code-point single line would otherwise be laid out as one element on every scroll).
 */
export type TextRow = {
  readonly line: number;
  readonly text: string;
  readonly first: boolean;
  /** UTF-16 index of the row's start in the text. */ readonly from: number;
};

/** UTF-16 units per row segment of a wrapped long line. */
export const SEGMENT = 2_000;

/** Lines longer than this many UTF-16 units make wrap the default for a text (when the user never chose). */
export const LONG_LINE = 200;

/** Rows of `text` (lines split on \n); with `wrap`, long lines become rows of at most SEGMENT units. */
export function textRows(text: string, wrap: boolean): TextRow[] {
  const rows: TextRow[] = [];
  let line = 0;
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    const to = nl === -1 ? text.length : nl;
    if (!wrap || to - from <= SEGMENT) rows.push({ line, text: text.slice(from, to), first: true, from });
    else {
      let at = from;
      while (at < to) {
        const cut = Math.min(to, codePointBoundary(text, at + SEGMENT)); // keeps a surrogate pair together
        rows.push({ line, text: text.slice(at, cut), first: at === from, from: at });
        at = cut;
      }
    }
    if (nl === -1) break;
    from = nl + 1;
    line++;
  }
  return rows;
}

/** True when some line of `text` is longer than {@link LONG_LINE} UTF-16 units. */
export function hasLongLines(text: string): boolean {
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    const to = nl === -1 ? text.length : nl;
    if (to - from > LONG_LINE) return true;
    if (nl === -1) return false;
    from = nl + 1;
  }
}

/** Index of the first row of text line `line` (rows are in line order), or the last row when beyond. */
export function firstRowOfLine(rows: readonly TextRow[], line: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.line < line) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo);
}
