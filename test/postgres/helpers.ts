import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import { createLogin, installRoles } from '../support/pg-roles';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';

/** A connected client for `url` (closed by the returned `end`). */
export async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/** Logins of one test database in the two modes of scripts/postgres-roles.sql, and the operator. */
export interface RoleSetup {
  /** The application role (scratchpad_app + scratchpad_owner): binds any principal. */
  readonly appUrl: string;
  /** The operator (scratchpad_operator only). */
  readonly operatorUrl: string;
  /** Per-user roles (scratchpad_user): the role name is the owner id. */
  readonly alice: { readonly name: string; readonly url: string };
  readonly bob: { readonly name: string; readonly url: string };
}

/** Runs the roles script on `db` and makes the logins of {@link RoleSetup} (names prefixed with the database's). */
export async function setUpRoles(db: TestDatabase): Promise<RoleSetup> {
  const admin = await db.admin();
  await installRoles(admin);
  const login = async (suffix: string, roles: string[]) => {
    const name = `${db.name}_${suffix}`;
    return { name, url: db.urlFor(name, await createLogin(admin, name, roles)) };
  };
  const app = await login('app', ['scratchpad_app', 'scratchpad_owner']);
  const operator = await login('ops', ['scratchpad_operator']);
  const alice = await login('alice', ['scratchpad_user']);
  const bob = await login('bob', ['scratchpad_user']);
  return { appUrl: app.url, operatorUrl: operator.url, alice, bob };
}

/** What {@link perTestDatabaseWithRoles} gives a test file; `db` and `roles` are those of the running test. */
export interface PerTestDatabase {
  readonly db: TestDatabase;
  readonly roles: RoleSetup;
  /** A connected client for `url`, ended after the test. */
  client(url: string): Promise<pg.Client>;
}

/**
 * Registers, in the calling test file, a fresh database with the logins of {@link setUpRoles} before each test
 * and, after it, the end of every client it handed out and the database dropped. Read `db` and `roles` inside
 * tests only (they are unset between them).
 */
export function perTestDatabaseWithRoles(): PerTestDatabase {
  let db: TestDatabase | undefined;
  let roles: RoleSetup | undefined;
  const clients: pg.Client[] = [];
  beforeEach(async () => {
    db = await createTestDatabase(inject('pgAdminUrl'));
    roles = await setUpRoles(db);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end()));
    await db?.drop();
    db = undefined;
    roles = undefined;
  });
  const unset = (what: string): never => {
    throw new Error(`${what} is only set inside a test`);
  };
  return {
    get db() {
      return db ?? unset('db');
    },
    get roles() {
      return roles ?? unset('roles');
    },
    async client(url) {
      const c = await connect(url);
      clients.push(c);
      return c;
    },
  };
}
