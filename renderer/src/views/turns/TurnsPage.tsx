import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Panel, PanelGroup, type ImperativePanelHandle } from 'react-resizable-panels';
import type { SessionInfo } from '../../../../app/contract';
import { turnExpiresAt } from '../../../../app/contract/expiry';
import { useApi } from '../../api';
import { isTypingTarget, useHotkeys } from '../../hooks/useHotkeys';
import { useQuery } from '../../hooks/useQuery';
import { useStoreRevision } from '../../hooks/useStoreRevision';
import { EntryView, NoEntry, usePreloadEntryView } from '../entry/LazyEntryView';
import { selectForOutline } from '../entry/json/prefetchOutline';
import { EntriesTable, type Picks } from './EntriesTable';
import { TurnsList } from './TurnsList';
import { useTurns, type TurnOrder } from './useTurns';
import { useEntriesPaneFit } from './useEntriesPaneFit';
import { Empty } from '../../components/States';
import { Splitter } from '../../components/Splitter';
import { useStoredState } from '../../hooks/useStoredState';
import { SHORT_WINDOW_QUERY, useMediaQuery } from '../../hooks/useMediaQuery';
import { MAX_NAME_LENGTH } from '../../../../app/common/limits';
import { formatCount } from '../../../../app/common/format';

/** Orders offered by the Sort menu (the column headers offer every column in both directions). */
const MENU_ORDERS: readonly { readonly value: string; readonly label: string; readonly order: TurnOrder }[] = [
  { value: 'lastCreated', label: 'newest first', order: { sort: 'lastCreated', direction: 'desc' } },
  { value: 'totalBytes', label: 'largest first', order: { sort: 'totalBytes', direction: 'desc' } },
  { value: 'expiredCount', label: 'most expired first', order: { sort: 'expiredCount', direction: 'desc' } },
  { value: 'earliestExpires', label: 'expiring soonest first', order: { sort: 'earliestExpires', direction: 'asc' } },
  { value: 'turnId', label: 'turn id A-Z', order: { sort: 'turnId', direction: 'asc' } },
];
const menuValue = (o: TurnOrder): string => MENU_ORDERS.find((m) => m.order.sort === o.sort && m.order.direction === o.direction)?.value ?? '';

/** Selection lives in the app so it survives page switches and store refreshes. */
export type Selection = {
  readonly turnId: string | null;
  readonly entryId: string | null;
  /** A match to open the entry at (a search hit), for the entry `entryId` names; a new object opens it again. */
  readonly at?: { readonly entryId: string; readonly offset: number; readonly length: number } | null;
};

type Props = { session: SessionInfo | undefined; now: number; selection: Selection; onSelect: (s: Selection) => void; active: boolean };

/** Turns list | the selected turn's entries over the selected entry's view. */
export function TurnsPage({ session, now, selection, onSelect, active }: Props) {
  const api = useApi();
  const store = useStoreRevision();
  const { revision } = store;
  const [filter, setFilter] = useState('');
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<TurnOrder>({ sort: 'lastCreated', direction: 'desc' });
  const filterRef = useRef<HTMLInputElement>(null);
  const turnsRef = useRef<HTMLDivElement>(null);
  const entriesRef = useRef<HTMLDivElement>(null);
  const entryRef = useRef<HTMLDivElement>(null);

  // Enter moves focus to the next pane once it has rendered its content (it may still be loading).
  const [pendingFocus, setPendingFocus] = useState<'entries' | 'entry' | null>(null);
  // Checked after every render: the pane becomes ready in a later render than the one that asked.
  const focusWhenReady = useEffectEvent(() => {
    const target = pendingFocus === 'entries' ? entriesRef.current : pendingFocus === 'entry' ? entryRef.current : null;
    if (target && target.dataset.ready === 'true') {
      target.focus();
      setPendingFocus(null);
    }
  });
  useEffect(() => focusWhenReady());

  useEffect(() => {
    const timer = setTimeout(() => setQuery(filter.trim()), 250);
    return () => clearTimeout(timer);
  }, [filter]);

  const turns = useTurns(query, order, revision);
  usePreloadEntryView();
  // A turn summary counts expired rows at the time it was listed. When the clock passes a listed turn's first
  // expiry, its counts are stale ("1/3 expired" would still read "live"): list again, once per such moment.
  const refreshedFor = useRef(new Set<string>());
  useEffect(() => {
    const stale = turns.turns.find((t) => t.expiredCount === 0 && turnExpiresAt(t) <= now);
    if (!stale || turns.pending) return;
    const key = `${stale.turnId}\u0000${stale.earliestExpiresAt}`;
    if (refreshedFor.current.has(key)) return;
    refreshedFor.current.add(key);
    store.refresh();
  }, [now, turns.turns, turns.pending, store]);
  const entries = useQuery(() => api.turnEntries({ turnId: selection.turnId ?? '' }), [selection.turnId, revision], selection.turnId !== null);
  const entryList =
    selection.turnId !== null && entries.data && entries.data[0]?.turnId !== selection.turnId && entries.data.length > 0 ? undefined : entries.data;
  // A structured entry's outline is asked for once it stays selected, so its tree opens from a finished scan.
  const selectedMeta = entryList?.find((e) => e.id === selection.entryId) ?? null;
  useEffect(() => selectForOutline(api, selectedMeta), [api, selectedMeta]);

  // The entry view can take the whole page (f), keeping its state: the other panes are hidden, not unmounted.
  const [maximized, setMaximized] = useState(false);
  // Until the user moves the entries divider, the entries pane is as tall as its rows (few rows: more text).
  const short = useMediaQuery(SHORT_WINDOW_QUERY);
  // Kept here: the entries table moves between panes when the window crosses SHORT_WINDOW_QUERY (it remounts).
  const [picks, setPicks] = useState<Picks>({ turnId: '', ids: [] });
  const [pickBarSlot, setPickBarSlot] = useState<HTMLDivElement | null>(null);
  // Each arrangement remembers its own choice (a pane sized in one says nothing of the other's heights).
  const [entriesSizedByUser, setEntriesSizedByUser] = useStoredState(short ? 'layout.entries-sized-by-user.short' : 'layout.entries-sized-by-user', false);
  const entriesPanel = useRef<ImperativePanelHandle>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  // With no entry open, the entries take the column's free height (the entry pane keeps its minimum).
  useEntriesPaneFit(entriesPanel, short ? leftRef : detailRef, entryList?.length, entriesSizedByUser, !short && selection.entryId === null);

  useHotkeys(
    {
      '/': () => filterRef.current?.focus(),
      s: () =>
        setOrder((o) =>
          o.sort === 'lastCreated' && o.direction === 'desc' ? { sort: 'totalBytes', direction: 'desc' } : { sort: 'lastCreated', direction: 'desc' },
        ),
      t: () => turnsRef.current?.focus(),
      e: () => entriesRef.current?.focus(),
      v: () => entryRef.current?.focus(),
      f: () => selection.entryId !== null && setMaximized((m) => !m),
    },
    active,
  );

  // At short window heights the entries stack under the turns, so the entry view has its column's whole height.
  const entriesPane = (
    <Panel
      key="entries"
      id="entries"
      order={short ? 2 : 1}
      ref={entriesPanel}
      defaultSize={26}
      minSize={6}
      className="pane-entries"
      aria-label="Entries of the selected turn"
      onKeyDown={(event) => {
        if (event.key === 'Escape') turnsRef.current?.focus();
      }}
    >
      <div className="pane-title-row">
        <h2 className="pane-title" title={selection.turnId ?? undefined}>
          {selection.turnId ? (
            <>
              Entries of <span className="mono">{selection.turnId}</span>
              {/* The count, as the list only builds the rows near the view. */}
              {entryList && (
                <span className="pane-count">
                  {' '}
                  · {formatCount(entryList.length)} {entryList.length === 1 ? 'entry' : 'entries'}
                </span>
              )}
            </>
          ) : (
            'Entries'
          )}
        </h2>
        {/* The picked-entries bar (EntriesTable portals it here), beside the title instead of over it. */}
        <div className="pick-bar-slot" ref={setPickBarSlot} />
      </div>
      {selection.turnId === null ? (
        <Empty>Select a turn (↑ ↓ then Enter) to see its entries.</Empty>
      ) : (
        <EntriesTable
          ref={entriesRef}
          turnId={selection.turnId}
          revision={revision}
          entries={entryList}
          status={entryList ? entries.status : 'loading'}
          error={entries.error}
          now={now}
          selectedId={selection.entryId}
          onSelect={(entryId) => {
            onSelect({ ...selection, entryId });
            setPendingFocus('entry');
          }}
          onRetry={entries.reload}
          picks={picks}
          onPicks={setPicks}
          pickBarSlot={pickBarSlot}
        />
      )}
    </Panel>
  );

  return (
    <PanelGroup
      direction="horizontal"
      autoSaveId="scratchpad-inspector.layout.turns"
      className={`turns-page${maximized && selection.entryId ? ' maximized' : ''}`}
    >
      <Panel id="turns" order={1} defaultSize={34} minSize={18} className="pane-left">
        <div className="detail-split" ref={leftRef}>
          <PanelGroup direction="vertical" autoSaveId="scratchpad-inspector.layout.left">
            <Panel id="turns-list" order={1} minSize={20} tagName="section" className="pane pane-turns" aria-label="Turns">
              <div className="toolbar">
                <input
                  ref={filterRef}
                  type="search"
                  placeholder="Filter turn id or executor (/)"
                  aria-label="Filter turns by turn id or executor"
                  value={filter}
                  maxLength={MAX_NAME_LENGTH}
                  onChange={(event) => setFilter(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') {
                      setFilter('');
                      turnsRef.current?.focus();
                    } else if (event.key === 'ArrowDown' || event.key === 'Enter') {
                      event.preventDefault();
                      setQuery(filter.trim());
                      turnsRef.current?.focus();
                    }
                  }}
                />
                <label className="sort">
                  Sort{' '}
                  <select
                    value={menuValue(order)}
                    onChange={(event) => {
                      const picked = MENU_ORDERS.find((m) => m.value === event.target.value);
                      if (picked) setOrder(picked.order);
                    }}
                    aria-label="Sort turns"
                    title="Sort (s)"
                  >
                    {menuValue(order) === '' && <option value="">by column</option>}
                    {MENU_ORDERS.map((m) => (
                      <option key={m.value} value={m.value}>
                        {m.label}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <TurnsList
                ref={turnsRef}
                state={turns}
                operator={session?.principal.kind === 'operator'}
                now={now}
                selectedTurnId={selection.turnId}
                filtered={query !== ''}
                ownerlessAsUser={session?.format === 'metnos-v1' && session.principal.kind === 'user'}
                resetKey={`${order.sort}\u0000${order.direction}\u0000${query}`}
                order={order}
                onOrder={setOrder}
                onSelect={(turnId) => {
                  onSelect({ turnId, entryId: turnId === selection.turnId ? selection.entryId : null });
                  setPendingFocus('entries');
                }}
                onRetry={turns.retry}
              />
            </Panel>
            {short && <Splitter direction="vertical" label="Resize the entries pane" onUserResize={() => setEntriesSizedByUser(true)} />}
            {short && entriesPane}
          </PanelGroup>
        </div>
      </Panel>
      <Splitter direction="horizontal" label="Resize the turns pane" />
      <Panel id="detail" order={2} minSize={30} className="pane pane-detail">
        <div className="detail-split" ref={detailRef}>
          <PanelGroup direction="vertical" autoSaveId="scratchpad-inspector.layout.detail">
            {!short && entriesPane}
            {!short && <Splitter direction="vertical" label="Resize the entries pane" onUserResize={() => setEntriesSizedByUser(true)} />}
            <Panel
              key="entry"
              id="entry"
              order={2}
              minSize={25}
              className="pane-entry"
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !isTypingTarget(event.target)) entriesRef.current?.focus();
              }}
            >
              {selection.entryId ? (
                <EntryView
                  ref={entryRef}
                  id={selection.entryId}
                  revision={revision}
                  now={now}
                  hotkeys={active}
                  readLogKept={session?.format !== 'metnos-v1'}
                  maximized={maximized}
                  onToggleMaximized={() => setMaximized((m) => !m)}
                  onOpenEntry={(entryId) => onSelect({ ...selection, entryId })}
                  dbPath={session?.file}
                  at={selection.at && selection.at.entryId === selection.entryId ? selection.at : null}
                />
              ) : (
                <NoEntry />
              )}
            </Panel>
          </PanelGroup>
        </div>
      </Panel>
    </PanelGroup>
  );
}
