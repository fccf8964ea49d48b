import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { meta, putText, seedOwner } from './fixtures';
import { connect, setUpRoles, type RoleSetup } from './helpers';

/*
 * Row-level security checked with hand-written SQL, as a bug in the store's queries would send it: no owner
 * condition anywhere, only the binding of the transaction (or the role) decides what comes back.
 */

const OWNED_TABLES = ['observations', 'chunks', 'read_log', 'turn_totals'] as const;
let db: TestDatabase;
let roles: RoleSetup;
let app: pg.Client;
const clients: pg.Client[] = [];

async function client(url: string): Promise<pg.Client> {
  const c = await connect(url);
  clients.push(c);
  return c;
}

/** Owners of every row of every owned table, in one transaction opened with `begin`. */
async function ownersSeen(c: pg.ClientBase, begin: string): Promise<Record<string, string[]>> {
  await c.query(begin);
  try {
    const out: Record<string, string[]> = {};
    for (const t of OWNED_TABLES) out[t] = (await c.query(`SELECT owner FROM scratchpad.${t} ORDER BY owner`)).rows.map((r) => r.owner as string);
    return out;
  } finally {
    await c.query('ROLLBACK');
  }
}

const every = (owners: string[]) => ({ observations: owners, chunks: owners, read_log: owners, turn_totals: owners });
const bind = (owner: string, operator = 'off') =>
  `BEGIN; SELECT set_config('scratchpad.principal', '${owner}', true), set_config('scratchpad.operator', '${operator}', true)`;

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  roles = await setUpRoles(db);
  app = await client(roles.appUrl);
  await openSchema(app, { label: 'test' });
  await seedOwner(app, 'alice');
  await seedOwner(app, 'bob');
  const aliceRole = await client(roles.alice.url);
  await seedOwner(aliceRole, roles.alice.name);
  await seedOwner(await client(roles.bob.url), roles.bob.name);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await db.drop();
});

describe('row-level security, one application role', () => {
  it("with principal alice bound, SELECT on every table returns only alice's rows", async () => {
    expect(await ownersSeen(app, bind('alice'))).toEqual(every(['alice']));
  });

  it('with no principal bound, every table returns nothing (also after a transaction that bound one)', async () => {
    expect(await ownersSeen(app, 'BEGIN')).toEqual(every([]));
    await app.query(`BEGIN; SELECT set_config('scratchpad.principal', 'alice', true); COMMIT`);
    expect(await ownersSeen(app, 'BEGIN')).toEqual(every([]));
  });

  it('the metadata table stays readable (to recognise the schema) and is not writable', async () => {
    await app.query(bind('alice'));
    try {
      expect((await app.query(`SELECT value FROM scratchpad.meta WHERE key = 'format'`)).rows).toEqual([{ value: 'scratchpad-inspector-postgres' }]);
    } finally {
      await app.query('ROLLBACK');
    }
    const bobRole = await client(roles.bob.url);
    await expect(bobRole.query(`UPDATE scratchpad.meta SET value = 'x' WHERE key = 'version'`)).resolves.toMatchObject({ rowCount: 0 });
  });

  it("refuses a row written for another owner than the bound one, and changes or deletes none of bob's", async () => {
    await app.query(bind('alice'));
    try {
      await expect(putText(app, meta('bob', 'sneaky'), 'x')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await app.query('ROLLBACK');
    }
    await app.query(bind('alice'));
    try {
      expect((await app.query(`UPDATE scratchpad.observations SET expires_at = 0 WHERE owner = 'bob'`)).rowCount).toBe(0);
      expect((await app.query(`DELETE FROM scratchpad.chunks WHERE owner = 'bob'`)).rowCount).toBe(0);
      expect((await app.query(`DELETE FROM scratchpad.observations`)).rowCount).toBe(1);
    } finally {
      await app.query('ROLLBACK');
    }
    expect(await ownersSeen(app, bind('bob'))).toEqual(every(['bob']));
  });

  it('cannot become operator by setting the operator setting: it still sees only the bound owner, or nothing', async () => {
    expect(await ownersSeen(app, bind('alice', 'on'))).toEqual(every(['alice']));
    expect(await ownersSeen(app, bind('', 'on'))).toEqual(every([]));
    await app.query(bind('', 'on'));
    try {
      expect((await app.query('DELETE FROM scratchpad.observations')).rowCount).toBe(0);
    } finally {
      await app.query('ROLLBACK');
    }
  });
});

describe("row-level security of schema 3's turn totals and one-call functions", () => {
  it("a principal cannot change another owner's totals, and the one-call functions answer only for the bound one", async () => {
    await app.query(bind('alice'));
    try {
      expect((await app.query(`UPDATE scratchpad.turn_totals SET rows = 0 WHERE owner = 'bob'`)).rowCount).toBe(0);
      expect((await app.query(`DELETE FROM scratchpad.turn_totals WHERE owner <> 'alice'`)).rowCount).toBe(0);
      await expect(app.query(`INSERT INTO scratchpad.turn_totals SELECT 'bob', 'x', 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await app.query('ROLLBACK');
    }
    const alice = await client(roles.alice.url);
    const bobPks = (await (await db.admin()).query(`SELECT array_agg(pk) AS a FROM scratchpad.observations WHERE owner = $1`, [roles.bob.name])).rows[0].a;
    // A per-user role asking for bob's entries and totals by name gets nothing: the functions bind, RLS decides.
    const holding = await alice.query(`SELECT * FROM scratchpad.entries_holding($1, false, $2, '%hello%'::bytea, 5)`, [roles.bob.name, bobPks]);
    expect(holding.rows).toEqual([]);
    const stats = await alice.query(`SELECT total_rows::int FROM scratchpad.stats_from_totals($1, false, 0)`, [roles.bob.name]);
    expect(stats.rows).toEqual([{ total_rows: 0 }]);
    const listing = await alice.query(`SELECT scratchpad.turn_entries_json($1, true, $2) AS j`, [roles.bob.name, `turn-${roles.bob.name}`]);
    expect(listing.rows).toEqual([{ j: [] }]);
    // Its gc in the operator view removes only its own rows (rolled back, so the other cases keep them).
    await alice.query('BEGIN');
    try {
      const gc = await alice.query(`SELECT scratchpad.gc_batch(NULL, true, 1e12, 1000) AS g`);
      expect(gc.rows).toEqual([{ g: [[`turn-${roles.alice.name}`, roles.alice.name, 1, 12 + roles.alice.name.length]] }]);
    } finally {
      await alice.query('ROLLBACK');
    }
    // Its own rows it does reach through them.
    const own = await alice.query(`SELECT total_rows::int FROM scratchpad.stats_from_totals($1, false, 0)`, [roles.alice.name]);
    expect(own.rows).toEqual([{ total_rows: 1 }]);
  });
});

describe('row-level security, the operator role', () => {
  it("sees and may delete every owner's rows only when it asks for the operator view", async () => {
    const ops = await client(roles.operatorUrl);
    const all = ['alice', 'bob', roles.alice.name, roles.bob.name].sort();
    expect(await ownersSeen(ops, bind('', 'on'))).toEqual(every(all));
    expect(await ownersSeen(ops, bind('alice', 'off'))).toEqual(every([]));
  });

  it("changes every owner's expiry only in the operator view, and no other column", async () => {
    const ops = await client(roles.operatorUrl);
    const all = ['alice', 'bob', roles.alice.name, roles.bob.name].sort();
    const expiries = async () => {
      const admin = await db.admin();
      return (await admin.query(`SELECT owner, expires_at FROM scratchpad.observations ORDER BY owner`)).rows.map((r) => [r.owner, r.expires_at]);
    };
    const before = await expiries();
    await ops.query(bind('alice', 'off'));
    try {
      expect((await ops.query(`UPDATE scratchpad.observations SET expires_at = 1`)).rowCount).toBe(0);
    } finally {
      await ops.query('ROLLBACK');
    }
    await ops.query(bind('', 'on'));
    try {
      const r = await ops.query(`UPDATE scratchpad.observations SET expires_at = 99999 RETURNING owner`);
      expect(r.rows.map((x) => x.owner as string).sort()).toEqual(all);
      await expect(ops.query(`SAVEPOINT s; UPDATE scratchpad.observations SET owner = 'bob'`)).rejects.toMatchObject({ code: '42501' });
      await ops.query('ROLLBACK TO SAVEPOINT s');
      await expect(ops.query(`UPDATE scratchpad.chunks SET data = ''::bytea`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await ops.query('ROLLBACK');
    }
    expect(await expiries()).toEqual(before);
    // Committed, the change is there for every owner.
    await ops.query(bind('', 'on'));
    await ops.query(`UPDATE scratchpad.observations SET expires_at = expires_at + 10`);
    await ops.query('COMMIT');
    expect(await expiries()).toEqual(before.map(([o, e]) => [o, (e as number) + 10]));
  });
});

describe('row-level security, one database role per user', () => {
  it('a user role sees only its own rows with hand-written SQL, whatever principal it sets', async () => {
    const alice = await client(roles.alice.url);
    const own = [roles.alice.name];
    expect(await ownersSeen(alice, 'BEGIN')).toEqual(every(own));
    expect(await ownersSeen(alice, bind(roles.bob.name))).toEqual(every(own));
    expect(await ownersSeen(alice, bind('bob', 'on'))).toEqual(every(own));
    await alice.query('BEGIN');
    try {
      expect((await alice.query(`SELECT count(*)::int AS n FROM scratchpad.observations WHERE owner = $1`, [roles.bob.name])).rows).toEqual([{ n: 0 }]);
      expect((await alice.query(`DELETE FROM scratchpad.observations WHERE owner <> $1`, [roles.alice.name])).rowCount).toBe(0);
    } finally {
      await alice.query('ROLLBACK');
    }
  });

  it('a user role cannot write a row owned by another user', async () => {
    const alice = await client(roles.alice.url);
    await alice.query(bind(roles.bob.name));
    try {
      await expect(putText(alice, meta(roles.bob.name, 'forged'), 'x')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await alice.query('ROLLBACK');
    }
  });

  it('a user role cannot write for another owner through put_one_chunk, which binds the principal it is given', async () => {
    const alice = await client(roles.alice.url);
    const args = [
      roles.bob.name,
      '0'.repeat(32),
      'forged',
      1,
      null,
      'text',
      false,
      1,
      1,
      32_768,
      0,
      1,
      2,
      null,
      null,
      null,
      '0'.repeat(64),
      's',
      null,
      null,
      Buffer.from('x'),
    ];
    await expect(alice.query(`SELECT scratchpad.put_one_chunk(${args.map((_, i) => `$${i + 1}`).join(', ')})`, args)).rejects.toMatchObject({ code: '42501' });
    const own = [roles.alice.name, ...args.slice(1)];
    const { rows } = await alice.query(`SELECT scratchpad.put_one_chunk(${own.map((_, i) => `$${i + 1}`).join(', ')}) AS pk`, own);
    await alice.query('BEGIN');
    try {
      expect((await alice.query('SELECT owner, turn_id FROM scratchpad.observations WHERE pk = $1', [rows[0].pk])).rows).toEqual([
        { owner: roles.alice.name, turn_id: 'forged' },
      ]);
      // Removed again, so the other cases still see one row per owner and table.
      await alice.query('DELETE FROM scratchpad.chunks WHERE entry_pk = $1', [rows[0].pk]);
      await alice.query('DELETE FROM scratchpad.observations WHERE pk = $1', [rows[0].pk]);
    } finally {
      await alice.query('COMMIT');
    }
  });

  it('a user role cannot make principal() trust its setting by shadowing pg_has_role on its search_path', async () => {
    const admin = await db.admin();
    await admin.query(`CREATE SCHEMA mine AUTHORIZATION "${roles.alice.name}"`);
    const alice = await client(roles.alice.url);
    await alice.query(`CREATE FUNCTION mine.pg_has_role(name, oid, text) RETURNS boolean LANGUAGE sql RETURN true;
      CREATE FUNCTION mine.pg_has_role(name, name, text) RETURNS boolean LANGUAGE sql RETURN true;
      CREATE FUNCTION mine.current_setting(text, boolean) RETURNS text LANGUAGE sql RETURN '${roles.bob.name}'`);
    await alice.query('SET search_path = mine, pg_catalog');
    expect(await ownersSeen(alice, bind(roles.bob.name, 'on'))).toEqual(every([roles.alice.name]));
  });

  it('a user role cannot turn row-level security off or read the tables past it', async () => {
    const bob = await client(roles.bob.url);
    await expect(bob.query('ALTER TABLE scratchpad.observations DISABLE ROW LEVEL SECURITY')).rejects.toMatchObject({ code: '42501' });
    await expect(bob.query('SET row_security = off; SELECT * FROM scratchpad.observations')).rejects.toMatchObject({ code: '42501' });
  });
});
