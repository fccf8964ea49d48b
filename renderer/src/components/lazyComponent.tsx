import { lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A component whose code is its own chunk, with `preload` to fetch it ahead of use. */
export type LazyComponent<P extends object> = ((props: P) => ReactElement) & {
  /** Fetches and evaluates the chunk (once; again after a failed try). Resolves to the component. */
  readonly preload: () => Promise<ComponentType<P>>;
};

/**
 * Like React's `lazy(load)` (wrap it in Suspense the same way), except that once the chunk is loaded (by
 * `preload` or an earlier mount) it renders the component directly instead of suspending. React.lazy suspends on
 * its first render even when the module is already there, and React then holds the content back until 300 ms
 * after its fallback showed (FALLBACK_THROTTLE_MS in react-dom): most of opening Stats the first time.
 * Each mount picks one of the two and keeps it, so a chunk arriving later never remounts the component.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P): ReactElement {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return Object.assign(Component, { preload });
}
