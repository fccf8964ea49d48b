import type pg from 'pg';

/*
 * One pooled connection kept checked out for the store's one-call statements (transaction.ts queryOnce). A call
 * that finds it idle sends its statement at once, without the pool's checkout and release (a promise, an idle
 * timer and a queue pulse each way: measured at about as much client CPU as node-postgres' own work for a put's
 * statement). A call that finds it busy, or none yet, takes a connection from the pool as before, and the first
 * such call that succeeds keeps its connection as the lane. A lane connection that raised or failed is released
 * as broken (the pool discards it); one that fails while idle is dropped the same way, so its 'error' never goes
 * unheard. The lane is one of the pool's connections: transactions get the others.
 */

interface LaneState {
  client: pg.PoolClient | null;
  busy: boolean;
  closed: boolean;
}

const lanes = new WeakMap<pg.Pool, LaneState>();

function stateOf(pool: pg.Pool): LaneState {
  let s = lanes.get(pool);
  if (s === undefined) {
    s = { client: null, busy: false, closed: false };
    lanes.set(pool, s);
  }
  return s;
}

/** The pool's idle lane connection, now busy, or null (none, busy or closed): the caller then uses the pool. */
export function takeLane(pool: pg.Pool): pg.PoolClient | null {
  const s = stateOf(pool);
  if (s.closed || s.busy || s.client === null) return null;
  s.busy = true;
  return s.client;
}

/** Gives the lane back after a call; with `failed` (the call raised or the connection failed) it is released as broken. */
export function giveLane(pool: pg.Pool, client: pg.PoolClient, failed: Error | undefined): void {
  const s = stateOf(pool);
  s.busy = false;
  if (failed !== undefined || s.closed) drop(s, client, failed);
}

/**
 * Keeps `client` (a pooled connection whose call just succeeded) as the pool's lane when there is none; true when
 * kept (the caller must not release it), false when the caller releases it as usual.
 */
export function keepAsLane(pool: pg.Pool, client: pg.PoolClient): boolean {
  const s = stateOf(pool);
  if (s.closed || s.client !== null) return false;
  s.client = client;
  client.on('error', (err: Error) => {
    // A lane that fails while idle is released now; one in a call is released by that call's giveLane.
    if (s.client === client && !s.busy) drop(s, client, err);
  });
  return true;
}

/** Returns the lane to the pool (at once when idle, else when its call ends), so pool.end() does not wait for it. */
export function closeLane(pool: pg.Pool): void {
  const s = stateOf(pool);
  s.closed = true;
  if (s.client !== null && !s.busy) drop(s, s.client, undefined);
}

function drop(s: LaneState, client: pg.PoolClient, err: Error | undefined): void {
  if (s.client !== client) return;
  s.client = null;
  client.release(err);
}
