import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { SearchHit } from '../../../../app/contract';
import { PatternToggles } from '../../components/PatternToggles';
import { Empty, ErrorBox } from '../../components/States';
import { formatBytes, formatCount } from '../../../../app/common/format';
import { groupHits, hitRows, type HitRow, type TurnHits } from './groupHits';
import { previewParts, SEARCH_PREVIEW_CONTEXT, SHOWN_BEFORE } from './previewText';
import type { SearchInput, useSearch } from './useSearch';

type Props = {
  search: ReturnType<typeof useSearch>;
  /** Opens the hit's entry at the match (Content for text, the hex dump for binary; scrolled there, highlighted). */
  onOpenHit: (hit: SearchHit) => void;
};

/** The preview around a match, the match marked, on one row; ends the store cut marked "…" (see previewParts). */
function Preview({ hit }: { hit: SearchHit }) {
  const { before, match, after } = previewParts(hit, SEARCH_PREVIEW_CONTEXT, SHOWN_BEFORE);
  return (
    <span className="hit-preview mono">
      {before}
      <mark className="find-hit current">{match}</mark>
      {after}
    </span>
  );
}

/**
 * Search across the entries you may see: a pattern with case and regex toggles; hits grouped by turn and entry
 * (executor, step, expired mark) in one virtualized list, paged with the cursor ("More"), progress and Cancel
 * while the scan runs.
 */
export function SearchPage({ search, onOpenHit }: Props) {
  const { state, start, more, cancel } = search;
  const [input, setInput] = useState<SearchInput>(() => state.input ?? { pattern: '', caseSensitive: false, regex: false });
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input.pattern !== '') start(input);
  };
  // The app re-renders every second (the clock): group and draw the hits only when they change.
  const groups = useMemo(() => groupHits(state.hits), [state.hits]);
  const entryCount = groups.reduce((n, g) => n + g.entries.length, 0);
  return (
    <section className="search-page" aria-label="Search">
      <form className="toolbar search-form" role="search" aria-label="Search across entries" onSubmit={submit}>
        <input
          ref={field}
          type="search"
          aria-label="Search pattern"
          placeholder="Search every entry you may see"
          value={input.pattern}
          maxLength={1000}
          onChange={(e) => setInput({ ...input, pattern: e.target.value })}
        />
        <PatternToggles value={input} onChange={setInput} />
        <button type="submit" disabled={input.pattern === '' || state.running}>
          Search
        </button>
      </form>
      {state.input && (
        <div className="search-status" role="status" aria-live="polite">
          <span>
            {formatCount(state.hits.length)} {state.hits.length === 1 ? 'hit' : 'hits'} in {formatCount(entryCount)} {entryCount === 1 ? 'entry' : 'entries'} ·
            scanned {formatBytes(state.scannedBytes)}
            {state.running ? ' · searching…' : state.cancelled ? ' · cancelled' : state.nextCursor ? ' · more to scan' : ' · done'}
          </span>
          {state.running && (
            <>
              <progress aria-label="Search progress" />
              <button type="button" onClick={cancel}>
                Cancel
              </button>
            </>
          )}
          {!state.running && state.nextCursor && (
            <button type="button" onClick={more}>
              More
            </button>
          )}
        </div>
      )}
      {state.error && <ErrorBox what="the search" error={state.error} onRetry={state.input ? () => start(state.input!) : undefined} />}
      {state.input && !state.running && !state.error && state.hits.length === 0 && !state.nextCursor && <Empty>No entry matches.</Empty>}
      <Results groups={groups} onOpenHit={onOpenHit} />
    </section>
  );
}

/** Height in px of each kind of row (CSS gives the rows exactly these heights). */
const ROW_PX: Record<HitRow['kind'], number> = { turn: 32, entry: 26, hit: 24 };

/**
 * The hits as one virtualized list (only the rows on screen are in the DOM, so thousands of hits stay cheap):
 * turn headings, entry headings (executor, step, kind, count, expired mark) and the hits under them.
 */
const Results = memo(function Results({ groups, onOpenHit }: { groups: readonly TurnHits[]; onOpenHit: (hit: SearchHit) => void }) {
  const rows = useMemo(() => hitRows(groups), [groups]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ROW_PX[rows[index]!.kind],
    overscan: 16,
    initialRect: { width: 800, height: 600 },
  });
  return (
    <div className="search-results" ref={scrollRef} role="list" aria-label="Search hits">
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              className={`virtual-row hit-row hit-row-${row.kind}`}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_PX[row.kind] }}
            >
              <HitRowView row={row} onOpenHit={onOpenHit} />
            </div>
          );
        })}
      </div>
    </div>
  );
});

function HitRowView({ row, onOpenHit }: { row: HitRow; onOpenHit: (hit: SearchHit) => void }) {
  if (row.kind === 'turn') {
    return (
      <h3 className="hit-turn-title">
        Turn <span className="mono">{row.turnId}</span>
      </h3>
    );
  }
  const { entry } = row;
  if (row.kind === 'entry') {
    return (
      <div className="hit-entry-title">
        <span className="mono">{entry.executorName ?? 'entry'}</span> · step {entry.stepNum ?? '—'}
        <span className="muted">
          {' '}
          · {entry.kind} · {formatCount(entry.hits.length)} {entry.hits.length === 1 ? 'hit' : 'hits'}
        </span>
        {entry.expired && (
          <span className="badge badge-expired" title="Expired: still stored until gc runs, so still searched.">
            expired
          </span>
        )}
      </div>
    );
  }
  const { hit } = row;
  const unit = hit.kind === 'text' ? 'code point' : 'byte';
  return (
    <button
      type="button"
      className="hit"
      data-entry={hit.id}
      data-offset={hit.offset}
      onClick={() => onOpenHit(hit)}
      title={`Open ${entry.executorName ?? 'entry'} step ${entry.stepNum ?? '—'} at ${unit} ${formatCount(hit.offset)}${hit.kind === 'binary' ? ' (hex view)' : ''}`}
    >
      <span className="hit-where muted">{hit.line !== null ? `line ${formatCount(hit.line)}` : `byte ${formatCount(hit.offset)}`}</span>
      <Preview hit={hit} />
    </button>
  );
}
