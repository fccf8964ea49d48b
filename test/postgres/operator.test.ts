import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { setUpRoles, type RoleSetup } from './helpers';

// The operator login (scratchpad_operator only) through the store: the operator view reads, extends TTLs and gcs
// every owner's rows, as on SQLite.
const alice = { kind: 'user', userId: 'alice' } as const;
const bob = { kind: 'user', userId: 'bob' } as const;
const operator = { kind: 'operator' } as const;
let db: TestDatabase;
let roles: RoleSetup;
let app: Scratchpad;
let ops: Scratchpad;
let now = 1_000;

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  roles = await setUpRoles(db);
  app = await openScratchpad(roles.appUrl, { clock: () => now });
  ops = await openScratchpad(roles.operatorUrl, { clock: () => now });
});
afterAll(async () => {
  await Promise.all([app.close(), ops.close()]);
  await db.drop();
});

describe('the operator login', () => {
  it("extends the TTL of every owner's entries of a turn, and of one entry by id", async () => {
    const a = await app.put(alice, { turnId: 'shared', stepNum: 1, executorName: 'shell', observation: 'alice output', ttlSeconds: 60 });
    await app.put(bob, { turnId: 'shared', stepNum: 2, executorName: 'shell', observation: 'bob output', ttlSeconds: 60 });
    expect(await ops.extendTtl(operator, { turnId: 'shared' }, 3_600)).toBe(2);
    const expiries = (await ops.listForTurn(operator, 'shared')).map((e) => [e.owner, e.expiresAt]);
    expect(expiries).toEqual([
      ['alice', 1_000 + 3_600],
      ['bob', 1_000 + 3_600],
    ]);
    expect(await ops.extendTtl(operator, { id: a.scratchpad_id }, 7_200)).toBe(1);
    expect((await app.listForTurn(alice, 'shared')).map((e) => e.expiresAt)).toEqual([1_000 + 7_200]);
    // Kept by gc at a time the old TTL had passed, removed once the new one has.
    now = 1_000 + 600;
    expect((await ops.gc(operator)).deletedRows).toBe(0);
    now = 1_000 + 3_600;
    expect((await ops.gc(operator)).deletedRows).toBe(1);
    expect((await ops.listForTurn(operator, 'shared')).map((e) => e.owner)).toEqual(['alice']);
    // Its gc took bob's row out of bob's turn totals too (stats read them): the operator's own policies there.
    expect([(await app.stats(bob)).rows, (await app.stats(alice)).rows, (await ops.stats(operator)).rows]).toEqual([0, 1, 1]);
  });
});
