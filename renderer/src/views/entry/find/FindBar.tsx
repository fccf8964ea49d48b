import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatCount, plural } from '../../../../../app/common/format';
import { PatternToggles } from '../../../components/PatternToggles';
import type { FindQuery, FindState } from './useFind';

type Props = {
  query: FindQuery;
  onQuery: (query: FindQuery) => void;
  state: FindState;
  /** Index of the selected match in `state.matches`, -1 for none. */
  current: number;
  onNext: () => void;
  onPrevious: () => void;
  onClose: () => void;
};

/**
 * The find bar's count line: "3 of 12", "1 match", "12 matches", "1,000+ matches" (capped), "No matches",
 * "Searching… 40 so far", or the error (an invalid regex names its position). `current` indexes
 * `state.matches` (-1: none selected); empty for an empty pattern.
 */
export function findStatus(state: FindState, current: number, pattern: string): string {
  if (pattern === '') return '';
  if (state.error) return state.error.message;
  const n = state.matches.length;
  const total = `${formatCount(n)}${state.capped ? '+' : ''}`;
  if (!state.done) return n === 0 ? 'Searching…' : `Searching… ${total} so far`;
  if (n === 0) return 'No matches';
  return current >= 0 ? `${formatCount(current + 1)} of ${total}` : state.capped ? `${total} matches` : plural(n, 'match', 'matches');
}

/**
 * Find in the entry: pattern field, case and regex toggles, the match count over the whole entry, previous/next.
 * Enter / Shift+Enter go to the next / previous match, Esc closes.
 */
export function FindBar({ query, onQuery, state, current, onNext, onPrevious, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (event.shiftKey) onPrevious();
      else onNext();
    }
  };
  const has = state.matches.length > 0;
  return (
    <div className="find-bar" role="search" aria-label="Find in entry" onKeyDown={onKey}>
      <input
        ref={input}
        type="search"
        aria-label="Find in entry"
        placeholder="Find in the whole entry"
        value={query.pattern}
        maxLength={1000}
        aria-invalid={state.error ? true : undefined}
        aria-describedby="find-status"
        onChange={(event) => onQuery({ ...query, pattern: event.target.value })}
      />
      <PatternToggles value={query} onChange={onQuery} />
      <span id="find-status" className={state.error ? 'find-status error' : 'find-status muted'} role="status" aria-live="polite">
        {findStatus(state, current, query.pattern)}
      </span>
      <button type="button" onClick={onPrevious} disabled={!has} title="Previous match (Shift+Enter)" aria-label="Previous match">
        ▲
      </button>
      <button type="button" onClick={onNext} disabled={!has} title="Next match (Enter)" aria-label="Next match">
        ▼
      </button>
      <button type="button" onClick={onClose} title="Close (Esc)" aria-label="Close find">
        ✕
      </button>
    </div>
  );
}
