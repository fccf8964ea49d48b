import type { Scratchpad, SyncScratchpad } from '../types';

/**
 * The asynchronous {@link Scratchpad} over a format implementation that answers synchronously. A thrown
 * ScratchpadError becomes a rejection; `iterateContent` checks ownership before it resolves, then yields the
 * same byte pieces (never the whole value).
 */
export function toAsyncScratchpad(store: SyncScratchpad): Scratchpad {
  return {
    path: store.path,
    format: store.format,
    readonly: store.readonly,
    put: async (principal, input) => store.put(principal, input),
    describe: async (principal, id) => store.describe(principal, id),
    read: async (principal, id, options) => store.read(principal, id, options),
    get: async (principal, id) => store.get(principal, id),
    listForTurn: async (principal, turnId) => store.listForTurn(principal, turnId),
    listTurns: async (principal, options) => store.listTurns(principal, options),
    gc: async (principal, options) => store.gc(principal, options),
    stats: async (principal) => store.stats(principal),
    extendTtl: async (principal, target, ttlSeconds) => store.extendTtl(principal, target, ttlSeconds),
    recordRead: async (principal, input) => store.recordRead(principal, input),
    readLog: async (principal, selector) => store.readLog(principal, selector),
    iterateContent: async (principal, id, chunkBytes) => toAsyncIterable(store.iterateContent(principal, id, chunkBytes)),
    owners: async (principal) => store.owners(principal),
    dataVersion: async () => store.dataVersion(),
    close: async () => store.close(),
  };
}

function toAsyncIterable<T>(items: Iterable<T>): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* items;
    },
  };
}
