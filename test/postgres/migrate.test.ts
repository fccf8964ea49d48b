import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { inspectSchema } from '../../app/scratchpad/postgres/inspect';
import { PG_LATEST_VERSION } from '../../app/scratchpad/postgres/migrations';
import { TABLES } from '../../app/scratchpad/postgres/names';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { meta, putText } from './fixtures';
import { connect, setUpRoles, type RoleSetup } from './helpers';

let db: TestDatabase;
let roles: RoleSetup;
beforeEach(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  roles = await setUpRoles(db);
});
afterEach(async () => db.drop());

const label = 'postgres://app@127.0.0.1/test';

describe('openSchema', () => {
  it('creates every table on an empty database, owned by scratchpad_owner, with RLS enabled and forced', async () => {
    const app = await connect(roles.appUrl);
    try {
      expect(await openSchema(app, { label })).toBe(PG_LATEST_VERSION);
    } finally {
      await app.end();
    }
    const admin = await db.admin();
    const { rows } = await admin.query(`SELECT c.relname, pg_get_userbyid(c.relowner) AS owner, c.relrowsecurity, c.relforcerowsecurity
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'scratchpad' AND c.relkind = 'r' ORDER BY c.relname`);
    expect(rows).toEqual([...TABLES].sort().map((t) => ({ relname: t, owner: 'scratchpad_owner', relrowsecurity: true, relforcerowsecurity: true })));
    expect(await inspectSchema(admin)).toEqual({ kind: 'ours', version: PG_LATEST_VERSION });
  });

  it('creates the schema for a role that owns the database, without the roles script', async () => {
    const admin = await db.admin();
    await admin.query('DROP SCHEMA scratchpad');
    await admin.query(`CREATE ROLE "${db.name}_solo" LOGIN PASSWORD 'solo-pw'`);
    await admin.query(`ALTER DATABASE ${db.name} OWNER TO "${db.name}_solo"`);
    const solo = await connect(db.urlFor(`${db.name}_solo`, 'solo-pw'));
    try {
      expect(await openSchema(solo, { label })).toBe(PG_LATEST_VERSION);
      expect((await solo.query(`SELECT pg_get_userbyid(nspowner) AS o FROM pg_namespace WHERE nspname = 'scratchpad'`)).rows).toEqual([
        { o: `${db.name}_solo` },
      ]);
    } finally {
      await solo.end();
    }
  });

  it('changes nothing on a second open, and two concurrent opens of a new database both succeed', async () => {
    const [a, b] = [await connect(roles.appUrl), await connect(roles.appUrl)];
    try {
      expect(await Promise.all([openSchema(a, { label }), openSchema(b, { label })])).toEqual([PG_LATEST_VERSION, PG_LATEST_VERSION]);
      expect(await openSchema(a, { label })).toBe(PG_LATEST_VERSION);
      expect((await a.query(`SELECT value FROM scratchpad.meta WHERE key = 'version'`)).rows).toEqual([{ value: String(PG_LATEST_VERSION) }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('brings a version 1 schema to the latest: the operator may then change expiries, and the one-call reads exist', async () => {
    const app = await connect(roles.appUrl);
    const admin = await db.admin();
    const privilege = `SELECT has_column_privilege('scratchpad_operator', 'scratchpad.observations', 'expires_at', 'UPDATE') AS ttl,
      has_column_privilege('scratchpad_operator', 'scratchpad.observations', 'owner', 'UPDATE') AS owner,
      (SELECT count(*)::int FROM pg_policies WHERE schemaname = 'scratchpad' AND policyname = 'operator_ttl') AS policies,
      to_regprocedure('scratchpad.turn_entries(text, boolean, text)') IS NOT NULL AS list`;
    try {
      expect(await openSchema(app, { label, target: 1 })).toBe(1);
      expect((await admin.query(privilege)).rows).toEqual([{ ttl: false, owner: false, policies: 0, list: false }]);
      expect(await openSchema(app, { label })).toBe(PG_LATEST_VERSION);
      expect((await admin.query(privilege)).rows).toEqual([{ ttl: true, owner: false, policies: 1, list: true }]);
    } finally {
      await app.end();
    }
  });

  it('brings a version 2 schema holding rows to 3: the turn totals are filled from them, with RLS enabled and forced', async () => {
    const app = await connect(roles.appUrl);
    const admin = await db.admin();
    try {
      expect(await openSchema(app, { label, target: 2 })).toBe(2);
      for (const [owner, turn, text] of [
        ['alice', 't1', 'x'.repeat(2_000)],
        ['alice', 't1', 'short'],
        ['alice', 't2', 'é'.repeat(20_000)],
        ['bob', 't1', 'y'],
      ] as const) {
        await app.query(`BEGIN; SELECT set_config('scratchpad.principal', $$${owner}$$, true)`);
        await putText(app, meta(owner, turn), text);
        await app.query('COMMIT');
      }
      expect(await openSchema(app, { label })).toBe(PG_LATEST_VERSION);
      const totals = await admin.query(`SELECT owner, turn_id, rows::int, bytes::int, text_rows::int, text_bytes::int, b0::int, b1::int, b2::int
        FROM scratchpad.turn_totals ORDER BY owner, turn_id`);
      expect(totals.rows).toEqual([
        { owner: 'alice', turn_id: 't1', rows: 2, bytes: 2_005, text_rows: 2, text_bytes: 2_005, b0: 1, b1: 1, b2: 0 },
        { owner: 'alice', turn_id: 't2', rows: 1, bytes: 40_000, text_rows: 1, text_bytes: 40_000, b0: 0, b1: 0, b2: 1 },
        { owner: 'bob', turn_id: 't1', rows: 1, bytes: 1, text_rows: 1, text_bytes: 1, b0: 1, b1: 0, b2: 0 },
      ]);
      const rls = await admin.query(`SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class
        WHERE relnamespace = 'scratchpad'::regnamespace AND relname IN ('observations', 'turn_totals') ORDER BY relname`);
      expect(rls.rows).toEqual([
        { relname: 'observations', relrowsecurity: true, relforcerowsecurity: true },
        { relname: 'turn_totals', relrowsecurity: true, relforcerowsecurity: true },
      ]);
    } finally {
      await app.end();
    }
  });

  it('refuses a newer schema version with UNSUPPORTED_FORMAT', async () => {
    const app = await connect(roles.appUrl);
    try {
      await openSchema(app, { label });
      await (await db.admin()).query(`UPDATE scratchpad.meta SET value = $1 WHERE key = 'version'`, [String(PG_LATEST_VERSION + 1)]);
      await expect(openSchema(app, { label })).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT', message: expect.stringContaining('newer') });
    } finally {
      await app.end();
    }
  });

  it('refuses a foreign schema (tables that are not ours, or another marker) with UNSUPPORTED_FORMAT and creates nothing', async () => {
    const admin = await db.admin();
    await admin.query('CREATE TABLE scratchpad.entries (id text)');
    await admin.query('GRANT SELECT ON scratchpad.entries TO PUBLIC');
    const app = await connect(roles.appUrl);
    try {
      await expect(openSchema(app, { label })).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT', message: expect.stringContaining('entries') });
      expect((await admin.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'scratchpad'`)).rows).toEqual([{ n: 1 }]);
      await admin.query('DROP TABLE scratchpad.entries');
      await admin.query(
        `CREATE TABLE scratchpad.meta (key text PRIMARY KEY, value text NOT NULL); INSERT INTO scratchpad.meta VALUES ('format', 'someone-else')`,
      );
      await admin.query('GRANT SELECT ON scratchpad.meta TO PUBLIC');
      await expect(openSchema(app, { label })).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT', message: expect.stringContaining('someone-else') });
    } finally {
      await app.end();
    }
  });

  it('read-only: NOT_FOUND on an empty database, without creating anything', async () => {
    const app = await connect(roles.appUrl);
    try {
      await expect(openSchema(app, { label, readonly: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await inspectSchema(app)).toEqual({ kind: 'empty' });
    } finally {
      await app.end();
    }
  });

  it('a per-user role may not create the schema: INVALID_ARGUMENT naming the roles script', async () => {
    const alice = await connect(roles.alice.url);
    try {
      await expect(openSchema(alice, { label })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('postgres-roles.sql') });
      expect(await inspectSchema(alice)).toEqual({ kind: 'empty' });
    } finally {
      await alice.end();
    }
  });
});
