import type pg from 'pg';
import type { Binding } from '../binding';
import { SCHEMA } from '../names';
import { inTransaction, type PgTarget } from '../transaction';
import { formatNotice } from './notify';

/** Rows removed per gc transaction: short transactions, so puts and reads never wait long on gc. */
export const DEFAULT_GC_BATCH = 1_000;

/** What one gc removed: rows and their bytes (metadata size_bytes). */
export interface PgGcResult {
  readonly removed: number;
  readonly bytes: number;
}

/**
 * Deletes up to `limit` observations visible to the bound principal with expires_at <= `now` (Unix seconds from
 * the store's clock), oldest expiry first, with their chunks and read log (in the same statement: all or
 * nothing), in the caller's transaction. Rows go by primary key and `entry_pk = ANY (ARRAY(...))`, never a join
 * the planner could turn into a scan of every chunk (see store/gc.ts). Rows locked by another transaction (a TTL change in flight) are skipped, not waited for (SKIP
 * LOCKED); under READ COMMITTED a row whose expiry was moved past `now` meanwhile is re-checked and kept.
 */
export async function gcBatch(client: pg.ClientBase, now: number, limit: number): Promise<PgGcResult> {
  const res = await client.query<{ removed: string; bytes: string }>(
    `WITH gone AS (
       DELETE FROM ${SCHEMA}.observations
       WHERE pk = ANY (ARRAY(SELECT pk FROM ${SCHEMA}.observations WHERE expires_at <= $1 ORDER BY expires_at, pk LIMIT $2 FOR UPDATE SKIP LOCKED))
         AND expires_at + 0 <= $1
       RETURNING pk, size_bytes
     ), chunks AS (
       DELETE FROM ${SCHEMA}.chunks WHERE entry_pk = ANY (ARRAY(SELECT pk FROM gone))
     ), reads AS (
       DELETE FROM ${SCHEMA}.read_log WHERE entry_pk = ANY (ARRAY(SELECT pk FROM gone))
     )
     SELECT count(*) AS removed, coalesce(sum(size_bytes), 0) AS bytes FROM gone`,
    [now, limit],
  );
  const r = res.rows[0]!;
  return { removed: Number(r.removed), bytes: Number(r.bytes) };
}

/**
 * gc in batches of `batch` rows, each its own transaction bound to `binding`, until a batch removes fewer than
 * `batch` rows. A failure keeps every batch already committed (each is whole: no half-removed row); the error
 * propagates mapped. Each committed batch sends a `gc:<rows>` change notice.
 */
export async function gcExpired(target: PgTarget, binding: Binding, now: number, batch = DEFAULT_GC_BATCH): Promise<PgGcResult & { batches: number }> {
  let removed = 0;
  let bytes = 0;
  let batches = 0;
  for (;;) {
    const r = await inTransaction(
      target,
      binding,
      { operation: 'write', notify: (v: PgGcResult) => (v.removed > 0 ? formatNotice({ kind: 'gc', count: v.removed }) : null) },
      (c) => gcBatch(c, now, batch),
    );
    removed += r.removed;
    bytes += r.bytes;
    batches++;
    if (r.removed < batch) return { removed, bytes, batches };
  }
}
