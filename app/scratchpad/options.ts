import { availableParallelism } from 'node:os';
import { DEFAULT_MAX_READ_LENGTH, MAX_BUSY_TIMEOUT_MS } from '../common/limits';
import { DEFAULT_EXPIRING_WINDOW_SECONDS } from '../contract';
import { ScratchpadError, type OpenOptions } from './types';

export { DEFAULT_MAX_READ_LENGTH };
/** UTF-16 code units of V8's longest string (2^29 - 24 on 64-bit builds, `v8::String::kMaxLength`). */
export const V8_MAX_STRING_UNITS = 2 ** 29 - 24;
/**
 * Largest `maxReadLength`: a slice this long still fits one JS string, since a code point takes at most 2
 * UTF-16 units and base64 of n bytes takes 4n/3 units. Above it a full read would throw Node's untyped
 * ERR_STRING_TOO_LONG instead of answering.
 */
export const MAX_READ_LENGTH = Math.floor(V8_MAX_STRING_UNITS / 2);
/** Default SQLite busy timeout, in milliseconds. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
/** Default bound of the in-memory turn table, in (owner, turn) rows (core/turn-table-backend.ts). */
export const DEFAULT_TURN_TABLE_MAX_TURNS = 200_000;
/** Default TTL of a put, in seconds (as the original runtime). */
export const DEFAULT_TTL_SECONDS = 3_600;

/** Most search worker threads one store may start (OpenOptions.searchWorkers). */
export const MAX_SEARCH_WORKERS = 16;
/** Default search worker threads: one per core besides the calling thread's, at most 3 (none on one core). */
export const defaultSearchWorkers = (): number => Math.max(0, Math.min(3, availableParallelism() - 1));

/** {@link OpenOptions} with every default filled in. */
export interface ResolvedOptions {
  readonly readonly: boolean;
  readonly clock: () => number;
  readonly expiringWindowSeconds: number;
  readonly maxReadLength: number;
  readonly busyTimeoutMs: number;
  readonly nativeBinding: string | undefined;
  /** Most (owner, turn) rows kept in memory to answer listTurns and stats; 0: never (the backend's SQL answers). */
  readonly turnTableMaxTurns: number;
  /** Worker threads of a search besides the calling thread (OpenOptions.searchWorkers); 0: none. */
  readonly searchWorkers: number;
  /** Why a writable open was made read-only (file-access.ts readOnlyReason), for READ_ONLY messages; else absent. */
  readonly readOnlyBecause?: string;
}

/** Fills defaults and validates; INVALID_ARGUMENT on a negative or non-finite setting. */
export function resolveOptions(options: OpenOptions = {}): ResolvedOptions {
  const resolved: ResolvedOptions = {
    readonly: options.readonly ?? false,
    clock: options.clock ?? (() => Date.now() / 1000),
    expiringWindowSeconds: options.expiringWindowSeconds ?? DEFAULT_EXPIRING_WINDOW_SECONDS,
    maxReadLength: options.maxReadLength ?? DEFAULT_MAX_READ_LENGTH,
    busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
    nativeBinding: options.nativeBinding,
    turnTableMaxTurns: options.turnTableMaxTurns ?? DEFAULT_TURN_TABLE_MAX_TURNS,
    searchWorkers: options.searchWorkers ?? defaultSearchWorkers(),
  };
  for (const key of ['expiringWindowSeconds', 'maxReadLength', 'busyTimeoutMs'] as const) {
    const v = resolved[key];
    if (!Number.isFinite(v) || v < 0) throw new ScratchpadError('INVALID_ARGUMENT', `option ${key} must be a finite number >= 0, got ${v}`);
  }
  if (!Number.isSafeInteger(resolved.busyTimeoutMs) || resolved.busyTimeoutMs > MAX_BUSY_TIMEOUT_MS) {
    throw new ScratchpadError(
      'INVALID_ARGUMENT',
      `option busyTimeoutMs must be an integer from 0 to ${MAX_BUSY_TIMEOUT_MS} (ms), got ${resolved.busyTimeoutMs}`,
    );
  }
  if (!Number.isSafeInteger(resolved.turnTableMaxTurns) || resolved.turnTableMaxTurns < 0) {
    throw new ScratchpadError('INVALID_ARGUMENT', `option turnTableMaxTurns must be an integer >= 0, got ${resolved.turnTableMaxTurns}`);
  }
  if (!Number.isSafeInteger(resolved.searchWorkers) || resolved.searchWorkers < 0 || resolved.searchWorkers > MAX_SEARCH_WORKERS) {
    throw new ScratchpadError('INVALID_ARGUMENT', `option searchWorkers must be an integer from 0 to ${MAX_SEARCH_WORKERS}, got ${resolved.searchWorkers}`);
  }
  if (!Number.isSafeInteger(resolved.maxReadLength) || resolved.maxReadLength > MAX_READ_LENGTH) {
    throw new ScratchpadError(
      'INVALID_ARGUMENT',
      `option maxReadLength must be an integer from 0 to ${MAX_READ_LENGTH} (the longest slice one JS string holds), got ${resolved.maxReadLength}`,
    );
  }
  return resolved;
}
