import type pg from 'pg';
import type { ExpiredRecord, OwnerScope } from '../../core/backend';
import { DEFAULT_GC_BATCH } from '../data/gc';
import { formatNotice } from '../data/notify';
import { SCHEMA } from '../names';
import { inTransaction, type PgTarget } from '../transaction';
import { bindingOf, ownerCondition } from './rows';

/**
 * One gc batch in the caller's transaction: up to `limit` rows in scope with expires_at <= now, oldest expiry
 * first, deleted with their chunks and read log in one statement (all or nothing), grouped by (turn, owner).
 * The chunks and read-log rows go by `entry_pk = ANY (ARRAY(...))`: the doomed row numbers become one array
 * (an init plan), which the planner always serves by the (entry_pk, seq) index, whatever its row estimates say;
 * a join with the deleted rows was planned from stale statistics after a bulk put into a seq scan of every
 * chunk per batch, or worse a nested loop over them (minutes for 10,000 rows). The observations themselves go
 * by the primary key too: the expiry is re-checked as `expires_at + 0`, a form no index serves, because an
 * expiry index scan filtering `pk = ANY (...)` compares every expired row with the whole array. No row lock is
 * taken before the DELETE; the DELETE re-checks the expiry of a row changed meanwhile (READ COMMITTED), so a row whose TTL
 * was just extended is kept.
 */
async function gcBatch(client: pg.ClientBase, scope: OwnerScope, now: number, limit: number): Promise<{ rows: number; groups: ExpiredRecord[] }> {
  const params: unknown[] = [now, limit];
  const owner = ownerCondition(scope, params);
  const res = await client.query({
    // Named: planned once per connection (planning this statement costs more than running a batch of it).
    name: `scratchpad-gc-${scope.kind}`,
    text: `WITH gone AS (
       DELETE FROM ${SCHEMA}.observations
       WHERE pk = ANY (ARRAY(SELECT pk FROM ${SCHEMA}.observations WHERE expires_at <= $1${owner} ORDER BY expires_at, pk LIMIT $2))
         AND expires_at + 0 <= $1
       RETURNING pk, turn_id, owner, size_bytes
     ), chunks AS (
       DELETE FROM ${SCHEMA}.chunks WHERE entry_pk = ANY (ARRAY(SELECT pk FROM gone))
     ), reads AS (
       DELETE FROM ${SCHEMA}.read_log WHERE entry_pk = ANY (ARRAY(SELECT pk FROM gone))
     )
     SELECT turn_id, owner, count(*) AS rows, sum(size_bytes) AS bytes FROM gone GROUP BY turn_id, owner`,
    values: params,
  });
  const groups = res.rows.map((r) => ({ turnId: r.turn_id as string, owner: r.owner as string, rows: Number(r.rows), bytes: Number(r.bytes) }));
  return { rows: groups.reduce((n, g) => n + g.rows, 0), groups };
}

/**
 * gc in batches of `batch` rows, each its own short transaction (puts never wait long), until a batch finds fewer
 * than `batch` rows; each committed batch sends `gc:<rows>`. A failure keeps the batches already committed (each
 * whole) and propagates mapped; the rows of a failed batch are all still there.
 */
export async function gcInBatches(target: PgTarget, scope: OwnerScope, now: number, batch = DEFAULT_GC_BATCH): Promise<ExpiredRecord[]> {
  const all: ExpiredRecord[] = [];
  for (;;) {
    const r = await inTransaction(
      target,
      bindingOf(scope),
      { operation: 'write', notify: (v: { rows: number }) => (v.rows > 0 ? formatNotice({ kind: 'gc', count: v.rows }) : null) },
      (c) => gcBatch(c, scope, now, batch),
    );
    all.push(...r.groups);
    if (r.rows < batch) return all;
  }
}
