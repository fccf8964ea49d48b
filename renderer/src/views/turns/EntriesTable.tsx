import { forwardRef, useEffect, useEffectEvent, useState } from 'react';
import { compareStepNum, entryExpiresAt, type EntryMeta } from '../../../../app/contract';
import type { ApiError } from '../../api';
import { ExpiryBadge } from '../../components/ExpiryBadge';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount, formatCountdown, formatRelative, formatShortTime, formatTime } from '../../../../app/common/format';
import { listKeyHandler } from '../../hooks/listKeys';

type Props = {
  turnId: string;
  entries: readonly EntryMeta[] | undefined;
  status: 'loading' | 'ok' | 'error';
  error: ApiError | undefined;
  now: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
};

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

/** Entries in `sort` order; ties fall back to step order ({@link byStep}), so the order is always the same. */
export function sortEntries(entries: readonly EntryMeta[], sort: EntrySort): EntryMeta[] {
  const value = VALUE[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
    return sign * c || byStep(a, b);
  });
}

const HEADERS: readonly [EntrySortKey, string, string][] = [
  ['step', 'Step', 'num'],
  ['executor', 'Executor', ''],
  ['kind', 'Kind', ''],
  ['bytes', 'Bytes', 'num'],
  ['codePoints', 'Code points', 'num col-cp'],
  ['created', 'Created', 'col-created'],
  ['expires', 'Expires', ''],
  ['expires', 'Expiry', ''],
];

/** A turn's entries: step, executor, kind, sizes, created, expiry countdown and badge. Arrows + Enter open one. */
export const EntriesTable = forwardRef<HTMLDivElement, Props>(function EntriesTable(
  { turnId, entries, status, error, now, selectedId, onSelect, onRetry },
  ref,
) {
  const [active, setActive] = useState(-1);
  const [sort, setSort] = useState<EntrySort>({ key: 'step', dir: 'asc' });
  const rows = entries ? sortEntries(entries, sort) : [];
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

  const onKeyDown = listKeyHandler({
    count: rows.length,
    active,
    onMove: (index) => {
      setActive(index);
      document.getElementById(`entry-row-${index}`)?.scrollIntoView({ block: 'nearest' });
    },
    onEnter: (index) => {
      const entry = rows[index];
      if (entry) onSelect(entry.id);
    },
  });

  return (
    <div
      className="entries-table"
      ref={ref}
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
      <div className="entries-grid list-header" role="presentation">
        {HEADERS.map(([key, label, className]) => {
          const on = sort.key === key;
          return (
            <span key={label} className={className} aria-sort={on ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <button
                type="button"
                className="header-sort"
                title={`Sort by ${label.toLowerCase()}${on ? (sort.dir === 'asc' ? ', descending' : ', ascending') : ''}`}
                onClick={() => setSort(on ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' })}
              >
                {label}
                {on ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
              </button>
            </span>
          );
        })}
      </div>
      {rows.map((entry, index) => {
        const selected = entry.id === selectedId;
        return (
          <div
            key={entry.id}
            id={`entry-row-${index}`}
            role="option"
            aria-selected={selected}
            className={`entries-grid list-row static${selected ? ' selected' : ''}${index === active ? ' active' : ''}`}
            onClick={() => {
              setActive(index);
              onSelect(entry.id);
            }}
            title={entry.summary}
          >
            <span className="num">{entry.stepNum ?? '—'}</span>
            <span className="ellipsis">{entry.executorName ?? '—'}</span>
            <span>
              {entry.kind}
              {entry.structured && <span className="tag tag-small">json</span>}
            </span>
            <span className="num" title={`${formatCount(entry.sizeBytes)} bytes`}>
              {formatBytes(entry.sizeBytes)}
            </span>
            <span className="num col-cp">{entry.kind === 'text' ? (entry.lengthCodePoints === null ? 'unknown' : formatCount(entry.lengthCodePoints)) : '—'}</span>
            <span className="time col-created" title={`${formatTime(entry.createdAt)} (${formatRelative(entry.createdAt, now)})`}>
              {formatShortTime(entry.createdAt, now)}
            </span>
            <span className="time" title={`${formatTime(entryExpiresAt(entry))} (${formatRelative(entryExpiresAt(entry), now)})`}>
              {formatCountdown(entryExpiresAt(entry), now)}
            </span>
            <span>
              <ExpiryBadge expiresAt={entryExpiresAt(entry)} now={now} />
            </span>
          </div>
        );
      })}
    </div>
  );
});
