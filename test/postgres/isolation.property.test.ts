import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type pg from 'pg';
import { openScratchpad } from '../../app/scratchpad';
import { checkIsolation } from '../scratchpad/isolation-model';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { createLogin, installRoles } from '../support/pg-roles';

// The isolation property of test/scratchpad (random users, random operations, forged ids) over PostgreSQL, as the
// application role binding each principal; the tables are emptied between runs (as the superuser).
let db: TestDatabase;
let admin: pg.Client;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  admin = await db.admin();
  await installRoles(admin);
  const login = `${db.name}_app`;
  url = db.urlFor(login, await createLogin(admin, login, ['scratchpad_app', 'scratchpad_owner', 'scratchpad_operator']));
  await (await openScratchpad(url)).close();
});
afterAll(() => db.drop());

describe('multi-user isolation on PostgreSQL', () => {
  it("no principal ever sees, changes or counts another owner's rows", async () => {
    await checkIsolation(async (clock) => {
      await admin.query('TRUNCATE scratchpad.observations, scratchpad.chunks, scratchpad.read_log');
      return openScratchpad(url, { clock });
    }, 25);
  });
});
