import { useCallback, useEffect, useRef, useState } from 'react';
import type { SortDirection, TurnSort, TurnSummary } from '../../../../app/contract';
import { asScratchpadError, useApi, type Api, type ScratchpadError } from '../../api';
import { MAX_TURNS_LIMIT } from '../../../../app/common/limits';

/** Page size of the first load and of each "load more". */
export const TURN_PAGE = 200;
/** listTurns accepts at most this many per call (contract: limit 1..1000). */
const MAX_LIMIT = MAX_TURNS_LIMIT;

type TurnPage = Awaited<ReturnType<Api['turnsList']>>;
let primed: Promise<TurnPage> | null = null;

/**
 * Asks for the list's first page (newest first, no filter: what the Turns page shows on start) before React
 * first renders, so main answers while the page is still rendering; the first load of {@link useTurns} takes
 * this answer instead of asking again. Called once at start-up.
 */
export function primeFirstTurnsPage(api: Api): void {
  primed = api.turnsList({ limit: TURN_PAGE, sort: 'lastCreated' });
  primed.catch(() => undefined); // its failure is handled where it is taken
}

function takePrimed(limit: number, sort: TurnSort, direction: SortDirection, query: string): Promise<TurnPage> | null {
  const page = limit === TURN_PAGE && sort === 'lastCreated' && direction === 'desc' && query === '' ? primed : null;
  primed = null;
  return page;
}

export type TurnsState = {
  readonly turns: readonly TurnSummary[];
  readonly hasMore: boolean;
  /** Turns in scope matching the query, over all pages (undefined until a page said so). */
  readonly total: number | undefined;
  readonly status: 'loading' | 'ok' | 'error';
  readonly error: ScratchpadError | undefined;
  /** A request is in flight (first page, refresh or more). */
  readonly pending: boolean;
  readonly loadMore: () => void;
  /** The last "load more" failed: automatic loading on scroll stops until loadMore is called again by the user. */
  readonly moreFailed: boolean;
  /** Runs the last load again (after an error). */
  readonly retry: () => void;
};

/** Sort of the list: a TurnSummary column and a direction (desc is the store's default and is not sent). */
export type TurnOrder = { readonly sort: TurnSort; readonly direction: SortDirection };

/**
 * Turns paged by listTurns cursors. A new query/sort/direction restarts from the first page; a new `revision`
 * (store changed) reloads as many rows as were shown (up to 1000) in place, so the list and the
 * selection (kept by turn id outside) survive the refresh.
 */
export function useTurns(query: string, { sort, direction }: TurnOrder, revision: number): TurnsState {
  const api = useApi();
  const [turns, setTurns] = useState<readonly TurnSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [total, setTotal] = useState<number | undefined>();
  const [status, setStatus] = useState<TurnsState['status']>('loading');
  const [error, setError] = useState<ScratchpadError | undefined>();
  const [pending, setPending] = useState(false);
  const generation = useRef(0);
  const loaded = useRef(0);
  const busy = useRef(false);
  const lastKey = useRef('');
  const [attempt, setAttempt] = useState(0);
  const [moreFailed, setMoreFailed] = useState(false);

  useEffect(() => {
    const key = `${sort}\u0000${direction}\u0000${query}`;
    const reset = key !== lastKey.current;
    lastKey.current = key;
    const id = ++generation.current;
    const limit = reset ? TURN_PAGE : Math.min(MAX_LIMIT, Math.max(TURN_PAGE, loaded.current));
    setMoreFailed(false);
    if (reset) {
      setTurns([]);
      setCursor(null);
      setTotal(undefined);
      setStatus('loading');
      loaded.current = 0;
    }
    busy.current = true;
    setPending(true);
    (
      takePrimed(limit, sort, direction, query) ?? api.turnsList({ limit, sort, ...(direction === 'asc' ? { direction } : {}), ...(query ? { query } : {}) })
    ).then(
      (page) => {
        if (generation.current !== id) return;
        busy.current = false;
        loaded.current = page.turns.length;
        setTurns(page.turns);
        setCursor(page.nextCursor);
        setTotal(page.total);
        setStatus('ok');
        setError(undefined);
        setPending(false);
      },
      (e: unknown) => {
        if (generation.current !== id) return;
        busy.current = false;
        setError(asScratchpadError(e));
        setStatus('error');
        setPending(false);
      },
    );
  }, [api, query, sort, direction, revision, attempt]);

  const loadMore = useCallback(() => {
    if (busy.current || cursor === null) return;
    const id = generation.current;
    busy.current = true;
    setMoreFailed(false);
    setPending(true);
    api.turnsList({ limit: TURN_PAGE, sort, ...(direction === 'asc' ? { direction } : {}), cursor, ...(query ? { query } : {}) }).then(
      (page) => {
        if (generation.current !== id) return;
        busy.current = false;
        setTurns((prev) => {
          const next = prev.concat(page.turns);
          loaded.current = next.length;
          return next;
        });
        setCursor(page.nextCursor);
        if (page.total !== undefined) setTotal(page.total);
        setPending(false);
      },
      (e: unknown) => {
        if (generation.current !== id) return;
        busy.current = false;
        setError(asScratchpadError(e));
        setMoreFailed(true);
        setPending(false);
      },
    );
  }, [api, cursor, query, sort, direction]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { turns, hasMore: cursor !== null, total, status, error, pending, loadMore, moreFailed, retry };
}
