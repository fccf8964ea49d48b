import { lazy } from 'react';

// The pages other than Turns are not needed to paint the turns list: each is its own chunk, fetched on first use
// or when the app is idle after the first paint (preloadPages), so the first paint parses less script. Stats
// carries the chart library.
const loadStats = () => import('./views/stats/StatsPage');
const loadGc = () => import('./views/gc/GcPage');
const loadSearch = () => import('./views/search/SearchPage');

/** The Stats page, loaded on first use (wrap in Suspense). */
export const StatsPage = lazy(() => loadStats().then((m) => ({ default: m.StatsPage })));
/** The gc page, loaded on first use (wrap in Suspense). */
export const GcPage = lazy(() => loadGc().then((m) => ({ default: m.GcPage })));
/** The Search page, loaded on first use (wrap in Suspense). */
export const SearchPage = lazy(() => loadSearch().then((m) => ({ default: m.SearchPage })));

/** Fetches every lazy page's chunk (called once the app is idle, so switching page never waits for one). */
export function preloadPages(): void {
  void loadStats();
  void loadGc();
  void loadSearch();
}
