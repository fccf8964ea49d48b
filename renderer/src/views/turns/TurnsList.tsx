import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { turnExpiresAt, type TurnSummary } from '../../../../app/contract';
import { ExpiryBadge } from '../../components/ExpiryBadge';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount, formatShortTime, formatTime, timeZoneName } from '../../../../app/common/format';
import { listKeyHandler } from '../../hooks/listKeys';
import type { TurnsState } from './useTurns';

const ROW_HEIGHT = 30;

type Props = {
  state: TurnsState;
  operator: boolean;
  now: number;
  selectedTurnId: string | null;
  onSelect: (turnId: string) => void;
  onRetry: () => void;
  /** A filter is active (changes the empty message). */
  filtered: boolean;
  /** Changes with the query and sort: the list then starts again from the top. */
  resetKey: string;
  /** Current server-side sort and its setter (the Size and Last headers sort on click). */
  sort: 'lastCreated' | 'totalBytes';
  onSort: (sort: 'lastCreated' | 'totalBytes') => void;
};

function turnBadgeLabel(turn: TurnSummary): string | undefined {
  if (turn.expiredCount > 0 && turn.expiredCount < turn.entryCount) return `${turn.expiredCount}/${turn.entryCount} expired`;
  return undefined;
}

/**
 * The turns list, virtualized (only visible rows are in the DOM) and paged: nearing the end loads the
 * next cursor page. Keyboard: arrows/Home/End/PgUp/PgDn move, Enter opens the turn.
 */
export const TurnsList = forwardRef<HTMLDivElement, Props>(function TurnsList(
  { state, operator, now, selectedTurnId, onSelect, onRetry, filtered, resetKey, sort, onSort },
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

  const cols = operator ? 'turns-grid with-owner' : 'turns-grid';
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
    <div className="turns-list">
      <div className={`${cols} list-header`} role="presentation">
        <span>Turn</span>
        {operator && <span className="col-owners">Owners</span>}
        <span className="num" title="Entries (stored observations) of the turn">
          Entries
        </span>
        <span className="num col-size" aria-sort={sort === 'totalBytes' ? 'descending' : 'none'}>
          <button type="button" className="header-sort" onClick={() => onSort('totalBytes')} title="Sort by total size, largest first">
            Size{sort === 'totalBytes' ? ' ▼' : ''}
          </button>
        </span>
        <span className="col-first">First ({zone})</span>
        <span className="col-last" aria-sort={sort === 'lastCreated' ? 'descending' : 'none'}>
          <button type="button" className="header-sort" onClick={() => onSort('lastCreated')} title="Sort by last activity, newest first">
            Last ({zone}){sort === 'lastCreated' ? ' ▼' : ''}
          </button>
        </span>
        <span>Expiry</span>
      </div>
      {turns.length === 0 ? (
        <Empty>
          {filtered ? 'No turn id or executor matches the filter.' : 'No turns yet: no observation has been offloaded to this file (or none you may see).'}
        </Empty>
      ) : (
        <div
          className="list-scroll"
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
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => {
                    setActive(item.index);
                    onSelect(turn.turnId);
                  }}
                >
                  <span className="mono ellipsis" title={`${turn.turnId}\nexecutors: ${turn.executors.join(', ')}`}>
                    {turn.turnId}
                  </span>
                  {operator && (
                    <span className="ellipsis col-owners" title={turn.owners.join(', ')}>
                      {turn.owners.length ? turn.owners.join(', ') : '—'}
                    </span>
                  )}
                  <span className="num">{formatCount(turn.entryCount)}</span>
                  <span className="num col-size" title={`${formatCount(turn.totalBytes)} bytes`}>
                    {formatBytes(turn.totalBytes)}
                  </span>
                  <span className="time col-first" title={formatTime(turn.firstCreatedAt)}>
                    {formatShortTime(turn.firstCreatedAt, now)}
                  </span>
                  <span className="time col-last" title={formatTime(turn.lastCreatedAt)}>
                    {formatShortTime(turn.lastCreatedAt, now)}
                  </span>
                  <span>
                    <ExpiryBadge expiresAt={turnExpiresAt(turn)} now={now} label={turnBadgeLabel(turn)} />
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      )}
      <div className="list-footer muted">
        {formatCount(turns.length)} turn{turns.length === 1 ? '' : 's'} loaded{hasMore ? ' · more on scroll' : ''}
        {state.pending && ' · loading…'}
      </div>
    </div>
  );
});
