import { useCallback, useEffect, useRef, useState } from 'react';
import { asScratchpadError, type ScratchpadError } from '../api';

/** State of one async load: the last value stays visible while a reload runs (refresh keeps the view). */
export type QueryState<T> = {
  readonly status: 'loading' | 'ok' | 'error';
  readonly data: T | undefined;
  readonly error: ScratchpadError | undefined;
  /** True while a request is in flight (first load or reload). */
  readonly pending: boolean;
  readonly reload: () => void;
};

/**
 * Runs `load` when `deps` change (and on reload()); ignores answers of superseded runs.
 * `enabled: false` keeps it idle. Errors are always ScratchpadError.
 */
export function useQuery<T>(load: () => Promise<T>, deps: readonly unknown[], enabled = true): QueryState<T> {
  const [state, setState] = useState<{ status: QueryState<T>['status']; data?: T; error?: ScratchpadError; pending: boolean }>({
    status: 'loading',
    pending: enabled,
  });
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const depsVersion = useDepsVersion(deps);

  useEffect(() => {
    if (!enabled) return;
    const id = ++run.current;
    setState((s) => ({ ...s, pending: true, status: s.data === undefined && s.status !== 'error' ? 'loading' : s.status }));
    loadRef.current().then(
      (data) => {
        if (run.current === id) setState({ status: 'ok', data, pending: false });
      },
      (error: unknown) => {
        if (run.current === id) setState((s) => ({ status: 'error', data: s.data, error: asScratchpadError(error), pending: false }));
      },
    );
  }, [depsVersion, tick, enabled]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { status: state.status, data: state.data, error: state.error, pending: state.pending, reload };
}

/**
 * A number that changes exactly when an element of `deps` (or its length) changes, compared with Object.is as
 * React compares dependencies: lets an effect depend on a caller's list that lint cannot see through.
 */
function useDepsVersion(deps: readonly unknown[]): number {
  const seen = useRef<{ deps: readonly unknown[]; version: number }>({ deps, version: 0 });
  const last = seen.current;
  if (deps.length !== last.deps.length || deps.some((d, i) => !Object.is(d, last.deps[i]))) seen.current = { deps, version: last.version + 1 };
  return seen.current.version;
}
