import type { CompareSide } from '../contract';

/**
 * What the compare module needs of one entry, asynchronously, so that it runs over any store (synchronous today,
 * asynchronous or remote later) and in any process. `describe` comes first and carries the ownership check: it
 * rejects with the store's NOT_FOUND for a missing or foreign id. `chunks` yields the stored bytes in order
 * (UTF-8 for text rows), in pieces of any size; each call starts a new pass; a comparison makes one pass per side and holds the whole value only for a JSON diff (bounded by its maxJsonBytes).
 */
export interface CompareSource {
  /** Metadata and full sha256; rejects NOT_FOUND for a missing or foreign id. */
  describe(): Promise<CompareSide>;
  /** The raw bytes in order, in pieces of any size. */
  chunks(): AsyncIterable<Uint8Array>;
}
