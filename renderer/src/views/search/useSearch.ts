import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchHit } from '../../../../app/contract';
import { asScratchpadError, useApi, type ScratchpadError } from '../../api';
import { SEARCH_PREVIEW_CONTEXT } from './previewText';

/** What the Search view asks. */
export type SearchInput = { readonly pattern: string; readonly caseSensitive: boolean; readonly regex: boolean };

/** Hits asked per call, and hits gathered before the view waits for "More". */
export const SEARCH_PAGE = 200;

/** A search's progress: hits so far, the cursor to go on, bytes scanned, whether a call is running. */
export type SearchState = {
  readonly input: SearchInput | null;
  readonly hits: readonly SearchHit[];
  readonly nextCursor: string | null;
  readonly scannedBytes: number;
  readonly running: boolean;
  /** True when the user stopped the scan (Cancel) before its end. */
  readonly cancelled: boolean;
  readonly error: ScratchpadError | null;
};

const EMPTY: SearchState = { input: null, hits: [], nextCursor: null, scannedBytes: 0, running: false, cancelled: false, error: null };

/**
 * Search across entries through `search:query`, page by page with the cursor: `run` starts a query and gathers
 * {@link SEARCH_PAGE} hits (calling again while a call returns fewer hits with a cursor, as a time budget cuts a
 * scan over a large file); `more` gathers the next page; `cancel` stops asking for pages (the call in flight
 * finishes, its hits are kept).
 */
export function useSearch() {
  const api = useApi();
  const [state, setState] = useState<SearchState>(EMPTY);
  const run = useRef(0);
  useEffect(() => () => void run.current++, []);

  const gather = useCallback(
    async (input: SearchInput, from: SearchState) => {
      const id = ++run.current;
      let current: SearchState = { ...from, input, running: true, cancelled: false, error: null };
      setState(current);
      const target = from.hits.length + SEARCH_PAGE;
      let cursor = from.nextCursor;
      try {
        do {
          const page = await api.searchQuery({
            pattern: input.pattern,
            caseSensitive: input.caseSensitive,
            regex: input.regex,
            limit: SEARCH_PAGE,
            previewContext: SEARCH_PREVIEW_CONTEXT,
            ...(cursor ? { cursor } : {}),
          });
          if (run.current !== id) return;
          cursor = page.nextCursor;
          current = { ...current, hits: [...current.hits, ...page.hits], nextCursor: cursor, scannedBytes: current.scannedBytes + page.scannedBytes };
          setState(current);
        } while (cursor !== null && current.hits.length < target);
        setState({ ...current, running: false });
      } catch (e) {
        if (run.current === id) setState({ ...current, running: false, error: asScratchpadError(e) });
      }
    },
    [api],
  );

  const start = useCallback((input: SearchInput) => void gather(input, EMPTY), [gather]);
  const more = useCallback(() => {
    if (state.input && state.nextCursor && !state.running) void gather(state.input, state);
  }, [gather, state]);
  const cancel = useCallback(() => {
    run.current++;
    setState((s) => ({ ...s, running: false, cancelled: s.nextCursor !== null }));
  }, []);
  return { state, start, more, cancel };
}
