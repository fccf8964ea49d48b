import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type pg from 'pg';
import { openScratchpad } from '../../app/scratchpad';
import { checkIsolation } from '../scratchpad/isolation-model';
import { createAppDatabase, emptyStore } from '../support/pg-app';
import type { TestDatabase } from '../support/pg-db';

// The isolation property of test/scratchpad (random users, random operations, forged ids) over PostgreSQL, as the
// application role binding each principal; the tables are emptied between runs (as the superuser).
let db: TestDatabase;
let admin: pg.Client;
let url: string;

beforeAll(async () => {
  ({ db, admin, url } = await createAppDatabase(inject('pgAdminUrl')));
});
afterAll(() => db.drop());

describe('multi-user isolation on PostgreSQL', () => {
  it("no principal ever sees, changes or counts another owner's rows", async () => {
    await checkIsolation(async (clock) => {
      await emptyStore(admin);
      return openScratchpad(url, { clock });
    }, 25);
  });
});
