import { lazyComponent } from './components/lazyComponent';

// The pages other than Turns are not needed to paint the turns list: each is its own chunk, fetched on first use
// or when the app is idle after the first paint (preloadPages), so the first paint parses less script. Stats
// carries the chart library. Once fetched, a page renders at once (no Suspense fallback, see lazyComponent).

/** The Stats page, loaded on first use (wrap in Suspense). */
export const StatsPage = lazyComponent(() => import('./views/stats/StatsPage').then((m) => m.StatsPage));
/** The gc page, loaded on first use (wrap in Suspense). */
export const GcPage = lazyComponent(() => import('./views/gc/GcPage').then((m) => m.GcPage));
/** The Search page, loaded on first use (wrap in Suspense). */
export const SearchPage = lazyComponent(() => import('./views/search/SearchPage').then((m) => m.SearchPage));

/** Fetches every lazy page's chunk (called once the app is idle, so switching page never waits for one). */
export function preloadPages(): void {
  for (const page of [StatsPage, GcPage, SearchPage]) page.preload().catch(() => {});
}
