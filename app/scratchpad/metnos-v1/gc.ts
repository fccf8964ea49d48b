import Database from 'better-sqlite3';
import type { ExpiredRecord } from '../core/backend';
import { ScratchpadError } from '../types';
import type { V1Context } from './context';
import { TURN_KEY_SQL } from './keys';
import { withV1Errors } from './v1-errors';

/** The rows with expiresAt <= now, by turn (owner null: the format has none), on `db` (either connection). */
export function expiredByTurn(db: Database.Database, bytesSql: string, now: number): ExpiredRecord[] {
  const rows = db
    .prepare(
      `SELECT ${TURN_KEY_SQL} AS turnId, count(*) AS rows, coalesce(sum(${bytesSql}), 0) AS bytes FROM entries WHERE expires_at <= ? GROUP BY turn_id ORDER BY turn_id`,
    )
    .all(now) as { turnId: string; rows: number; bytes: number }[];
  return rows.map((r) => ({ ...r, owner: null }));
}

/**
 * Deletes every row with expiresAt <= now (this project's rule; the original spared a row exactly at now) in one
 * `BEGIN IMMEDIATE` transaction on a short-lived read-write connection, so the only change gc makes is those
 * deletions (no schema, pragma or journal-mode change; no VACUUM). When another process holds the lock past the
 * busy timeout it fails with BUSY and deletes nothing; READ_ONLY when the file is not writable. If a writer crashed
 * mid-transaction (hot journal), this write connection first rolls that transaction back, as SQLite requires
 * before any write and as the runtime itself would on its next open.
 */
export function runV1Gc(ctx: V1Context, now: number): ExpiredRecord[] {
  return withV1Errors(ctx.path, 'write', () => {
    const { options } = ctx;
    const db = new Database(ctx.path, {
      fileMustExist: true,
      timeout: options.busyTimeoutMs,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        const turns = expiredByTurn(db, ctx.bytesSql, now);
        const expected = turns.reduce((n, t) => n + t.rows, 0);
        const changes = expected > 0 ? db.prepare('DELETE FROM entries WHERE expires_at <= ?').run(now).changes : 0;
        if (changes !== expected) throw new ScratchpadError('BUSY', `${ctx.path}: gc counted ${expected} expired rows but deleted ${changes}; rolled back`);
        db.exec('COMMIT');
        return turns;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      db.close();
    }
  });
}
