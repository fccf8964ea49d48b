import type pg from 'pg';
import { beginSql, type Binding } from './binding';
import { isRetryable, mapPgError, type PgOperation } from './errors';
import { notifySql } from './data/notify';
import { giveLane, keepAsLane, takeLane } from './lane';

/** How often a transaction that hit a serialization failure or a deadlock is tried in all. */
export const DEFAULT_ATTEMPTS = 5;

/** Where transactions run: a pool of connections to one database, and how to name it in errors. */
export interface PgTarget {
  readonly pool: pg.Pool;
  /** Redacted URL (no password) for messages. */
  readonly label: string;
  /** Secrets to scrub from messages (the password). */
  readonly secrets: readonly (string | null)[];
}

/** Options of {@link inTransaction}. */
export interface TransactionOptions {
  /** `read` opens the transaction READ ONLY. */
  readonly operation: PgOperation;
  /** Tries in all for serialization failures and deadlocks; default {@link DEFAULT_ATTEMPTS}. */
  readonly attempts?: number;
  /**
   * A change notice (notify.ts) sent with the COMMIT, in the same round trip: listeners get it only if the
   * transaction commits. Computed from `fn`'s result, or a fixed string; null sends none.
   */
  readonly notify?: string | ((value: never) => string | null);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in one transaction bound to `binding` (binding.ts) on a pooled connection: BEGIN and the binding in
 * one round trip, then `fn`, then COMMIT. Any error rolls back; serialization failures (40001) and deadlocks
 * (40P01) are tried again up to `attempts` times with a short random backoff, then BUSY. Errors come out
 * mapped by mapPgError. A connection that failed is discarded, not returned to the pool. If the connection is
 * lost during COMMIT the outcome is unknown to the client (BUSY/connection_lost); callers must make writes safe
 * to repeat or check before repeating.
 */
export async function inTransaction<T>(target: PgTarget, binding: Binding, options: TransactionOptions, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    let client: pg.PoolClient;
    try {
      client = await target.pool.connect();
    } catch (err) {
      throw mapPgError(err, target.label, options.operation, target.secrets);
    }
    let broken: Error | undefined;
    // A connection that dies while checked out emits 'error' (no pool listener then): without a listener that
    // would crash the process. The failure also rejects the query in flight, which is what gets mapped.
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    try {
      await client.query(beginSql(binding, options.operation === 'read'));
      const value = await fn(client);
      const notice = typeof options.notify === 'function' ? (options.notify as (v: T) => string | null)(value) : (options.notify ?? null);
      await client.query(notice === null ? 'COMMIT' : `${notifySql(notice)}; COMMIT`);
      return value;
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackErr) {
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      }
      if (isRetryable(err) && attempt < attempts) {
        await sleep(Math.random() * 10 * attempt);
        continue;
      }
      throw mapPgError(err, target.label, options.operation, target.secrets);
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
}

/**
 * `client.query(config)` with the socket corked while node-postgres writes the query's messages (Bind, Describe,
 * Execute, Sync: one socket write each), so they leave in one network write and the server wakes once: one
 * syscall less per call on each side. A client still busy queues the query and writes it later, uncorked.
 */
export function corkedQuery<R extends pg.QueryResultRow>(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  const stream = (client as Partial<pg.Client>).connection?.stream;
  stream?.cork();
  try {
    return client.query<R>(config);
  } finally {
    stream?.uncork();
  }
}

/**
 * One query on the pool's lane (lane.ts) when it is idle, else on a pooled connection, which then becomes the lane
 * if there is none (corkedQuery both ways). A connection that failed or raised is discarded, as pool.query does.
 */
async function queryPooled<R extends pg.QueryResultRow>(pool: pg.Pool, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  const lane = takeLane(pool);
  if (lane !== null) {
    let failed: Error | undefined;
    try {
      return await corkedQuery<R>(lane, config);
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      giveLane(pool, lane, failed);
    }
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  // As in inTransaction: a connection dying while checked out emits 'error'; the query in flight rejects too.
  const onError = (err: Error) => (broken = err);
  client.on('error', onError);
  let kept = false;
  try {
    const res = await corkedQuery<R>(client, config);
    kept = broken === undefined && keepAsLane(pool, client);
    return res;
  } catch (err) {
    broken ??= err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.removeListener('error', onError);
    if (!kept) client.release(broken);
  }
}

/**
 * Runs one statement outside any explicit transaction (its own implicit one: one round trip, its messages in one
 * network write), for the store's one-call functions that bind the principal themselves (migrations/002, 003,
 * 004). `config` is a named query (planned once per connection). A serialization failure or deadlock is tried
 * again, up to `attempts` tries in all (default 1: only for statements safe to repeat, such as a read or a whole
 * gc batch), with a short random backoff. Errors come out mapped by mapPgError; a connection that failed is
 * discarded.
 */
export async function queryOnce<R extends pg.QueryResultRow>(
  target: PgTarget,
  operation: PgOperation,
  config: pg.QueryConfig,
  attempts = 1,
): Promise<pg.QueryResult<R>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await queryPooled<R>(target.pool, config);
    } catch (err) {
      if (isRetryable(err) && attempt < attempts) {
        await sleep(Math.random() * 10 * attempt);
        continue;
      }
      throw mapPgError(err, target.label, operation, target.secrets);
    }
  }
}
