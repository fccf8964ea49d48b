import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { encodeText } from '../../app/scratchpad/core/encode';
import { putObservationRow } from '../../app/scratchpad/postgres/data/put';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { openPgTarget } from '../../app/scratchpad/postgres/pool';
import { createLogin } from '../support/pg-roles';
import { meta, seedOwner, TEXT_CHUNK } from './fixtures';
import { perTestDatabaseWithRoles } from './helpers';

/*
 * Schema 6: the principal checks inlined into the policies (is_schema_owner one built-in call, is_operator the
 * setting first) and put_one_chunk's row and totals in one statement. The migration from 5 keeps every row; each
 * role's principal, owner and operator answers are those of schema 5; puts keep the totals exact and RLS still
 * refuses a row of another owner.
 */

/** A fresh database with the roles per test; `env.client(url)` connections are closed after each. */
const env = perTestDatabaseWithRoles();
const client = env.client;

const label = 'postgres://app@127.0.0.1/test';
const alice = { kind: 'user', userId: 'alice' } as const;

/** Every row of the store's tables (content as md5), as the superuser sees them, in a stable order. */
async function everything(admin: pg.ClientBase): Promise<Record<string, unknown[]>> {
  const q = async (sql: string) => (await admin.query(sql)).rows;
  return {
    observations: await q(`SELECT to_jsonb(o) - 'data' AS row, md5(o.data) AS data FROM scratchpad.observations o ORDER BY pk`),
    chunks: await q('SELECT entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, md5(data) AS data FROM scratchpad.chunks ORDER BY 1, 2'),
    read_log: await q('SELECT * FROM scratchpad.read_log ORDER BY seq'),
    turn_totals: await q('SELECT * FROM scratchpad.turn_totals ORDER BY owner, turn_id'),
  };
}

/** turn_totals per (owner, turn) against a count of the rows themselves (the superuser, past RLS). */
async function totalsAgainstRows(admin: pg.ClientBase): Promise<{ stored: unknown[]; counted: unknown[] }> {
  const stored = (await admin.query('SELECT owner, turn_id, rows::int, bytes::int, text_rows::int, b1::int FROM scratchpad.turn_totals ORDER BY 1, 2')).rows;
  const counted = (
    await admin.query(
      `SELECT owner, turn_id, count(*)::int AS rows, sum(size_bytes)::int AS bytes, count(*) FILTER (WHERE kind = 'text')::int AS text_rows,
        count(*) FILTER (WHERE size_bytes > 1024 AND size_bytes <= 16384)::int AS b1 FROM scratchpad.observations GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  ).rows;
  return { stored, counted };
}

/** What the policies' functions answer for the connected role with principal 'mallory' and the operator view asked for (or not). */
async function answers(c: pg.ClientBase, operator: boolean): Promise<unknown> {
  await c.query(`BEGIN; SELECT set_config('scratchpad.principal', 'mallory', true), set_config('scratchpad.operator', '${operator ? 'on' : 'off'}', true)`);
  try {
    return (await c.query('SELECT scratchpad.is_schema_owner() AS owner, scratchpad.principal() AS principal, scratchpad.is_operator() AS operator')).rows[0];
  } finally {
    await c.query('ROLLBACK');
  }
}

describe('migration 5 to 6', () => {
  it('keeps every row, chunk, read and total; puts then keep the totals exact', async () => {
    const admin = await env.db.admin();
    const app = await client(env.roles.appUrl);
    expect(await openSchema(app, { label, target: 5 })).toBe(5);
    await seedOwner(app, 'alice');
    await seedOwner(app, 'bob');
    const target = await openPgTarget(env.roles.appUrl);
    try {
      const bind = { owner: 'alice', operator: false };
      await putObservationRow(target, bind, meta('alice', 't1'), encodeText('inline before\n', TEXT_CHUNK));
      await putObservationRow(target, bind, meta('alice', 't1'), encodeText('é'.repeat(40_000), TEXT_CHUNK));
    } finally {
      await target.close();
    }
    const before = await everything(admin);
    expect(before.observations).toHaveLength(4);
    expect(before.chunks).toHaveLength(4); // seeded rows and the two-chunk one (schema 5 writes the short one inline)

    expect(await openSchema(app, { label, target: 6 })).toBe(6);
    expect(await everything(admin)).toEqual(before);
    const shape = await admin.query(`SELECT (SELECT value FROM scratchpad.meta WHERE key = 'version') AS version,
      (SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = 'scratchpad.is_schema_owner'::regproc) AS owner_check,
      (SELECT p.proconfig FROM pg_proc p WHERE p.oid = 'scratchpad.is_schema_owner'::regproc) AS owner_check_config`);
    expect(shape.rows).toEqual([{ version: '6', owner_check: 'sql', owner_check_config: null }]);

    const store = await openScratchpad(env.roles.appUrl, { clock: () => 2_000 });
    try {
      const put = (turnId: string, observation: string) => store.put(alice, { turnId, stepNum: 2, executorName: 'shell', observation, ttlSeconds: 60 });
      await put('t1', 'after the migration');
      await put('t-new', 'x'.repeat(2_000));
      await put('t-new', 'y'.repeat(3_000));
      await put('t1', 'z'.repeat(100_000));
      expect((await store.listForTurn(alice, 't-new')).map((e) => e.sizeBytes)).toEqual([2_000, 3_000]);
      expect(await store.stats(alice)).toMatchObject({ rows: 7, expiredRows: 0 });
    } finally {
      await store.close();
    }
    const { stored, counted } = await totalsAgainstRows(admin);
    expect(stored).toEqual(counted);
    expect(stored).toContainEqual({ owner: 'alice', turn_id: 't-new', rows: 2, bytes: 5_000, text_rows: 2, b1: 2 });
  });
});

describe('principal checks in schema 6', () => {
  it.each([5, 6])(
    'answer for each role as in schema 5 (schema %i): only the owner and the application role bind a principal, only the operator asking gets the view',
    async (version) => {
      const admin = await env.db.admin();
      expect(await openSchema(await client(env.roles.appUrl), { label, target: version })).toBe(version);
      // A role with every privilege on the schema short of its grant options (USAGE and CREATE) is not the owner.
      const creator = `${env.db.name}_creator`;
      const creatorUrl = env.db.urlFor(creator, await createLogin(admin, creator, ['scratchpad_user']));
      await admin.query(`GRANT USAGE, CREATE ON SCHEMA scratchpad TO "${creator}"`);
      const cases = {
        app: await client(env.roles.appUrl),
        operator: await client(env.roles.operatorUrl),
        alice: await client(env.roles.alice.url),
        creator: await client(creatorUrl),
      };
      const got: Record<string, unknown> = {};
      for (const [k, c] of Object.entries(cases)) got[k] = [await answers(c, true), await answers(c, false)];
      expect(got).toEqual({
        app: [
          { owner: true, principal: 'mallory', operator: false },
          { owner: true, principal: 'mallory', operator: false },
        ],
        operator: [
          { owner: false, principal: `${env.db.name}_ops`, operator: true },
          { owner: false, principal: `${env.db.name}_ops`, operator: false },
        ],
        alice: [
          { owner: false, principal: env.roles.alice.name, operator: false },
          { owner: false, principal: env.roles.alice.name, operator: false },
        ],
        creator: [
          { owner: false, principal: creator, operator: false },
          { owner: false, principal: creator, operator: false },
        ],
      });
    },
  );

  it("refuses a per-user role's put_one_chunk of another owner's row and writes nothing", async () => {
    const admin = await env.db.admin();
    await openSchema(await client(env.roles.appUrl), { label });
    const c = await client(env.roles.alice.url);
    const args = (owner: string) => [
      owner,
      '0'.repeat(32),
      't1',
      1,
      'shell',
      'text',
      false,
      3,
      3,
      TEXT_CHUNK,
      0,
      1_000,
      4_600,
      null,
      null,
      null,
      '0'.repeat(64),
      'abc',
      null,
      null,
      Buffer.from('abc'),
    ];
    const put = `SELECT scratchpad.put_one_chunk(${Array.from({ length: 21 }, (_, i) => `$${i + 1}`).join(', ')}) AS pk`;
    await expect(c.query(put, args(env.roles.bob.name))).rejects.toMatchObject({ code: '42501' });
    expect((await admin.query('SELECT count(*)::int AS n FROM scratchpad.observations')).rows).toEqual([{ n: 0 }]);
    expect((await admin.query('SELECT count(*)::int AS n FROM scratchpad.turn_totals')).rows).toEqual([{ n: 0 }]);
    await c.query(put, args(env.roles.alice.name));
    expect((await admin.query('SELECT owner, rows::int FROM scratchpad.turn_totals')).rows).toEqual([{ owner: env.roles.alice.name, rows: 1 }]);
  });
});
