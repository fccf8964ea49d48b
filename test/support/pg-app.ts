import type pg from 'pg';
import { openScratchpad } from '../../app/scratchpad';
import { TABLES } from '../../app/scratchpad/postgres/names';
import { createTestDatabase, type TestDatabase } from './pg-db';
import { createLogin, installRoles } from './pg-roles';

/** A test database as the service runs it, with its superuser client and the URL of the service's login. */
export interface AppDatabase {
  readonly db: TestDatabase;
  /** Superuser client of the database (past RLS; closed by `db.drop()`). */
  readonly admin: pg.Client;
  /** URL of a login in scratchpad_app, scratchpad_owner and scratchpad_operator (mode 1 plus the operator view). */
  readonly url: string;
}

/**
 * A fresh database on the cluster of `adminUrl` (from `inject('pgAdminUrl')`) with the roles script run and one
 * login `<db>_app` in the application, owner and operator roles. `migrate` (default true) creates the store's
 * schema by a first open; false leaves the database empty (the first open of the test creates it).
 */
export async function createAppDatabase(adminUrl: string, options: { readonly migrate?: boolean } = {}): Promise<AppDatabase> {
  const db = await createTestDatabase(adminUrl);
  const admin = await db.admin();
  await installRoles(admin);
  const login = `${db.name}_app`;
  const url = db.urlFor(login, await createLogin(admin, login, ['scratchpad_app', 'scratchpad_owner', 'scratchpad_operator']));
  if (options.migrate !== false) await (await openScratchpad(url)).close();
  return { db, admin, url };
}

/** Empties every table of the store but `meta` (as the superuser), so a property run starts from no rows. */
export async function emptyStore(admin: pg.ClientBase): Promise<void> {
  const tables = TABLES.filter((t) => t !== 'meta').map((t) => `scratchpad.${t}`);
  await admin.query(`TRUNCATE ${tables.join(', ')}`);
}
