import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { setUpRoles, type RoleSetup } from './helpers';

/*
 * The connection lost in the middle of a read, a put and a gc: the store's statement is made to wait on a lock
 * the test holds (so it is provably in the middle: earlier statements of its transaction done, the next one
 * waiting), its backend is ended with pg_terminate_backend from a second connection, then the lock is released.
 * The call must fail with a typed error and leave no partial result, row or half-done gc.
 */
const alice = { kind: 'user', userId: 'alice' } as const;
const operator = { kind: 'operator' } as const;
let db: TestDatabase;
let roles: RoleSetup;
let store: Scratchpad;
let locker: pg.Client;
let killer: pg.Client;
let now = 1_000;

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  roles = await setUpRoles(db);
  // The application login is also an operator here, so one store runs the user's calls and the operator's gc.
  await (await db.admin()).query(`GRANT scratchpad_operator TO "${db.name}_app"`);
  store = await openScratchpad(roles.appUrl, { clock: () => now });
  locker = await db.admin();
  killer = await db.admin();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** Waits (a state, not a delay) until a backend of the application login waits on a lock; returns its pid. */
async function waitingBackend(): Promise<number> {
  for (;;) {
    const r = await killer.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND usename = $2 AND wait_event_type = 'Lock'`, [
      db.name,
      `${db.name}_app`,
    ]);
    if (r.rows[0]) return r.rows[0].pid as number;
    await killer.query('SELECT pg_sleep(0.02)');
  }
}

/** Runs `call` while `lockSql` is held in the locker's transaction, ends the call's backend once it waits, releases. */
async function killMidway<T>(lockSql: string, call: () => Promise<T>): Promise<unknown> {
  await locker.query('BEGIN');
  await locker.query(lockSql);
  const pending = call().then(
    (v) => ({ resolved: v }),
    (e: unknown) => e,
  );
  try {
    const pid = await waitingBackend();
    expect((await killer.query('SELECT pg_terminate_backend($1) AS ok', [pid])).rows).toEqual([{ ok: true }]);
    return await pending;
  } finally {
    await locker.query('ROLLBACK');
  }
}

const counts = async (turnId: string) =>
  (
    await killer.query(
      `SELECT (SELECT count(*)::int FROM scratchpad.observations WHERE turn_id = $1) AS observations,
     (SELECT count(*)::int FROM scratchpad.chunks c WHERE c.entry_pk IN (SELECT pk FROM scratchpad.observations WHERE turn_id = $1)) AS chunks,
     (SELECT count(*)::int FROM scratchpad.chunks c WHERE NOT EXISTS (SELECT 1 FROM scratchpad.observations o WHERE o.pk = c.entry_pk)) AS orphan_chunks`,
      [turnId],
    )
  ).rows[0];

const lost = { code: 'BUSY', message: expect.stringContaining('connection lost') };

describe('the connection lost in the middle of a call', () => {
  it('a read fails with a typed error and no partial result; the next read works', async () => {
    const text = 'line of the long observation\n'.repeat(5_000);
    const { scratchpad_id: id } = await store.put(alice, { turnId: 'lost-read', stepNum: 1, executorName: 'shell', observation: text });
    // The read's chunk query waits on the table lock (its entry lookup has been answered).
    const result = await killMidway('LOCK TABLE scratchpad.chunks IN ACCESS EXCLUSIVE MODE', () => store.read(alice, id, { mode: 'full' }));
    expect(result).toMatchObject(lost);
    expect((await store.read(alice, id, { mode: 'full' })).content).toBe(text);
  });

  it('a put of several chunks leaves no partial row: neither its metadata nor any chunk', async () => {
    // Over one chunk (32,768 code points), so the metadata row is written before the chunks, which wait on the lock.
    const big = 'x'.repeat(100_000);
    const result = await killMidway('LOCK TABLE scratchpad.chunks IN SHARE MODE', () =>
      store.put(alice, { turnId: 'lost-put', stepNum: 1, executorName: 'shell', observation: big }),
    );
    expect(result).toMatchObject(lost);
    expect(await counts('lost-put')).toEqual({ observations: 0, chunks: 0, orphan_chunks: 0 });
    expect(await store.listForTurn(alice, 'lost-put')).toEqual([]);
  });

  it('a gc leaves no half-done batch: every expired row keeps its chunks, and the next gc removes them all', async () => {
    now = 1_000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      // Two chunks each (over 32,768 code points), so each row has chunks rows for the lock below.
      ids.push(
        (await store.put(alice, { turnId: 'lost-gc', stepNum: i, executorName: 'shell', observation: `expiring ${i} `.repeat(4_000), ttlSeconds: 10 }))
          .scratchpad_id,
      );
    const before = await counts('lost-gc');
    expect(before).toMatchObject({ observations: 3, chunks: 6 });
    now = 2_000;
    // A row lock on the last row's chunk: the batch's DELETE of the observations has run when it waits on it.
    const pk = Number.parseInt(ids[2]!.slice(32), 16);
    const result = await killMidway(`SELECT 1 FROM scratchpad.chunks WHERE entry_pk = ${pk} FOR UPDATE`, () => store.gc(operator));
    expect(result).toMatchObject(lost);
    expect(await counts('lost-gc')).toEqual(before);
    expect((await store.listForTurn(alice, 'lost-gc')).length).toBe(3);
    expect((await store.gc(operator)).deletedRows).toBe(3);
    expect(await counts('lost-gc')).toEqual({ observations: 0, chunks: 0, orphan_chunks: 0 });
  });
});
