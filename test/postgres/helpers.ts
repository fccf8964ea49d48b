import pg from 'pg';
import { createLogin, installRoles } from '../support/pg-roles';
import type { TestDatabase } from '../support/pg-db';

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
