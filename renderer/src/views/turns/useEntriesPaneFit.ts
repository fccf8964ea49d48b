import { useLayoutEffect, useState, type RefObject } from 'react';
import type { ImperativePanelHandle } from 'react-resizable-panels';

/** Height of the entries pane's title and header, and of one entry row (CSS), in px: the pane fits its rows. */
const ENTRIES_CHROME_PX = 58;
const ENTRY_ROW_PX = 29;
/** The entries pane grows with its rows up to this many before it scrolls (unless the user sized it). */
const ENTRIES_AUTO_ROWS = 8;

/** The most of the column the entries may take when no entry is open: the entry pane keeps its 25 % minimum. */
const ENTRIES_MAX_FREE = 75;

/**
 * The entries pane's share (per cent of the detail column's height) that fits `entryCount` rows: as many px as
 * the pane's title and header plus min(count, 8) rows, within 8-50 % of `heightPx`. With `free` (no entry is
 * open below it) every row counts, up to 75 % of the column: a long list uses the height the entry view leaves.
 */
export function entriesPaneSize(entryCount: number, heightPx: number, free = false): number {
  const rows = Math.max(1, free ? entryCount : Math.min(entryCount, ENTRIES_AUTO_ROWS));
  const px = ENTRIES_CHROME_PX + rows * ENTRY_ROW_PX;
  return Math.max(8, Math.min(free ? ENTRIES_MAX_FREE : 50, (px / heightPx) * 100));
}

/**
 * Until the user sizes the entries pane (`sizedByUser`), keeps it as tall as its rows ({@link entriesPaneSize};
 * `free`: no entry view below, so up to 75 % of the column)
 * in the detail column `columnRef`: again whenever the count changes or the column's height does (a window
 * made smaller or larger gets the layout it would have had opened at that size; panel sizes are per cent).
 */
export function useEntriesPaneFit(
  panel: RefObject<ImperativePanelHandle | null>,
  columnRef: RefObject<HTMLElement | null>,
  entryCount: number | undefined,
  sizedByUser: boolean,
  free = false,
): void {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const column = columnRef.current;
    if (!column) return;
    setHeight(column.clientHeight);
    if (typeof ResizeObserver === 'undefined') return; // jsdom: the first height only
    const observer = new ResizeObserver(() => setHeight(column.clientHeight));
    observer.observe(column);
    return () => observer.disconnect();
  }, [columnRef]);
  useLayoutEffect(() => {
    if (sizedByUser || entryCount === undefined || height <= 0) return;
    try {
      panel.current?.resize(entriesPaneSize(entryCount, height, free));
    } catch {
      // the panel group has not laid out yet (first frame): the pane keeps its default size
    }
  }, [panel, entryCount, sizedByUser, height, free]);
}
