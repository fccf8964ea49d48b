import type { WindowSession } from '../ipc/session';

/** Default polling interval of PRAGMA data_version, in milliseconds. */
export const DEFAULT_POLL_MS = 1_000;

/**
 * Polls the session's store `dataVersion()` every `intervalMs` and emits `store:changed` (`external-write`)
 * when another connection committed. A store switch resets the baseline (the switch emits its own event).
 * Returns the stop function. Polls never overlap; a failed poll is skipped.
 */
export function watchExternalWrites(session: WindowSession, intervalMs = DEFAULT_POLL_MS): () => void {
  let store = session.store;
  let last: number | null = null;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      if (session.store !== store) {
        store = session.store;
        last = null;
      }
      const version = await store.dataVersion();
      if (session.store !== store) return;
      if (last !== null && version !== last) session.emit('store:changed', { reason: 'external-write' });
      last = version;
    } catch {
      // closed or switching store: try again on the next tick
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
