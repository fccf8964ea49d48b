import type { GcResult, Principal } from '../../contract';
import { ownerFilter } from '../../access';
import { ScratchpadError } from '../types';
import { describeValue, requireObject } from '../validate';
import type { StoreContext } from './context';
import { CHUNK_KEY_SPAN } from './schema';

const DELETE_CHUNKS = `DELETE FROM chunks WHERE key IN (SELECT c.key FROM json_each(?) AS j
  JOIN chunks AS c ON c.key >= j.value * ${CHUNK_KEY_SPAN} AND c.key < (j.value + 1) * ${CHUNK_KEY_SPAN})`;
const DELETE_LOG = 'DELETE FROM read_log WHERE entry_pk IN (SELECT value FROM json_each(?))';
const DELETE_ROWS = 'DELETE FROM observations WHERE pk IN (SELECT value FROM json_each(?))';

interface ExpiredRow {
  readonly pk: number;
  readonly turn_id: string;
  readonly owner: string;
  readonly size_bytes: number;
}

/**
 * Deletes (or, with dryRun, counts) the rows with expiresAt <= now visible to `principal` (a user: its own;
 * the operator: all), with their chunks and read log, in one transaction. `now` (Unix seconds, > 0) defaults
 * to the clock. Returns totals and rows/bytes per (turn, owner). INVALID_ARGUMENT for bad options; READ_ONLY
 * on a read-only store unless dryRun.
 */
export function collectGarbage(ctx: StoreContext, principal: Principal, options: unknown): GcResult {
  const o = options === undefined ? {} : requireObject(options, 'gc options');
  if (o.now !== undefined && (typeof o.now !== 'number' || !Number.isFinite(o.now) || o.now <= 0)) {
    throw new ScratchpadError('INVALID_ARGUMENT', `now must be a finite number of Unix seconds > 0, got ${describeValue(o.now)}`);
  }
  if (o.dryRun !== undefined && typeof o.dryRun !== 'boolean') {
    throw new ScratchpadError('INVALID_ARGUMENT', `dryRun must be a boolean, got ${describeValue(o.dryRun)}`);
  }
  const dryRun = o.dryRun ?? false;
  const filter = ownerFilter(principal);
  const run = (): GcResult => {
    const now = (o.now as number | undefined) ?? ctx.now();
    const rows = ctx
      .stmt(`SELECT pk, turn_id, owner, size_bytes FROM observations WHERE expires_at <= @now${filter.sql}`)
      .all({ now, ...filter.params }) as ExpiredRow[];
    const perTurn = new Map<string, { turnId: string; owner: string; rows: number; bytes: number }>();
    let bytes = 0;
    for (const r of rows) {
      bytes += r.size_bytes;
      const key = JSON.stringify([r.turn_id, r.owner]);
      const t = perTurn.get(key) ?? { turnId: r.turn_id, owner: r.owner, rows: 0, bytes: 0 };
      t.rows += 1;
      t.bytes += r.size_bytes;
      perTurn.set(key, t);
    }
    if (!dryRun && rows.length > 0) {
      // One statement per table, looping inside SQLite over the doomed pks (in storage order).
      const pks = JSON.stringify(rows.map((r) => r.pk).sort((a, b) => a - b));
      ctx.stmt(DELETE_CHUNKS).run(pks);
      if (ctx.stmt('SELECT 1 FROM read_log LIMIT 1').get() !== undefined) ctx.stmt(DELETE_LOG).run(pks);
      const deleted = ctx.stmt(DELETE_ROWS).run(pks).changes;
      if (deleted !== rows.length) throw new ScratchpadError('BUSY', `${ctx.path}: rows changed during gc; nothing was deleted`);
    }
    const turns = [...perTurn.values()].sort((a, b) => (a.turnId < b.turnId ? -1 : a.turnId > b.turnId ? 1 : a.owner < b.owner ? -1 : 1));
    return { deletedRows: rows.length, deletedBytes: bytes, now, dryRun, turns };
  };
  return dryRun ? ctx.read(run) : ctx.write(run);
}
