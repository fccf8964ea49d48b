import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from './client';

const ApiContext = createContext<Api | null>(null);

/** Provides the API to the tree (the app gives the real bridge's; tests give a fake's). */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The API of the nearest provider; throws when used outside one (a programming error). */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiProvider>.');
  return api;
}
