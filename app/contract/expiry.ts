import { DEFAULT_EXPIRING_WINDOW_SECONDS } from '../common/limits';
import type { ExpiryState } from './model';

export { DEFAULT_EXPIRING_WINDOW_SECONDS };

/**
 * Expiry state of a row at `now` (both Unix seconds): `expired` when expiresAt <= now (this project's rule:
 * gc deletes exactly these rows; the original runtime spared a row exactly at now), `expiring` when it
 * expires within `windowSeconds` after now, else `live`. +Infinity is always live, -Infinity always expired.
 * Shared by the store and the renderer.
 */
export function expiryState(expiresAt: number, now: number, windowSeconds = DEFAULT_EXPIRING_WINDOW_SECONDS): ExpiryState {
  if (expiresAt <= now) return 'expired';
  if (expiresAt - now <= windowSeconds) return 'expiring';
  return 'live';
}

/**
 * The JSON form of an expiry time (model.ts ExpiresAtSchema): the number itself when finite, else null
 * (+Infinity and -Infinity alike; the row's expiry state tells them apart).
 */
export function expiresAtJson(expiresAt: number): number | null {
  return Number.isFinite(expiresAt) ? expiresAt : null;
}

/**
 * The number of a JSON expiry time: itself when not null, else -Infinity when `expired` (always expired) and
 * +Infinity otherwise (never expires). For a turn pass `expiredCount > 0`.
 */
export function expiresAtValue(expiresAt: number | null, expired: boolean): number {
  if (expiresAt !== null) return expiresAt;
  return expired ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** A row's expiry time as a number (±Infinity where JSON carries null). */
export function entryExpiresAt(meta: { readonly expiresAt: number | null; readonly expiry: ExpiryState }): number {
  return expiresAtValue(meta.expiresAt, meta.expiry === 'expired');
}

/** A turn's earliest expiry time as a number (±Infinity where JSON carries null). */
export function turnExpiresAt(turn: { readonly earliestExpiresAt: number | null; readonly expiredCount: number }): number {
  return expiresAtValue(turn.earliestExpiresAt, turn.expiredCount > 0);
}

/**
 * Order of two step numbers (model.ts StepNumSchema): numbers by value, a number before a string, strings by
 * their numeric value when they have one (2.5, 2^53 + 1) else by text, null last.
 */
export function compareStepNum(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na < nb ? -1 : 1;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
