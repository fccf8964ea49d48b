import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useEffect, useRef, useState, type ReactNode } from 'react';
import type { TurnSummary } from '../../../../app/contract';
import { turnExpiresAt } from '../../../../app/contract/expiry';
import { ColumnResizer } from '../../components/ColumnResizer';
import type { ColumnSpec } from '../../components/columns';
import { ExpiryBadge } from '../../components/ExpiryBadge';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatAgo, formatBytes, formatCount, formatShortTime, formatTime, timeZoneName } from '../../../../app/common/format';
import { listKeyHandler } from '../../hooks/listKeys';
import { useColumns, type Columns } from '../../hooks/useColumns';
import { ariaSort, SortButton } from './SortHeader';
import type { TurnOrder, TurnsState } from './useTurns';

const ROW_HEIGHT = 30;

/** The empty list of a user viewing a Metnos v1 file, whatever the filter: its rows exist but have no owner. */
export const V1_USER_EMPTY =
  'No turns for you: the rows of a Metnos v1 file have no owner, so a user sees none of them. Only the operator view shows them (View › View as Operator).';

/**
 * The turns table's columns (px). When the pane is narrow, First goes first, then Owners, Last, Size and
 * Entries; the turn id (which takes the rest) and the expiry badge always stay, never clipped.
 */
const COLUMNS: readonly ColumnSpec[] = [
  { key: 'turn', width: 124, min: 80, fill: true },
  { key: 'owners', width: 90, min: 48, drop: 1 },
  { key: 'entries', width: 56, min: 40, drop: 4 },
  { key: 'size', width: 66, min: 48, drop: 3 },
  { key: 'first', width: 92, min: 60, drop: 0 },
  { key: 'last', width: 92, min: 60, drop: 2 },
  { key: 'expiry', width: 116, min: 104 },
];
const USER_COLUMNS = COLUMNS.filter((c) => c.key !== 'owners');

/** A header cell with its resize handle (none on the last column, whose right edge is the pane's). */
function Head({
  columns,
  col,
  label,
  className = '',
  last = false,
  children,
  ...aria
}: {
  columns: Columns;
  col: string;
  label: string;
  className?: string;
  last?: boolean;
  children?: ReactNode;
  'aria-sort'?: 'ascending' | 'descending' | 'none';
  title?: string;
}) {
  if (!columns.layout.visible.has(col)) return null;
  return (
    <span className={`col-head ${className}`} {...aria}>
      {children ?? label}
      {!last && (
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
}

type Props = {
  state: TurnsState;
  operator: boolean;
  now: number;
  selectedTurnId: string | null;
  onSelect: (turnId: string) => void;
  onRetry: () => void;
  /** A filter is active (changes the empty message). */
  filtered: boolean;
  /** A user views a Metnos v1 file: its rows have no owner, so the list is always empty and says why. */
  ownerlessAsUser?: boolean;
  /** Changes with the query and sort: the list then starts again from the top. */
  resetKey: string;
  /** Current server-side order and its setter (every column header sorts on click, a second click reverses). */
  order: TurnOrder;
  onOrder: (order: TurnOrder) => void;
};

/**
 * A turn's expiry badge: what its rows' expiry says at `now`. The summary carries only the earliest expiry, so
 * a turn with some rows expired reads "1/3 expired" (outlined: the rest are live) and a turn whose rows have all
 * expired reads "all 3 expired": the earliest expiry is when the first row expired, not when the turn did (its
 * last row), so an "expired 3d ago" there would contradict a row that expired 2d ago. A one-row turn says when.
 */
export function turnBadge(turn: TurnSummary, now: number): { label?: string; partial?: boolean; title?: string } {
  const { expiredCount: expired, entryCount: count } = turn;
  if (expired > 0 && expired < count) return { label: `${expired}/${count} expired`, partial: true };
  if (expired > 1 && expired === count) {
    const first = turnExpiresAt(turn);
    return {
      label: `all ${formatCount(count)} expired`,
      title: `Every entry of the turn has expired (the first ${formatAgo(first, now)}, at ${formatTime(first)}); still stored until gc runs.`,
    };
  }
  return {};
}

/**
 * The turns list, virtualized (only visible rows are in the DOM) and paged: nearing the end loads the
 * next cursor page. Keyboard: arrows/Home/End/PgUp/PgDn move, Enter opens the turn.
 */
export const TurnsList = forwardRef<HTMLDivElement, Props>(function TurnsList(
  { state, operator, now, selectedTurnId, onSelect, onRetry, filtered, ownerlessAsUser = false, resetKey, order, onOrder },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { turns, hasMore, loadMore } = state;
  const [active, setActive] = useState(-1);
  const count = turns.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];

  useEffect(() => {
    if (last && hasMore && !state.moreFailed && last.index >= turns.length - 20) loadMore();
  }, [last, hasMore, turns.length, loadMore, state.moreFailed]);

  // A new sort or filter starts at the top: now, and again when its first page replaces the old rows (until
  // then the old rows are still there, and a deep scroll would stay deep and load an extra page).
  const resetPending = useRef(false);
  useEffect(() => {
    setActive(-1);
    resetPending.current = true;
    virtualizer.scrollToOffset(0);
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey, virtualizer]);
  useEffect(() => {
    if (!resetPending.current || state.pending) return;
    resetPending.current = false;
    virtualizer.scrollToOffset(0);
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [turns, state.pending, virtualizer]);

  // Keep the active row on the selected turn after a refresh reorders the list.
  useEffect(() => {
    if (selectedTurnId === null) return;
    const index = turns.findIndex((t) => t.turnId === selectedTurnId);
    if (index >= 0) setActive(index);
  }, [turns, selectedTurnId]);

  // One remembered set of widths for both views (the owners width simply waits while the column is absent).
  const columns = useColumns('turns', operator ? COLUMNS : USER_COLUMNS);
  const { visible, template } = columns.layout;
  const cols = 'turns-grid';
  const zone = timeZoneName(now * 1000);
  const onKeyDown = listKeyHandler({
    count: turns.length,
    active,
    page: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1),
    onMove: (index) => {
      setActive(index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
    },
    onEnter: (index) => {
      const turn = turns[index];
      if (turn) onSelect(turn.turnId);
    },
  });

  if (state.status === 'loading' && turns.length === 0) return <Loading what="turns" />;
  if (state.status === 'error' && turns.length === 0 && state.error) return <ErrorBox what="turns" error={state.error} onRetry={onRetry} />;

  return (
    <div className="turns-list" ref={columns.measureRef}>
      <div className={`${cols} list-header`} role="presentation" style={{ gridTemplateColumns: template }}>
        <Head columns={columns} col="turn" label="Turn" aria-sort={ariaSort(order, 'turnId')}>
          <SortButton label="Turn" sort="turnId" order={order} onOrder={onOrder} title="Sort by turn id" />
        </Head>
        <Head columns={columns} col="owners" label="Owners" />
        <Head columns={columns} col="entries" label="Entries" className="num" aria-sort={ariaSort(order, 'entryCount')}>
          <SortButton label="Entries" sort="entryCount" order={order} onOrder={onOrder} title="Entries (stored observations) of the turn: sort by count" />
        </Head>
        <Head columns={columns} col="size" label="Size" className="num" aria-sort={ariaSort(order, 'totalBytes')}>
          <SortButton label="Size" sort="totalBytes" order={order} onOrder={onOrder} title="Sort by total size" />
        </Head>
        <Head columns={columns} col="first" label="First" aria-sort={ariaSort(order, 'firstCreated')}>
          <SortButton label={`First (${zone})`} sort="firstCreated" order={order} onOrder={onOrder} title="Sort by first activity" />
        </Head>
        <Head columns={columns} col="last" label="Last" aria-sort={ariaSort(order, 'lastCreated')}>
          <SortButton label={`Last (${zone})`} sort="lastCreated" order={order} onOrder={onOrder} title="Sort by last activity" />
        </Head>
        <Head columns={columns} col="expiry" label="Expiry" last aria-sort={ariaSort(order, 'earliestExpires')}>
          <SortButton label="Expiry" sort="earliestExpires" order={order} onOrder={onOrder} title="Sort by earliest expiry" />
        </Head>
      </div>
      {turns.length === 0 ? (
        <Empty>
          {ownerlessAsUser
            ? V1_USER_EMPTY
            : filtered
              ? 'No turn id or executor matches the filter.'
              : 'No turns yet: no observation has been offloaded to this file (or none you may see).'}
        </Empty>
      ) : (
        <div
          className="list-scroll"
          data-columns-scroller
          ref={(el) => {
            scrollRef.current = el;
            if (typeof ref === 'function') ref(el);
            else if (ref) ref.current = el;
          }}
          tabIndex={0}
          role="listbox"
          aria-label="Turns"
          aria-activedescendant={active >= 0 ? `turn-row-${active}` : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (active < 0 && turns.length > 0) setActive(0);
          }}
        >
          <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const turn = turns[item.index];
              if (!turn) {
                return (
                  <div key="more" className="list-row list-more" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}>
                    {state.moreFailed && state.error ? (
                      <>
                        <span className="error-inline">
                          <code>{state.error.code}</code> {state.error.message}
                        </span>{' '}
                        <button type="button" onClick={loadMore}>
                          Retry
                        </button>
                      </>
                    ) : (
                      'Loading more…'
                    )}
                  </div>
                );
              }
              const selected = turn.turnId === selectedTurnId;
              return (
                <div
                  key={turn.turnId}
                  id={`turn-row-${item.index}`}
                  role="option"
                  aria-selected={selected}
                  className={`${cols} list-row${selected ? ' selected' : ''}${item.index === active ? ' active' : ''}`}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT, gridTemplateColumns: template }}
                  onClick={() => {
                    setActive(item.index);
                    onSelect(turn.turnId);
                  }}
                >
                  <span
                    className="mono ellipsis"
                    title={`${turn.turnId}${operator ? `\nowners: ${turn.owners.join(', ') || '—'}` : ''}\nexecutors: ${turn.executors.join(', ')}`}
                  >
                    {turn.turnId}
                  </span>
                  {visible.has('owners') && (
                    <span className="ellipsis" title={turn.owners.join(', ')}>
                      {turn.owners.length ? turn.owners.join(', ') : '—'}
                    </span>
                  )}
                  {visible.has('entries') && <span className="num">{formatCount(turn.entryCount)}</span>}
                  {visible.has('size') && (
                    <span className="num ellipsis" title={`${formatCount(turn.totalBytes)} bytes`}>
                      {formatBytes(turn.totalBytes)}
                    </span>
                  )}
                  {visible.has('first') && (
                    <span className="time ellipsis" title={formatTime(turn.firstCreatedAt)}>
                      {formatShortTime(turn.firstCreatedAt, now)}
                    </span>
                  )}
                  {visible.has('last') && (
                    <span className="time ellipsis" title={formatTime(turn.lastCreatedAt)}>
                      {formatShortTime(turn.lastCreatedAt, now)}
                    </span>
                  )}
                  <span className="col-expiry">
                    <ExpiryBadge expiresAt={turnExpiresAt(turn)} now={now} {...turnBadge(turn, now)} />
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      )}
      <div className="list-footer muted">
        {state.total !== undefined && state.total > turns.length
          ? `${formatCount(state.total)} turns · ${formatCount(turns.length)} loaded`
          : `${formatCount(turns.length)} turn${turns.length === 1 ? '' : 's'} loaded`}
        {hasMore ? ' · more on scroll' : ''}
        {state.pending && ' · loading…'}
      </div>
    </div>
  );
});
