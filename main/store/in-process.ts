import { openScratchpad } from '../../app/scratchpad';
import type { OpenOptions, Scratchpad } from '../../app/scratchpad/types';
import { STORE_METHODS, type StoreClient, type StoreMethod } from './client';
import { compareForView } from './compare';
import { exportEntryToFile } from './export-file';

/**
 * A {@link StoreClient} over a store opened in this thread. Same contract as the worker client (tests run the
 * handler suite against both); the Electron app uses the worker client so the main event loop never runs SQL.
 */
export function createInProcessClient(pad: Scratchpad): StoreClient {
  let closed = false;
  const guard = () => {
    if (closed) throw new Error('store client is closed');
  };
  const methods = Object.fromEntries(
    STORE_METHODS.map((m: StoreMethod) => [
      m,
      async (...args: unknown[]) => {
        guard();
        return (pad[m] as (...a: unknown[]) => Promise<unknown>).apply(pad, args);
      },
    ]),
  ) as Pick<StoreClient, StoreMethod>;
  return {
    ...methods,
    path: pad.path,
    format: pad.format,
    readonly: pad.readonly,
    async exportTo(principal, id, targetPath, onProgress, chunkBytes) {
      guard();
      return exportEntryToFile(pad, principal, id, targetPath, onProgress, chunkBytes);
    },
    async compare(principal, leftId, rightId, context) {
      guard();
      return compareForView(pad, principal, leftId, rightId, context);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pad.close();
    },
  };
}

/** Opens `path` with {@link openScratchpad} in this thread and wraps it in {@link createInProcessClient}. */
export async function openInProcessClient(path: string, options?: OpenOptions): Promise<StoreClient> {
  return createInProcessClient(await openScratchpad(path, options));
}
