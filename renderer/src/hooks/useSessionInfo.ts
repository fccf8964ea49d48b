import { useState } from 'react';
import type { SessionInfo } from '../../../app/contract';
import { useApi, type Api } from '../api';
import { useQuery, type QueryState } from './useQuery';

let primed: Promise<SessionInfo> | null = null;
/** The primed answer once it has arrived (until the shell's first render takes it). */
let arrived: SessionInfo | null = null;

/**
 * Asks main for the session (file, principal, format) at start-up, with the first page of turns, before React
 * first renders: both round trips then run while the bundle evaluates and the shell renders, and the session's
 * answer does not land (and re-render the shell) just as the first turn rows are painted. The first load of
 * {@link useSessionInfo} takes this answer instead of asking again. Called once at start-up.
 */
export function primeSessionInfo(api: Api): void {
  const asked = api.sessionInfo({});
  primed = asked;
  asked.then(
    (info) => {
      if (primed === asked) arrived = info;
    },
    () => undefined, // its failure is handled where it is taken
  );
}

/** The primed request, taken once (null when none is pending: the caller asks main itself). */
function takePrimed(): Promise<SessionInfo> | null {
  const p = primed;
  primed = null;
  arrived = null;
  return p;
}

/**
 * The window's session, loaded again at each store `revision`. The first render already has it when the
 * start-up answer ({@link primeSessionInfo}) has arrived; else the first load takes that pending answer.
 */
export function useSessionInfo(revision: number): QueryState<SessionInfo> {
  const api = useApi();
  // Taken in the initializer (StrictMode's second call of it is discarded), so a later load asks main again.
  const [initial] = useState(() => {
    const info = arrived;
    if (info === null) return undefined;
    takePrimed();
    return info;
  });
  return useQuery(() => takePrimed() ?? api.sessionInfo({}), [revision], true, initial);
}
