import { forwardRef, memo, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { EntryMeta } from '../../../../app/contract';
import { compareStepNum, entryExpiresAt } from '../../../../app/contract/expiry';
import type { ScratchpadError } from '../../api';
import { ColumnResizer } from '../../components/ColumnResizer';
import type { ColumnSpec } from '../../components/columns';
import { ExpiryBadge } from '../../components/ExpiryBadge';
import { ComparePicked } from '../compare/CompareButton';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount, formatCountdown, formatRelative, formatShortTime, formatTime } from '../../../../app/common/format';
import { listKeyHandler } from '../../hooks/listKeys';
import { useColumns } from '../../hooks/useColumns';

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
};

/** Entries picked for Compare in a turn (at most two ids, oldest first). */
export type Picks = { readonly turnId: string; readonly ids: readonly string[] };
const NO_PICKS: readonly string[] = [];

/** Entries are listed by step, then creation time (main already orders them; sorting again is cheap and safe). */
export function byStep(a: EntryMeta, b: EntryMeta): number {
  return compareStepNum(a.stepNum, b.stepNum) || a.createdAt - b.createdAt;
}

/** Columns of the entries table that sort, and the value each sorts by. */
export type EntrySortKey = 'step' | 'executor' | 'kind' | 'bytes' | 'codePoints' | 'created' | 'expires';
/** Sort of the entries table: a column and a direction. */
export type EntrySort = { readonly key: EntrySortKey; readonly dir: 'asc' | 'desc' };

const VALUE: Record<EntrySortKey, (e: EntryMeta) => number | string> = {
  step: (e) => (typeof e.stepNum === 'number' ? e.stepNum : e.stepNum === null ? Number.MAX_SAFE_INTEGER : Number(e.stepNum) || Number.MAX_SAFE_INTEGER),
  executor: (e) => e.executorName ?? '',
  kind: (e) => `${e.kind}${e.structured ? ' json' : ''}`,
  bytes: (e) => e.sizeBytes,
  codePoints: (e) => e.lengthCodePoints ?? -1,
  created: (e) => e.createdAt,
  expires: (e) => entryExpiresAt(e),
};

// One collator for all comparisons (`localeCompare` builds one per call).
const COLLATOR = new Intl.Collator();

/** Entries in `sort` order; ties fall back to step order ({@link byStep}), so the order is always the same. */
export function sortEntries(entries: readonly EntryMeta[], sort: EntrySort): EntryMeta[] {
  const value = VALUE[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : COLLATOR.compare(String(va), String(vb));
    return sign * c || byStep(a, b);
  });
}

/** Column key, the sort it sets, header text and cell class. */
const HEADERS: readonly [string, EntrySortKey, string, string][] = [
  ['step', 'step', 'Step', 'num'],
  ['executor', 'executor', 'Executor', ''],
  ['kind', 'kind', 'Kind', ''],
  ['bytes', 'bytes', 'Bytes', 'num'],
  ['codePoints', 'codePoints', 'Code points', 'num'],
  ['created', 'created', 'Created', ''],
  ['expires', 'expires', 'Expires', ''],
  ['expiry', 'expires', 'Expiry', ''],
];

/**
 * The entries table's columns (px). When the pane is narrow, Created goes first, then Code points, Expires, Kind
 * and Bytes; the executor (which takes the rest), the step and the expiry badge always stay.
 */
const COLUMNS: readonly ColumnSpec[] = [
  { key: 'step', width: 58, min: 48 },
  { key: 'executor', width: 96, min: 60, fill: true },
  { key: 'kind', width: 86, min: 48, drop: 3 },
  { key: 'bytes', width: 66, min: 48, drop: 4 },
  { key: 'codePoints', width: 100, min: 48, drop: 1 },
  { key: 'created', width: 92, min: 60, drop: 0 },
  { key: 'expires', width: 100, min: 60, drop: 2 },
  { key: 'expiry', width: 116, min: 104 },
];

/**
 * A turn's entries: step, executor, kind, sizes, created, expiry countdown and badge. Arrows + Enter open one;
 * Space picks the active one for Compare, and Tab reaches the picked-entries bar (Compare, Clear) and the active
 * row's pick box (a roving tab stop: arrows on it move to the next row's box).
 */
export const EntriesTable = forwardRef<HTMLDivElement, Props>(function EntriesTable(
  { turnId, entries, status, error, now, selectedId, onSelect, onRetry, revision = 0, picks, onPicks },
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
  const tableRef = useCallback(
    (el: HTMLDivElement | null) => {
      measureRef(el);
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [measureRef, ref],
  );
  // Follows new entries and a new selection, not a new sort (the active row keeps its place on screen).
  const activateSelected = useEffectEvent((id: string) => {
    const index = rows.findIndex((e) => e.id === id);
    if (index >= 0) setActive(index);
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
    onMove: (index) => {
      setActive(index);
      const row = document.getElementById(`entry-row-${index}`);
      row?.scrollIntoView({ block: 'nearest' });
      // Arrows on a pick box move to the next row's box (one box is in the Tab order: the active row's).
      if (document.activeElement instanceof HTMLElement && document.activeElement.classList.contains('pick')) row?.querySelector<HTMLElement>('.pick')?.focus();
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
      {picked.length > 0 && (
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
      )}
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
      {rows.map((entry, index) => (
        <EntryRow
          key={entry.id}
          entry={entry}
          index={index}
          selected={entry.id === selectedId}
          active={index === active}
          picked={picked.includes(entry.id)}
          now={now}
          visible={visible}
          template={template}
          onPick={pick}
          onTogglePick={togglePick}
        />
      ))}
    </div>
  );
});

type RowProps = {
  entry: EntryMeta;
  index: number;
  selected: boolean;
  active: boolean;
  /** Ticked for Compare. */
  picked: boolean;
  now: number;
  /** The columns that fit, and the grid template of their widths (from useColumns). */
  visible: ReadonlySet<string>;
  template: string;
  onPick: (index: number, id: string) => void;
  onTogglePick: (id: string) => void;
};

/** One entry row; memoized, so only the rows whose props change re-render (a selection touches two). */
const EntryRow = memo(function EntryRow({ entry, index, selected, active, picked, now, visible, template, onPick, onTogglePick }: RowProps) {
  const expiresAt = entryExpiresAt(entry);
  return (
    <div
      id={`entry-row-${index}`}
      role="option"
      aria-selected={selected}
      className={`entries-grid list-row static${selected ? ' selected' : ''}${active ? ' active' : ''}`}
      onClick={() => onPick(index, entry.id)}
      title={entry.summary}
      style={{ gridTemplateColumns: template }}
    >
      {/* The pick box lives in the step cell, so the step stays the row's first cell (and its only text). */}
      <span className="num step-cell">
        {/* A checkbox by role, not an <input>: React sets up value tracking and an 'invalid' listener per input,
            which was most of the time a 300-step turn took to open. */}
        <span
          role="checkbox"
          className="pick"
          aria-checked={picked}
          aria-label={`Pick ${entry.executorName ?? 'entry'} step ${entry.stepNum ?? '—'} to compare`}
          title="Pick two entries to compare them (Space)"
          tabIndex={active ? 0 : -1}
          onClick={(event) => {
            event.stopPropagation();
            onTogglePick(entry.id);
          }}
          onKeyDown={(event) => {
            // Space toggles a checkbox; arrows and Enter go on to the list's keys.
            if (event.key !== ' ') return;
            event.preventDefault();
            event.stopPropagation();
            onTogglePick(entry.id);
          }}
        />
        {entry.stepNum ?? '—'}
      </span>
      <span className="ellipsis">{entry.executorName ?? '—'}</span>
      {visible.has('kind') && (
        <span className="ellipsis">
          {entry.kind}
          {entry.structured && <span className="tag tag-small">json</span>}
        </span>
      )}
      {visible.has('bytes') && (
        <span className="num ellipsis" title={`${formatCount(entry.sizeBytes)} bytes`}>
          {formatBytes(entry.sizeBytes)}
        </span>
      )}
      {visible.has('codePoints') && (
        <span className="num ellipsis">
          {entry.kind === 'text' ? (entry.lengthCodePoints === null ? 'unknown' : formatCount(entry.lengthCodePoints)) : '—'}
        </span>
      )}
      {visible.has('created') && (
        <span className="time ellipsis" title={`${formatTime(entry.createdAt)} (${formatRelative(entry.createdAt, now)})`}>
          {formatShortTime(entry.createdAt, now)}
        </span>
      )}
      {visible.has('expires') && (
        <span className="time ellipsis" title={`${formatTime(expiresAt)} (${formatRelative(expiresAt, now)})`}>
          {formatCountdown(expiresAt, now)}
        </span>
      )}
      <span className="col-expiry">
        <ExpiryBadge expiresAt={expiresAt} now={now} />
      </span>
    </div>
  );
});
