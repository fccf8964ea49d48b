import { Suspense, useEffect, type ComponentProps } from 'react';
import { Empty, Loading } from '../../components/States';
import { lazyComponent } from '../../components/lazyComponent';
import type { EntryView as EntryViewType } from './EntryView';

// The entry view (tabs, text windows, JSON tree, syntax highlighting, compare) is not needed to paint the turns
// list: it is its own chunk, fetched when the app is idle after the first paint or when an entry opens first.
const Lazy = lazyComponent<ComponentProps<typeof EntryViewType>>(() => import('./EntryView').then((m) => m.EntryView));

/** Fetches the entry view's chunk once the page is idle (so opening an entry does not wait for it). */
export function usePreloadEntryView(delayMs = 500): void {
  useEffect(() => {
    const timer = setTimeout(() => void Lazy.preload().catch(() => {}), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
}

/** {@link import('./EntryView').EntryView}, loaded on first use; "Loading entry…" until its chunk is there. */
export function EntryView(props: ComponentProps<typeof EntryViewType>) {
  return (
    <Suspense fallback={<Loading what="entry" />}>
      <Lazy {...props} />
    </Suspense>
  );
}

/** Placeholder when no entry is selected. */
export function NoEntry() {
  return <Empty>Select an entry (↑ ↓ then Enter) to see what the model saw, its content and details.</Empty>;
}
