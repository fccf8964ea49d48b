import { useCallback, useMemo, useRef, useState } from 'react';
import { columnWidth, fitColumns, type ColumnLayout, type ColumnSpec } from '../components/columns';
import { useStoredState } from './useStoredState';

/** Horizontal px of a row that are not columns: its padding (10 + 10; the list's scrollbar is measured). */
const ROW_PADDING_PX = 20;

/** What a grid table needs from {@link useColumns}. */
export type Columns = {
  /**
   * Ref for the element whose width the table fills (observed; columns that do not fit are dropped). The rows'
   * scroller is that element or its descendant marked `data-columns-scroller`: its scrollbar is not row space.
   */
  readonly measureRef: (element: HTMLElement | null) => void;
  readonly layout: ColumnLayout;
  /** A column's width in px (the user's, else its default). */
  readonly widthOf: (key: string) => number;
  /** A column's smallest width in px. */
  readonly minOf: (key: string) => number;
  /** Sets a column's width in px; `commit` remembers it (a drag commits on release, a key press at once). */
  readonly setWidth: (key: string, px: number, commit: boolean) => void;
  /** Forgets the user's width of a column (back to its default). */
  readonly reset: (key: string) => void;
};

/**
 * Resizable columns of a grid table: widths in px remembered in localStorage under `columns.<table>` (like the
 * pane sizes and theme, a UI preference), and the columns that fit the measured width ({@link fitColumns}).
 * `columns` must be a stable array (a module constant); `table` must not change while mounted (the widths are
 * read once).
 */
export function useColumns(table: string, columns: readonly ColumnSpec[]): Columns {
  const [stored, setStored] = useStoredState<Record<string, number>>(`columns.${table}`, {});
  const [draft, setDraft] = useState<Record<string, number> | null>(null);
  const [available, setAvailable] = useState(Number.POSITIVE_INFINITY);
  const observer = useRef<ResizeObserver | null>(null);
  const measured = useRef(false);
  const measureRef = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    // Without ResizeObserver (jsdom) the width is unknown: every column shows.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const scroller = () => (element.hasAttribute('data-columns-scroller') ? element : element.querySelector<HTMLElement>('[data-columns-scroller]'));
    const measure = () => {
      const rows = scroller();
      const scrollbar = rows ? rows.offsetWidth - rows.clientWidth : 0;
      measured.current = element.clientWidth > 0;
      setAvailable(element.clientWidth > 0 ? element.clientWidth - ROW_PADDING_PX - scrollbar : Number.POSITIVE_INFINITY);
    };
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    // A scrollbar appearing shrinks the scroller's content box, which the observer sees too.
    const rows = scroller();
    if (rows && rows !== element) observer.current.observe(rows);
    // The first table measures at once (before paint, so no frame shows columns that do not fit). A table that
    // mounts again (another turn's entries) keeps the last width and leaves it to the observer, whose first
    // report comes after the frame's own layout: reading the width here would force an extra layout of every row.
    if (!measured.current) measure();
  }, []);
  const widths = draft ?? stored;
  const layout = useMemo(() => fitColumns(columns, widths, available), [columns, widths, available]);
  const spec = useCallback((key: string) => columns.find((c) => c.key === key), [columns]);
  const widthOf = useCallback(
    (key: string) => {
      const column = spec(key);
      return column ? columnWidth(column, widths) : 0;
    },
    [spec, widths],
  );
  const setWidth = useCallback(
    (key: string, px: number, commit: boolean) => {
      const column = spec(key);
      if (!column) return;
      const next = { ...stored, [key]: columnWidth(column, { [key]: px }) };
      if (commit) {
        setDraft(null);
        setStored(next);
      } else setDraft(next);
    },
    [spec, stored, setStored],
  );
  const reset = useCallback(
    (key: string) => {
      const { [key]: _dropped, ...rest } = stored;
      setDraft(null);
      setStored(rest);
    },
    [stored, setStored],
  );
  const minOf = useCallback((key: string) => spec(key)?.min ?? 0, [spec]);
  return { measureRef, layout, widthOf, minOf, setWidth, reset };
}
