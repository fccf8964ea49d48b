import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { EntryMeta } from '../../../../app/contract';
import type { ScratchpadError } from '../../api';
import { createPortal } from 'react-dom';
import { ColumnResizer } from '../../components/ColumnResizer';
import type { ColumnSpec } from '../../components/columns';
import { ComparePicked } from '../compare/CompareButton';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { listKeyHandler } from '../../hooks/listKeys';
import { useColumns } from '../../hooks/useColumns';
import { ENTRY_ROW_PX, EntryRow } from './EntryRow';
import { sortEntries, type EntrySort, type EntrySortKey } from './entrySort';

type Props = {
  turnId: string;
  /** The store revision, for the comparison of two picked entries. */
  revision?: number;
  entries: readonly EntryMeta[] | undefined;
  status: 'loading' | 'ok' | 'error';
  error: ScratchpadError | undefined;
  now: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
  /** The picks, kept by the page so they survive the table moving between panes (without: the table's own). */
  picks?: Picks;
  onPicks?: (picks: Picks) => void;
  /** Where the picked-entries bar goes (the pane's title line); without: at the top of the table. */
  pickBarSlot?: HTMLElement | null;
};

/** Entries picked for Compare in a turn (at most two ids, oldest first). */
export type Picks = { readonly turnId: string; readonly ids: readonly string[] };
const NO_PICKS: readonly string[] = [];

/** Column key, the sort it sets, header text and cell class. */
const HEADERS: readonly [string, EntrySortKey, string, string][] = [
  ['step', 'step', 'Step', 'num'],
  ['executor', 'executor', 'Executor', ''],
  ['kind', 'kind', 'Kind', ''],
  ['bytes', 'bytes', 'Bytes', 'num'],
  ['codePoints', 'codePoints', 'Code points', 'num'],
  ['created', 'created', 'Created', ''],
  ['expiry', 'expires', 'Expiry', ''],
];

/**
 * The entries table's columns (px). When the pane is narrow, Created goes first, then Code points, Kind and
 * Bytes; the executor (which takes the rest), the step and the expiry (its badge with the time: "expires in
 * 23h 59m", the widest) always stay.
 */
const COLUMNS: readonly ColumnSpec[] = [
  { key: 'step', width: 58, min: 48 },
  { key: 'executor', width: 96, min: 60, fill: true },
  { key: 'kind', width: 86, min: 48, drop: 2 },
  { key: 'bytes', width: 66, min: 48, drop: 3 },
  { key: 'codePoints', width: 100, min: 48, drop: 1 },
  { key: 'created', width: 92, min: 60, drop: 0 },
  { key: 'expiry', width: 140, min: 136 },
];

/** Rows rendered beyond each edge of the view (a few wheel steps or a PageDown come in already built). */
const OVERSCAN = 10;

/** The rows near the view, plus the active row (its id is the list's aria-activedescendant, its pick box may hold focus). */
function withActive(range: Range, active: number): number[] {
  const rows = defaultRangeExtractor(range);
  if (active < 0 || active >= range.count || rows.includes(active)) return rows;
  return [...rows, active].sort((a, b) => a - b);
}

/**
 * A turn's entries: step, executor, kind, sizes, created, and the expiry badge with its time. Virtualized: only the rows
 * near the view are in the DOM (a 300-step turn opens with ~30 rows built, not 300), each saying its place
 * (aria-posinset of aria-setsize). Arrows, Home/End and PageUp/PageDown move the active row and scroll it into
 * view, Enter opens it; Space picks the active one for Compare, and Tab reaches the active row's pick box (a
 * roving tab stop: arrows on it move to the next row's box). The picked-entries bar (Compare, Clear) goes to
 * `pickBarSlot` when given (before the list in Tab order: Shift+Tab), else it opens the table (Tab reaches it).
 */
export const EntriesTable = forwardRef<HTMLDivElement, Props>(function EntriesTable(
  { turnId, entries, status, error, now, selectedId, onSelect, onRetry, revision = 0, picks, onPicks, pickBarSlot },
  ref,
) {
  // Entries picked with the checkboxes for Compare: at most two, the oldest pick gives way to a third.
  // Picks of another turn count as none (a new turn starts with none).
  const [ownPicks, setOwnPicks] = useState<Picks>({ turnId, ids: [] });
  const state = picks ?? ownPicks;
  const picked = state.turnId === turnId ? state.ids : NO_PICKS;
  const latest = useRef({ picked, turnId, set: onPicks ?? setOwnPicks });
  latest.current = { picked, turnId, set: onPicks ?? setOwnPicks };
  const [setPicked] = useState(() => (ids: readonly string[]) => latest.current.set({ turnId: latest.current.turnId, ids }));
  const [comparing, setComparing] = useState(false);
  useEffect(() => {
    setComparing(false);
  }, [turnId]);
  const [togglePick] = useState(() => (id: string) => {
    const p = latest.current.picked;
    setPicked(p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2));
  });
  const [active, setActive] = useState(-1);
  const [sort, setSort] = useState<EntrySort>({ key: 'step', dir: 'asc' });
  const rows = useMemo(() => (entries ? sortEntries(entries, sort) : []), [entries, sort]);
  // Rows get stable handlers (through a ref), so a selection re-renders only the two rows it changes.
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const [pick] = useState(() => (index: number, id: string) => {
    setActive(index);
    onSelectRef.current(id);
  });
  const columns = useColumns('entries', COLUMNS);
  const { visible, template } = columns.layout;
  const { measureRef } = columns;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const tableRef = useCallback(
    (el: HTMLDivElement | null) => {
      scrollRef.current = el;
      measureRef(el);
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [measureRef, ref],
  );
  // The rows start below the column header, inside the same scroller: that offset is the virtualizer's margin,
  // and (the header sticks to the top) the band a row scrolled into view must clear.
  const spaceRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const table = scrollRef.current;
    const space = spaceRef.current;
    if (!hasRows || !table || !space) return;
    setScrollMargin(space.getBoundingClientRect().top - table.getBoundingClientRect().top - table.clientTop + table.scrollTop);
  }, [hasRows]);
  const rangeExtractor = useCallback((range: Range) => withActive(range, active), [active]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ENTRY_ROW_PX,
    overscan: OVERSCAN,
    scrollMargin,
    scrollPaddingStart: scrollMargin,
    rangeExtractor,
  });
  // A pick box had focus when the active row moved: focus the new row's box once that row is built.
  const focusPick = useRef(false);
  useEffect(() => {
    if (!focusPick.current) return;
    const box = document.getElementById(`entry-row-${active}`)?.querySelector<HTMLElement>('.pick');
    if (box) {
      focusPick.current = false;
      box.focus();
    }
  });
  // The pane shrinks when an entry opens below it (TurnsPage: no entry open, the list takes the free height):
  // the active row, often the one just clicked, stays in view.
  const keepActiveInView = useEffectEvent(() => {
    if (active >= 0 && active < rows.length) virtualizer.scrollToIndex(active, { align: 'auto' });
  });
  useEffect(() => {
    const table = scrollRef.current;
    if (!table || typeof ResizeObserver === 'undefined') return;
    let height = table.clientHeight;
    const observer = new ResizeObserver(() => {
      if (table.clientHeight < height) keepActiveInView();
      height = table.clientHeight;
    });
    observer.observe(table);
    return () => observer.disconnect();
  }, [hasRows]);
  // Follows new entries and a new selection, not a new sort (the active row keeps its place on screen). A new
  // selection made elsewhere (a deep link, a search result) scrolls its row into view; a refresh does not.
  const shownSelection = useRef<string | null>(null);
  const activateSelected = useEffectEvent((id: string) => {
    const index = rows.findIndex((e) => e.id === id);
    if (index < 0) return;
    setActive(index);
    if (shownSelection.current !== id) virtualizer.scrollToIndex(index, { align: 'auto' });
    shownSelection.current = id;
  });
  useEffect(() => {
    if (selectedId !== null) activateSelected(selectedId);
  }, [entries, selectedId]);

  if (status === 'loading' && !entries) return <Loading what="entries" />;
  if (status === 'error' && error && !entries) return <ErrorBox what={`entries of ${turnId}`} error={error} onRetry={onRetry} />;
  if (rows.length === 0) return <Empty>This turn has no entries you may see (gc may have removed them).</Empty>;

  const listKeys = listKeyHandler({
    count: rows.length,
    active,
    // A page is the rows in view, less one kept for context (as the turns list).
    page: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ENTRY_ROW_PX) - 1),
    onMove: (index) => {
      setActive(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // Arrows on a pick box move to the next row's box (one box is in the Tab order: the active row's).
      focusPick.current = document.activeElement instanceof HTMLElement && document.activeElement.classList.contains('pick');
    },
    onEnter: (index) => {
      const entry = rows[index];
      if (entry) onSelect(entry.id);
    },
  });
  const onKeyDown = (event: KeyboardEvent) => {
    // Space on the list picks the active row for Compare (on a focused pick box the box's own Space does it).
    if (event.key === ' ' && event.target === event.currentTarget) {
      const entry = rows[active];
      if (entry) {
        event.preventDefault();
        togglePick(entry.id);
      }
      return;
    }
    listKeys(event);
  };

  const pickBar = picked.length > 0 && (
    <div className="pick-bar" role="toolbar" aria-label="Picked entries">
      <span>
        {picked.length} of 2 picked{picked.length < 2 ? ': pick one more to compare' : ''}
      </span>
      <button type="button" disabled={picked.length < 2} onClick={() => setComparing(true)}>
        Compare
      </button>
      <button type="button" onClick={() => setPicked([])}>
        Clear
      </button>
    </div>
  );

  return (
    <div
      className="entries-table"
      data-columns-scroller
      ref={tableRef}
      data-ready="true"
      tabIndex={0}
      role="listbox"
      aria-label={`Entries of turn ${turnId}`}
      aria-activedescendant={active >= 0 ? `entry-row-${active}` : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (active < 0 && rows.length > 0) setActive(0);
      }}
    >
      {pickBar && (pickBarSlot ? createPortal(pickBar, pickBarSlot) : pickBar)}
      {comparing && picked.length === 2 && entries?.some((e) => e.id === picked[0]) && (
        <ComparePicked
          entry={entries.find((e) => e.id === picked[0])!}
          otherId={picked[1]!}
          revision={revision}
          now={now}
          onClose={() => setComparing(false)}
        />
      )}
      <div className="entries-grid list-header" role="presentation" style={{ gridTemplateColumns: template }}>
        {HEADERS.map(([col, key, label, className], index) => {
          if (!visible.has(col)) return null;
          const on = sort.key === key;
          return (
            <span key={label} className={`col-head ${className}`} aria-sort={on ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <button
                type="button"
                className="header-sort"
                title={`Sort by ${label.toLowerCase()}${on ? (sort.dir === 'asc' ? ', descending' : ', ascending') : ''}`}
                onClick={() => setSort(on ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' })}
              >
                {label}
                {on ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
              </button>
              {index < HEADERS.length - 1 && (
                <ColumnResizer
                  label={label}
                  width={columns.widthOf(col)}
                  min={columns.minOf(col)}
                  onResize={(px, commit) => columns.setWidth(col, px, commit)}
                  onReset={() => columns.reset(col)}
                />
              )}
            </span>
          );
        })}
      </div>
      <div className="virtual-space" ref={spaceRef} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = rows[item.index]!;
          return (
            <EntryRow
              key={entry.id}
              entry={entry}
              index={item.index}
              setSize={rows.length}
              top={item.start - scrollMargin}
              selected={entry.id === selectedId}
              active={item.index === active}
              picked={picked.includes(entry.id)}
              now={now}
              visible={visible}
              template={template}
              onPick={pick}
              onTogglePick={togglePick}
            />
          );
        })}
      </div>
    </div>
  );
});
