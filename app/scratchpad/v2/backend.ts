import type { EntryRecord, ScratchpadBackend } from '../core/backend';
import type { StoreContext } from './context';
import { createV2Reader } from './reader';
import type { ObservationRow } from './rows';
import { createV2Writer } from './writer';
import { createV2TurnRows } from './turn-rows';

/** A v2 file as a {@link ScratchpadBackend}: owners, writes and a read log; no writer when opened read-only. */
export function createV2Backend(ctx: StoreContext): ScratchpadBackend {
  const rows = new WeakMap<EntryRecord, ObservationRow>();
  return {
    format: 'v2',
    path: ctx.path,
    capabilities: { owners: true, writes: true, readLog: true },
    reader: createV2Reader(ctx, rows),
    writer: ctx.options.readonly ? null : createV2Writer(ctx),
    gcDeletes: true,
    turnRows: createV2TurnRows(ctx),
    async close() {
      await ctx.closeLanes();
      ctx.close();
    },
  };
}
