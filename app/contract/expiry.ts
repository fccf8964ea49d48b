import type { ExpiryState } from './model';

/** Default width of the `expiring` window, in seconds. */
export const DEFAULT_EXPIRING_WINDOW_SECONDS = 300;

/**
 * Expiry state of a row at `now` (both Unix seconds): `expired` when expiresAt <= now (this project's rule:
 * gc deletes exactly these rows; the original runtime spared a row exactly at now), `expiring` when it
 * expires within `windowSeconds` after now, else `live`. Shared by the store and the renderer.
 */
export function expiryState(expiresAt: number, now: number, windowSeconds = DEFAULT_EXPIRING_WINDOW_SECONDS): ExpiryState {
  if (expiresAt <= now) return 'expired';
  if (expiresAt - now <= windowSeconds) return 'expiring';
  return 'live';
}
