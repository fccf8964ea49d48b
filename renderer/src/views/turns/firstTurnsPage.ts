import type { SortDirection, TurnSort } from '../../../../app/contract';
import type { Api } from '../../api/client';

// No React here: the page's entry chunk imports this module to ask for the first page of turns while React DOM
// and the views are still being fetched and compiled (see main.tsx).

/** Page size of the first load and of each "load more". */
export const TURN_PAGE = 200;

/** One page of turns as the API answers it. */
export type TurnPage = Awaited<ReturnType<Api['turnsList']>>;
let primed: Promise<TurnPage> | null = null;

/**
 * Asks for the list's first page (newest first, no filter: what the Turns page shows on start) before React
 * first renders, so main answers while the page is still loading; the first load of `useTurns` takes this answer
 * instead of asking again. Called once at start-up.
 */
export function primeFirstTurnsPage(api: Api): void {
  primed = api.turnsList({ limit: TURN_PAGE, sort: 'lastCreated' });
  primed.catch(() => undefined); // its failure is handled where it is taken
}

/** The primed first page if the list asks for exactly that (`limit` turns, newest first, no query); else null. Taken once. */
export function takePrimed(limit: number, sort: TurnSort, direction: SortDirection, query: string): Promise<TurnPage> | null {
  const page = limit === TURN_PAGE && sort === 'lastCreated' && direction === 'desc' && query === '' ? primed : null;
  primed = null;
  return page;
}
