import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** The shipped roles script (scripts/postgres-roles.sql), run as it is: plain SQL, no psql meta-commands. */
export const ROLES_SCRIPT = fs.readFileSync(path.join(import.meta.dirname, '../../scripts/postgres-roles.sql'), 'utf8');

/** Runs the roles script with a superuser client of one database (its roles are cluster-wide, its schema per database). */
export async function installRoles(admin: pg.ClientBase): Promise<void> {
  await admin.query(ROLES_SCRIPT);
}

/** Creates a login role `name` (a fresh random password) in the given group roles; returns the password. */
export async function createLogin(admin: pg.ClientBase, name: string, inRoles: readonly string[]): Promise<string> {
  const password = randomBytes(12).toString('hex');
  const groups = inRoles.length > 0 ? ` IN ROLE ${inRoles.join(', ')}` : '';
  await admin.query(`CREATE ROLE "${name}" LOGIN PASSWORD '${password}'${groups}`);
  return password;
}
