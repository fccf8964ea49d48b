import type { BackendWriter, ScratchpadBackend } from '../core/backend';
import { ScratchpadError } from '../types';
import { DEFAULT_SCAN_TUNING, type ScanTuning } from './byte-source';
import type { V1Context } from './context';
import type { V1Env } from './env';
import { runV1Gc } from './gc';
import { createV1Reader } from './reader';
import { ValueFactsCache } from './value-source';

/**
 * A Metnos v1 file as a {@link ScratchpadBackend}: no owners, no writes, no read log (the core answers for
 * those, see core/README.md); only gc deletes, on a short-lived write connection (gc.ts). No writer when the
 * file was opened read-only.
 */
export function createV1Backend(ctx: V1Context, tuning: ScanTuning = DEFAULT_SCAN_TUNING): ScratchpadBackend {
  const env: V1Env = { ctx, cache: new ValueFactsCache(), tuning };
  const refuse = async (): Promise<never> => {
    throw new ScratchpadError('READ_ONLY', `${ctx.path}: a Metnos v1 file is never changed except by gc`);
  };
  const writer: BackendWriter = {
    insert: refuse,
    setExpiry: refuse,
    appendReadLog: refuse,
    async deleteExpired(_scope, now) {
      const removed = runV1Gc(ctx, now);
      env.cache.clear();
      return removed;
    },
  };
  return {
    format: 'metnos-v1',
    path: ctx.path,
    capabilities: { owners: false, writes: false, readLog: false },
    reader: createV1Reader(env),
    writer: ctx.options.readonly ? null : writer,
    gcDeletes: true,
    async close() {
      if (ctx.db.open) ctx.db.close();
    },
  };
}
