import pg from 'pg';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { summarizeText } from '../../app/scratchpad/summary';
import { meta, putText, seedOwner } from './fixtures';
import { perTestDatabaseWithRoles } from './helpers';

/*
 * Schema 4: the migration from 3 keeps every row, the put call keeps the turn totals exact (once, not twice, and
 * the trigger still counts other inserts), and the functions it adds or changes reach only the principal's own
 * rows when a per-user role names another one.
 */

/** A fresh database with the roles per test; `env.client(url)` connections are closed after each. */
const env = perTestDatabaseWithRoles();
const client = env.client;

const label = 'postgres://app@127.0.0.1/test';
const bind = (owner: string) => `BEGIN; SELECT set_config('scratchpad.principal', $$${owner}$$, true)`;

/** put_one_chunk's 21 arguments for a one-chunk text `text` of `owner` in `turnId` (ASCII: bytes = code points). */
function putArgs(owner: string, turnId: string, text: string): unknown[] {
  const data = Buffer.from(text);
  return [
    owner,
    '0'.repeat(32),
    turnId,
    1,
    'shell',
    'text',
    false,
    data.length,
    data.length,
    32_768,
    0,
    1_000,
    4_600,
    null,
    null,
    null,
    '0'.repeat(64),
    text,
    null,
    null,
    data,
  ];
}
const PUT = `SELECT scratchpad.put_one_chunk(${Array.from({ length: 21 }, (_, i) => `$${i + 1}`).join(', ')}) AS pk`;

/** Every row of every owned table, as the superuser sees them (content as md5), in a stable order. */
async function everything(admin: pg.ClientBase): Promise<Record<string, unknown[]>> {
  const q = async (sql: string) => (await admin.query(sql)).rows;
  return {
    observations: await q('SELECT * FROM scratchpad.observations ORDER BY pk'),
    chunks: await q(
      'SELECT entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, md5(data) AS data FROM scratchpad.chunks ORDER BY entry_pk, seq',
    ),
    read_log: await q('SELECT * FROM scratchpad.read_log ORDER BY seq'),
    turn_totals: await q('SELECT * FROM scratchpad.turn_totals ORDER BY owner, turn_id'),
  };
}

/** turn_totals' rows and bytes per (owner, turn) against a count of the rows themselves (the superuser, past RLS). */
async function totalsAgainstRows(admin: pg.ClientBase): Promise<{ stored: unknown[]; counted: unknown[] }> {
  const stored = (await admin.query('SELECT owner, turn_id, rows::int, bytes::int FROM scratchpad.turn_totals ORDER BY owner, turn_id')).rows;
  const counted = (
    await admin.query('SELECT owner, turn_id, count(*)::int AS rows, sum(size_bytes)::int AS bytes FROM scratchpad.observations GROUP BY 1, 2 ORDER BY 1, 2')
  ).rows;
  return { stored, counted };
}

describe('migration 3 to 4', () => {
  it('keeps every row, chunk, read and total, and the store then lists, counts and puts on them', async () => {
    const app = await client(env.roles.appUrl);
    const admin = await env.db.admin();
    expect(await openSchema(app, { label, target: 3 })).toBe(3);
    await seedOwner(app, 'alice');
    await seedOwner(app, 'bob');
    await app.query(bind('alice'));
    await putText(app, meta('alice', 't1', { summary: 'long one' }), 'é'.repeat(40_000));
    await app.query('COMMIT');
    await app.query(PUT, putArgs('alice', 't1', 'short one'));
    const before = await everything(admin);
    expect(before.observations).toHaveLength(4);
    expect(before.turn_totals).toHaveLength(3);

    expect(await openSchema(app, { label, target: 4 })).toBe(4);
    expect(await everything(admin)).toEqual(before);
    const shape = await admin.query(`SELECT (SELECT value FROM scratchpad.meta WHERE key = 'version') AS version,
      to_regclass('scratchpad.observations_owner_expiry') IS NOT NULL AS owner_expiry,
      (SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = 'scratchpad.is_schema_owner'::regproc) AS owner_check,
      (SELECT p.proconfig FROM pg_proc p WHERE p.oid = 'scratchpad.is_schema_owner'::regproc) AS owner_check_config`);
    expect(shape.rows).toEqual([{ version: '4', owner_expiry: true, owner_check: 'plpgsql', owner_check_config: ['search_path=pg_catalog, pg_temp'] }]);

    const store = await openScratchpad(env.roles.appUrl, { clock: () => 2_000 });
    try {
      const alice = { kind: 'user', userId: 'alice' } as const;
      expect((await store.listForTurn(alice, 't1')).map((e) => [e.summary, e.sizeBytes])).toEqual([
        ['long one', 80_000],
        ['short one', 9],
      ]);
      expect(await store.stats(alice)).toMatchObject({ rows: 3, bytes: 80_009 + 'hello from alice\n'.length, expiredRows: 0 });
      await store.put(alice, { turnId: 't1', observation: 'after the migration', ttlSeconds: 60, stepNum: null, executorName: null });
      await store.put(alice, { turnId: 't1', observation: 'x'.repeat(100_000), ttlSeconds: 60, stepNum: null, executorName: null });
      expect(await store.stats(alice)).toMatchObject({ rows: 5 });
    } finally {
      await store.close();
    }
    const { stored, counted } = await totalsAgainstRows(admin);
    expect(stored).toEqual(counted);
  });
});

describe('turn totals in schema 4', () => {
  it('put_one_chunk adds its row once, and a plain insert after it in the same transaction is still counted by the trigger', async () => {
    const app = await client(env.roles.appUrl);
    const admin = await env.db.admin();
    await openSchema(app, { label });
    await app.query(bind('alice'));
    await app.query(PUT, putArgs('alice', 't1', 'one'));
    expect((await app.query(`SELECT current_setting('scratchpad.totals_by_call', true) AS s`)).rows).toEqual([{ s: 'off' }]);
    await putText(app, meta('alice', 't1'), 'two!');
    await app.query('COMMIT');
    await app.query(PUT, putArgs('alice', 't2', 'three'));
    const { stored, counted } = await totalsAgainstRows(admin);
    expect(stored).toEqual([
      { owner: 'alice', turn_id: 't1', rows: 2, bytes: 7 },
      { owner: 'alice', turn_id: 't2', rows: 1, bytes: 5 },
    ]);
    expect(counted).toEqual(stored);
  });
});

describe("schema 4's functions with one database role per user", () => {
  beforeEach(async () => {
    await openSchema(await client(env.roles.appUrl), { label });
    await seedOwner(await client(env.roles.alice.url), env.roles.alice.name);
    await seedOwner(await client(env.roles.bob.url), env.roles.bob.name);
  });

  it("turn_entries_split and stats_from_totals called with another principal's name answer nothing of its rows", async () => {
    const alice = await client(env.roles.alice.url);
    const bob = env.roles.bob.name;
    for (const [owner, operator] of [
      [bob, false],
      [bob, true],
      [null, true],
    ] as const) {
      const listing = await alice.query('SELECT entries, summaries FROM scratchpad.turn_entries_split($1, $2, $3)', [owner, operator, `turn-${bob}`]);
      expect(listing.rows).toEqual([{ entries: [], summaries: '' }]);
    }
    const stats = await alice.query('SELECT total_rows::int, expired_rows::int FROM scratchpad.stats_from_totals($1, false, 1e12)', [bob]);
    expect(stats.rows).toEqual([{ total_rows: 0, expired_rows: 0 }]);
    // Its own rows it reaches through the same calls.
    const own = await alice.query('SELECT entries, summaries FROM scratchpad.turn_entries_split($1, false, $2)', [
      env.roles.alice.name,
      `turn-${env.roles.alice.name}`,
    ]);
    expect(own.rows[0].summaries).toBe(`summary of turn-${env.roles.alice.name}`);
    expect(own.rows[0].entries).toHaveLength(1);
    const ownStats = await alice.query('SELECT total_rows::int, expired_rows::int FROM scratchpad.stats_from_totals($1, false, 1e12)', [env.roles.alice.name]);
    expect(ownStats.rows).toEqual([{ total_rows: 1, expired_rows: 1 }]);
  });

  it('put_one_chunk cannot write a row or a total for another principal, and the totals switch writes none either', async () => {
    const alice = await client(env.roles.alice.url);
    const admin = await env.db.admin();
    const before = await everything(admin);
    await expect(alice.query(PUT, putArgs(env.roles.bob.name, 'forged', 'x'))).rejects.toMatchObject({ code: '42501' });
    await alice.query(`BEGIN; SELECT set_config('scratchpad.totals_by_call', 'on', true)`);
    try {
      await expect(putText(alice, meta(env.roles.bob.name, 'forged'), 'x')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await alice.query('ROLLBACK');
    }
    await alice.query('BEGIN');
    try {
      await expect(
        alice.query(`INSERT INTO scratchpad.turn_totals SELECT $1, 'forged', 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0`, [env.roles.bob.name]),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await alice.query('ROLLBACK');
    }
    expect(await everything(admin)).toEqual(before);
  });
});

describe('listing through schema 4', () => {
  it('gives the same entries when a summary holds the separator of the split listing (U+001E)', async () => {
    await openSchema(await client(env.roles.appUrl), { label });
    const store = await openScratchpad(env.roles.appUrl, { clock: () => 1_000 });
    try {
      const alice = { kind: 'user', userId: 'alice' } as const;
      const texts = ['plain', 'one\u001etwo', '\u001e', ''];
      for (const t of texts) await store.put(alice, { turnId: 'sep', observation: t, ttlSeconds: 60, stepNum: null, executorName: null });
      await store.put(alice, { turnId: 'plain', observation: 'a', ttlSeconds: 60, stepNum: null, executorName: null });
      await store.put(alice, { turnId: 'plain', observation: '', ttlSeconds: 60, stepNum: null, executorName: null });
      expect((await store.listForTurn(alice, 'sep')).map((e) => e.summary)).toEqual(texts.map((t) => summarizeText(t)));
      expect((await store.listForTurn(alice, 'plain')).map((e) => e.summary)).toEqual(['a', '']);
    } finally {
      await store.close();
    }
  });
});

describe('round trips of the hot calls', () => {
  it('a one-chunk put, a turn listing and a user stats are one query each, on a warm pool', async () => {
    await openSchema(await client(env.roles.appUrl), { label });
    const store = await openScratchpad(env.roles.appUrl, { clock: () => 1_000 });
    const alice = { kind: 'user', userId: 'alice' } as const;
    const calls = {
      put: () => store.put(alice, { turnId: 't', observation: 'x'.repeat(8_192), ttlSeconds: 60, stepNum: 1, executorName: 'shell' }),
      listForTurn: () => store.listForTurn(alice, 't'),
      stats: () => store.stats(alice),
    };
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const counted: Record<string, number> = {};
      for (const [name, call] of Object.entries(calls)) {
        await call();
        spy.mockClear();
        await call();
        counted[name] = spy.mock.calls.length;
      }
      expect(counted).toEqual({ put: 1, listForTurn: 1, stats: 1 });
    } finally {
      spy.mockRestore();
      await store.close();
    }
  });
});
