import type { ExpiredRecord, OwnerScope } from '../../core/backend';
import { DEFAULT_GC_BATCH } from '../data/gc';
import { SCHEMA } from '../names';
import { DEFAULT_ATTEMPTS, queryOnce, type PgTarget } from '../transaction';
import { bindingOf } from './rows';

/**
 * One gc batch, one round trip: scratchpad.gc_batch (migrations/003) binds the scope, deletes up to `limit` rows
 * with expires_at <= now (oldest expiry first) with their chunks and read log in one statement (all or nothing;
 * the turn totals follow by trigger), sends `gc:<rows>` if any, and commits (its own implicit transaction).
 * The chunks and read-log rows go by `entry_pk = ANY (ARRAY(...))`: the doomed row numbers become one array
 * (an init plan), which the planner always serves by the (entry_pk, seq) index, whatever its row estimates say;
 * a join with the deleted rows was planned from stale statistics after a bulk put into a seq scan of every
 * chunk per batch. The observations go by primary key too, the expiry re-checked as `expires_at + 0` (a form no
 * index serves: an expiry index scan filtering `pk = ANY (...)` compared every expired row with the array). A
 * row whose TTL was extended meanwhile is re-checked by the DELETE (READ COMMITTED) and kept. Serialization
 * failures and deadlocks are tried again (the batch is whole or absent), then BUSY; other errors come out mapped.
 */
async function gcBatch(target: PgTarget, scope: OwnerScope, now: number, limit: number): Promise<{ rows: number; groups: ExpiredRecord[] }> {
  const b = bindingOf(scope);
  const res = await queryOnce<{ g: [string, string, number, number | string][] }>(
    target,
    'write',
    { name: 'scratchpad-gc-batch', text: `SELECT ${SCHEMA}.gc_batch($1, $2, $3, $4) AS g`, values: [b.owner, b.operator, now, limit] },
    DEFAULT_ATTEMPTS,
  );
  const groups = (res.rows[0]?.g ?? []).map(([turnId, owner, rows, bytes]) => ({ turnId, owner, rows: Number(rows), bytes: Number(bytes) }));
  return { rows: groups.reduce((n, g) => n + g.rows, 0), groups };
}

/**
 * gc in batches of `batch` rows, each its own short transaction (a put waits at most one batch, and only for the
 * totals row of a turn both touch), until a batch finds fewer than `batch` rows. A failure keeps the batches
 * already committed (each whole) and propagates mapped; the rows of a failed batch are all still there.
 */
export async function gcInBatches(target: PgTarget, scope: OwnerScope, now: number, batch = DEFAULT_GC_BATCH): Promise<ExpiredRecord[]> {
  const all: ExpiredRecord[] = [];
  for (;;) {
    const r = await gcBatch(target, scope, now, batch);
    all.push(...r.groups);
    if (r.rows < batch) return all;
  }
}
