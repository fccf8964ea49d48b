import type { CompareView, Principal } from '../../app/contract';
import type { Scratchpad } from '../../app/scratchpad/types';

/** Scratchpad members main never proxies: writes the app does not make, whole-value reads, id prefixes (CLI only), and the lifecycle. */
type NotProxied = 'path' | 'format' | 'readonly' | 'resolveId' | 'put' | 'get' | 'extendTtl' | 'recordRead' | 'iterateContent' | 'close';

/** A store method main may call: every {@link Scratchpad} method not listed in `NotProxied`. */
export type StoreMethod = Exclude<keyof Scratchpad, NotProxied>;

/**
 * Every {@link StoreMethod}, once. Typed as a record so a method added to the Scratchpad interface fails to
 * compile here until it is listed (or excluded above), and a removed one fails as an excess key.
 */
const PROXIED: Readonly<Record<StoreMethod, true>> = {
  describe: true,
  read: true,
  search: true,
  listForTurn: true,
  listTurns: true,
  gc: true,
  stats: true,
  readLog: true,
  jsonOutline: true,
  owners: true,
  dataVersion: true,
};

/** The store methods main may call, by name (a closed set: main never dispatches a name the renderer sent). */
export const STORE_METHODS = Object.keys(PROXIED) as readonly StoreMethod[];

/** True when `name` is one of {@link STORE_METHODS}. */
export function isStoreMethod(name: unknown): name is StoreMethod {
  return typeof name === 'string' && Object.hasOwn(PROXIED, name);
}

/** Progress of a streamed export, in bytes. */
export interface ExportProgress {
  readonly bytesWritten: number;
  readonly totalBytes: number;
}

/** What an export wrote: bytes of the raw content (text as UTF-8, binary as is). */
export interface ExportResult {
  readonly bytesWritten: number;
  readonly totalBytes: number;
}

/**
 * The store as main sees it: the proxied {@link Scratchpad} methods (the connection may live in a worker thread),
 * plus a streamed export that writes the file where the connection lives.
 * Errors: the store's `ScratchpadError` (rebuilt with its code when it crossed a thread), or a plain Error.
 */
export type StoreClient = Pick<Scratchpad, StoreMethod | 'path' | 'format' | 'readonly'> & {
  /**
   * Streams an entry's raw content to `targetPath` in chunks of `chunkBytes` (default 1 MiB), never holding it whole.
   * Writes a sibling temporary file and renames it on success, so a failed export leaves any existing file intact.
   */
  exportTo(principal: Principal, id: string, targetPath: string, onProgress?: (p: ExportProgress) => void, chunkBytes?: number): Promise<ExportResult>;
  /**
   * Compares two entries where the connection lives (app/compare), with the side-by-side rows for the view;
   * `context` lines around each change. NOT_FOUND for a missing or foreign id.
   */
  compare(principal: Principal, leftId: string, rightId: string, context?: number): Promise<CompareView>;
  /** Closes the connection; later calls fail. Idempotent. */
  close(): Promise<void>;
};

/** Opens a store client for a file (injected so tests and the Electron app choose in-process or worker). */
export type OpenStoreClient = (path: string) => Promise<StoreClient>;
