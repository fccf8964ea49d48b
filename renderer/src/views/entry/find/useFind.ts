import { useEffect, useState } from 'react';
import { MAX_SEARCH_HITS } from '../../../../../app/common/limits';
import { asScratchpadError, useApi, type ScratchpadError } from '../../../api';

import type { Match } from './marks';

/** What the find bar asks: the pattern and its two toggles. */
export type FindQuery = { readonly pattern: string; readonly caseSensitive: boolean; readonly regex: boolean };

/** Matches kept per entry: beyond this the count reads "N+" and next/previous stay within them. */
export const MAX_FIND_MATCHES = 20_000;
/** Pause after the last keystroke before searching, in ms. */
const DEBOUNCE_MS = 200;

/** State of one find: the matches so far (sorted by offset, code points), whether the scan finished, its error. */
export type FindState = {
  readonly matches: readonly Match[];
  readonly done: boolean;
  /** True when the entry has more matches than {@link MAX_FIND_MATCHES}. */
  readonly capped: boolean;
  readonly scannedBytes: number;
  readonly error: ScratchpadError | null;
};

const IDLE: FindState = { matches: [], done: true, capped: false, scannedBytes: 0, error: null };

/**
 * Counts the matches of `query` over the whole entry `id` through `search:query` (narrowed by `id`), page by
 * page with the cursor, until the end or {@link MAX_FIND_MATCHES}. A new query or an unmount stops the paging.
 */
export function useFind(id: string, query: FindQuery | null): FindState {
  const api = useApi();
  const [state, setState] = useState<FindState>(IDLE);
  const pattern = query?.pattern ?? '';
  const caseSensitive = query?.caseSensitive ?? false;
  const regex = query?.regex ?? false;
  useEffect(() => {
    if (pattern === '') {
      setState(IDLE);
      return;
    }
    let stopped = false;
    setState({ ...IDLE, done: false });
    const timer = setTimeout(async () => {
      const matches: Match[] = [];
      let scannedBytes = 0;
      let cursor: string | undefined;
      try {
        for (;;) {
          const page = await api.searchQuery({ pattern, caseSensitive, regex, id, limit: MAX_SEARCH_HITS, ...(cursor ? { cursor } : {}) });
          if (stopped) return;
          for (const hit of page.hits) matches.push({ offset: hit.offset, length: hit.length });
          scannedBytes += page.scannedBytes;
          const capped = matches.length > MAX_FIND_MATCHES;
          const done = page.nextCursor === null || capped;
          setState({ matches: capped ? matches.slice(0, MAX_FIND_MATCHES) : matches.slice(), done, capped, scannedBytes, error: null });
          if (done) return;
          cursor = page.nextCursor ?? undefined;
        }
      } catch (e) {
        if (!stopped) setState({ matches, done: true, capped: false, scannedBytes, error: asScratchpadError(e) });
      }
    }, DEBOUNCE_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, id, pattern, caseSensitive, regex]);
  return state;
}
