/**
 * Column layout of the grid tables (turns, entries): which columns fit a pane and the CSS grid template, from
 * each column's width (the user's, else its default) in CSS px. Pure, so the rules are tested without layout.
 */

/** One column of a grid table. Widths in CSS px. */
export type ColumnSpec = {
  readonly key: string;
  /** Width when the user has not sized it; for the `fill` column, its minimum. */
  readonly width: number;
  /** The narrowest the user may make it. */
  readonly min: number;
  /** Takes the space left over (at least its width): the table's id column. At most one. */
  readonly fill?: boolean;
  /** When the pane is too narrow, columns with the lowest `drop` go first; absent: never dropped. */
  readonly drop?: number;
};

/** The widest a column may be sized to, in px. */
export const MAX_COLUMN_PX = 800;
/** Gap between grid columns (CSS `.turns-grid`, `.entries-grid`), in px. */
export const COLUMN_GAP_PX = 8;

/** Width of `column` given the user's widths (clamped to [min, MAX_COLUMN_PX]). */
export function columnWidth(column: ColumnSpec, widths: Readonly<Record<string, number>>): number {
  const chosen = widths[column.key];
  const width = typeof chosen === 'number' && Number.isFinite(chosen) ? chosen : column.width;
  return Math.round(Math.min(MAX_COLUMN_PX, Math.max(column.min, width)));
}

/** The columns shown and the grid template. */
export type ColumnLayout = { readonly visible: ReadonlySet<string>; readonly template: string };

/**
 * Columns that fit `available` px (the row's content box; Infinity when unknown): all when they fit, else the
 * droppable ones go, lowest `drop` first, until the rest fit (widths plus gaps) or nothing droppable is left.
 * A dropped column's value stays in tooltips and Details, so nothing is clipped instead. The template gives the
 * fill column `minmax(width, 1fr)` and the others their width.
 */
export function fitColumns(columns: readonly ColumnSpec[], widths: Readonly<Record<string, number>>, available: number): ColumnLayout {
  const shown = new Set(columns.map((c) => c.key));
  const need = () => {
    const kept = columns.filter((c) => shown.has(c.key));
    return kept.reduce((sum, c) => sum + columnWidth(c, widths), 0) + Math.max(0, kept.length - 1) * COLUMN_GAP_PX;
  };
  const droppable = columns.filter((c) => c.drop !== undefined).sort((a, b) => a.drop! - b.drop!);
  for (const column of droppable) {
    if (need() <= available) break;
    shown.delete(column.key);
  }
  const template = columns
    .filter((c) => shown.has(c.key))
    .map((c) => (c.fill ? `minmax(${columnWidth(c, widths)}px, 1fr)` : `${columnWidth(c, widths)}px`))
    .join(' ');
  return { visible: shown, template };
}
