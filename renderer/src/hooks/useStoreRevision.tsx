import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useApi } from '../api';
import type { EventPayload } from '../../../app/contract';

/** How fresh the lists are: a counter bumped by every 'store:changed' push or manual refresh. */
export type StoreRevision = {
  readonly revision: number;
  readonly lastReason: EventPayload<'store:changed'>['reason'] | 'manual' | null;
  readonly lastAt: number | null;
  readonly refresh: () => void;
};

const RevisionContext = createContext<StoreRevision>({ revision: 0, lastReason: null, lastAt: null, refresh: () => {} });

/** Subscribes once to 'store:changed' and shares the revision; views put it in their query deps. */
export function StoreRevisionProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [state, setState] = useState<Omit<StoreRevision, 'refresh'>>({ revision: 0, lastReason: null, lastAt: null });
  useEffect(
    () => api.on('store:changed', (payload) => setState((s) => ({ revision: s.revision + 1, lastReason: payload.reason, lastAt: Date.now() / 1000 }))),
    [api],
  );
  const refresh = () => setState((s) => ({ revision: s.revision + 1, lastReason: 'manual', lastAt: Date.now() / 1000 }));
  return <RevisionContext.Provider value={{ ...state, refresh }}>{children}</RevisionContext.Provider>;
}

/** The shared store revision. */
export function useStoreRevision(): StoreRevision {
  return useContext(RevisionContext);
}
