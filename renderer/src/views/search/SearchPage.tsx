import { memo, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { SearchHit, SearchPreview } from '../../../../app/contract';
import { Empty, ErrorBox } from '../../components/States';
import { formatBytes, formatCount } from '../../../../app/common/format';
import { groupHits, type TurnHits } from './groupHits';
import type { SearchInput, useSearch } from './useSearch';

type Props = {
  search: ReturnType<typeof useSearch>;
  /** Opens the hit's entry at the match (Content tab, scrolled there, the match highlighted). */
  onOpenHit: (hit: SearchHit) => void;
};

/** The preview around a match, the match marked; newlines shown as ↵ so a hit stays on one row. */
function Preview({ preview }: { preview: SearchPreview }) {
  const points = Array.from(preview.text.replace(/\r?\n/g, '↵'));
  const before = points.slice(0, preview.matchStart).join('');
  const match = points.slice(preview.matchStart, preview.matchStart + preview.matchLength).join('');
  const after = points.slice(preview.matchStart + preview.matchLength).join('');
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
 * (executor, step, expired mark), paged with the cursor ("More"), progress and Cancel while the scan runs.
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
        <button type="button" aria-pressed={input.caseSensitive} title="Match case" onClick={() => setInput({ ...input, caseSensitive: !input.caseSensitive })}>
          Aa
        </button>
        <button type="button" aria-pressed={input.regex} title="Regular expression (JavaScript)" onClick={() => setInput({ ...input, regex: !input.regex })}>
          .*
        </button>
        <button type="submit" disabled={input.pattern === '' || state.running}>
          Search
        </button>
      </form>
      {state.input && (
        <div className="search-status" role="status" aria-live="polite">
          <span>
            {formatCount(state.hits.length)} {state.hits.length === 1 ? 'hit' : 'hits'} in {formatCount(entryCount)} {entryCount === 1 ? 'entry' : 'entries'} · scanned {formatBytes(state.scannedBytes)}
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

const Results = memo(function Results({ groups, onOpenHit }: { groups: readonly TurnHits[]; onOpenHit: (hit: SearchHit) => void }) {
  return (
    <div className="search-results">
      {groups.map((turn) => (
        <section key={turn.turnId} className="hit-turn" aria-label={`Turn ${turn.turnId}`}>
          <h3 className="hit-turn-title">
            Turn <span className="mono">{turn.turnId}</span>
          </h3>
          {turn.entries.map((entry) => (
            <div key={entry.id} className="hit-entry" role="group" aria-label={`Hits in ${entry.executorName ?? 'entry'} step ${entry.stepNum ?? '—'}`}>
              <div className="hit-entry-title">
                <span className="mono">{entry.executorName ?? 'entry'}</span> · step {entry.stepNum ?? '—'}
                <span className="muted"> · {entry.kind} · {formatCount(entry.hits.length)} {entry.hits.length === 1 ? 'hit' : 'hits'}</span>
                {entry.expired && (
                  <span className="badge badge-expired" title="Expired: still stored until gc runs, so still searched.">
                    expired
                  </span>
                )}
              </div>
              <ul className="hit-list">
                {entry.hits.map((hit) => (
                  <li key={`${hit.offset}:${hit.length}`}>
                    <button type="button" className="hit" onClick={() => onOpenHit(hit)} title={`Open at ${hit.kind === 'text' ? 'code point' : 'byte'} ${formatCount(hit.offset)}`}>
                      <span className="hit-where muted">{hit.line !== null ? `line ${formatCount(hit.line)}` : `byte ${formatCount(hit.offset)}`}</span>
                      <Preview preview={hit.preview} />
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
});
