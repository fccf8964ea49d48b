// The one adapter from the store to the compare module: when the store API becomes asynchronous, only this file
// changes (await describe, iterate the async content). Everything else in app/compare is store-independent.
import type { Principal } from '../contract';
import type { Scratchpad } from '../scratchpad/types';
import { compareSources, type CompareOptions } from './compare';
import type { CompareSource } from './source';
import type { CompareResult } from '../contract';

/**
 * A {@link CompareSource} over one entry of `store` as `principal` sees it. `describe` raises the store's
 * NOT_FOUND for a missing or foreign id (ownership is the store's); `chunks` streams the stored bytes in pieces
 * of `chunkBytes` (default the store's 1 MiB).
 */
export function storeSource(store: Scratchpad, principal: Principal, id: string, chunkBytes?: number): CompareSource {
  return {
    async describe() {
      const d = await store.describe(principal, id);
      const m = d.meta;
      return {
        id: m.id,
        turnId: m.turnId,
        stepNum: m.stepNum,
        executorName: m.executorName,
        kind: m.kind,
        structured: m.structured,
        sizeBytes: m.sizeBytes,
        sha256: d.sha256,
        expiry: m.expiry,
      };
    },
    chunks() {
      return {
        async *[Symbol.asyncIterator]() {
          yield* await store.iterateContent(principal, id, chunkBytes);
        },
      };
    },
  };
}

/** Compares two entries of `store` as `principal` (see compareSources); NOT_FOUND for a missing or foreign id. */
export function compareEntries(store: Scratchpad, principal: Principal, leftId: string, rightId: string, options?: CompareOptions): Promise<CompareResult> {
  return compareSources(storeSource(store, principal, leftId), storeSource(store, principal, rightId), options);
}
