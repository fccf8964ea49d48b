import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openPgTarget, type OpenedPgTarget } from '../../app/scratchpad/postgres/pool';
import { queryOnce } from '../../app/scratchpad/postgres/transaction';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';

/*
 * The lane (lane.ts): one-call statements reuse one kept connection while it is idle, take the pool's others when
 * it is busy, survive its failure, and never keep close() waiting.
 */

let db: TestDatabase;
let target: OpenedPgTarget;
beforeEach(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  target = await openPgTarget(db.url);
});
afterEach(async () => {
  await target.close();
  await db.drop();
});

const pid = async () => Number((await queryOnce<{ p: number }>(target, 'read', { name: 'lane-pid', text: 'SELECT pg_backend_pid() AS p' })).rows[0]!.p);

describe('queryOnce over the lane', () => {
  it('sends one call after another on the same connection', async () => {
    const first = await pid();
    expect([await pid(), await pid(), await pid()]).toEqual([first, first, first]);
  });

  it('sends calls made while the lane is busy on other pooled connections, and each gets its own answer', async () => {
    await pid();
    const answers = await Promise.all(
      [0, 1, 2].map((i) => queryOnce<{ n: number }>(target, 'read', { text: 'SELECT $1::int AS n, pg_sleep(0.05)', values: [i] })),
    );
    expect(answers.map((r) => r.rows[0]!.n)).toEqual([0, 1, 2]);
    const pids = await Promise.all([0, 1].map(() => queryOnce<{ p: number }>(target, 'read', { text: 'SELECT pg_backend_pid() AS p, pg_sleep(0.05)' })));
    expect(new Set(pids.map((r) => r.rows[0]!.p)).size).toBe(2);
  });

  it('drops a lane whose connection was ended while idle, and the next call works on another', async () => {
    const first = await pid();
    const admin = await db.admin();
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    // The idle lane hears its connection end (an 'error' event, handled), then the next call takes another.
    await expect.poll(async () => (await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [first])).rows[0].n).toBe(0);
    let next = 0;
    await expect.poll(async () => (next = await pid().catch(() => first))).not.toBe(first);
    expect(await pid()).toBe(next);
  });

  it('drops a lane whose call failed, and the error comes out mapped', async () => {
    const first = await pid();
    await expect(queryOnce(target, 'read', { text: 'SELECT * FROM no_such_table' })).rejects.toMatchObject({ code: 'CORRUPT' });
    expect(await pid()).not.toBe(first);
  });

  it('lets close() end the pool while the lane is kept', async () => {
    await pid();
    const other = await openPgTarget(db.url);
    await queryOnce(other, 'read', { text: 'SELECT 1' });
    await other.close();
    const admin = await db.admin();
    const left = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [db.name]);
    expect(left.rows[0].n).toBe(1); // only the lane of this test's own target remains
  });
});
