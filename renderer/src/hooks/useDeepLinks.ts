import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinkTarget } from '../../../app/contract';
import { asScratchpadError, useApi, type ScratchpadError } from '../api';

/** Where a deep link leads once its entry is found: the turn and entry to select, and the offset to open at. */
export type LinkDestination = { readonly turnId: string; readonly entryId: string; readonly offset: number | null };

/** A link whose entry the window could not show: its id and the store's error (NOT_FOUND for unknown or foreign). */
export type LinkFailure = { readonly id: string; readonly error: ScratchpadError };

/**
 * Follows deep links main hands this window: the `link:open` event (a link to this window's file while it runs)
 * and, once on mount after subscribing, `link:pending` (the link main opened this window for). Each target is
 * described as the window's principal (main never says more than the id): found, `onOpen` gets its turn, entry
 * and offset (code points for text, bytes for binary); not found (unknown, deleted by gc, or another owner's,
 * which the store does not tell apart) or failed, the returned failure says so until `dismiss` or the next link.
 * A later link supersedes one still being described.
 */
export function useDeepLinks(onOpen: (destination: LinkDestination) => void): { failure: LinkFailure | null; dismiss: () => void } {
  const api = useApi();
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const latest = useRef(0);

  const follow = useCallback(
    async (target: LinkTarget) => {
      const seq = ++latest.current;
      try {
        const { meta } = await api.entryDescribe({ id: target.id });
        if (seq !== latest.current) return;
        setFailure(null);
        onOpenRef.current({ turnId: meta.turnId, entryId: meta.id, offset: target.offset ?? null });
      } catch (e) {
        if (seq === latest.current) setFailure({ id: target.id, error: asScratchpadError(e) });
      }
    },
    [api],
  );

  useEffect(() => {
    const off = api.on('link:open', (target) => void follow(target));
    // Asked after subscribing, so no link falls between the two. Not dropped on unmount: under StrictMode's
    // mount-unmount-mount the first ask takes the link and the second gets null.
    api
      .linkPending({})
      .then((target) => target && follow(target))
      .catch(() => {});
    return off;
  }, [api, follow]);

  return { failure, dismiss: useCallback(() => setFailure(null), []) };
}
