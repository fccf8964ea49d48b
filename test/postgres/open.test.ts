import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchpad, ScratchpadError } from '../../app/scratchpad';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { createLogin, installRoles } from '../support/pg-roles';

// openScratchpad on a postgres:// URL: the redacted path, read-only opens, live refresh by LISTEN/NOTIFY.
const alice = { kind: 'user', userId: 'alice' } as const;
let db: TestDatabase;
let url: string;
let password: string;

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  const admin = await db.admin();
  await installRoles(admin);
  const login = `${db.name}_app`;
  password = await createLogin(admin, login, ['scratchpad_app', 'scratchpad_owner', 'scratchpad_operator']);
  url = db.urlFor(login, password);
});
afterAll(() => db.drop());

describe('openScratchpad(postgres://…)', () => {
  it('is a database, never a file: format postgres, path the URL without its password', async () => {
    const store = await openScratchpad(url);
    try {
      expect(store.format).toBe('postgres');
      expect(store.path).toBe(`postgres://${db.name}_app@127.0.0.1:${new URL(url).port}/${db.name}`);
      expect(store.path).not.toContain(password);
      expect(existsSync('postgres:')).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('opened read-only, refuses writes with READ_ONLY and still reads', async () => {
    const rw = await openScratchpad(url, { clock: () => 1_000 });
    const id = (await rw.put(alice, { turnId: 'ro', stepNum: 1, executorName: null, observation: 'kept' })).scratchpad_id;
    await rw.close();
    const ro = await openScratchpad(url, { readonly: true, clock: () => 1_000 });
    try {
      const err = await ro.put(alice, { turnId: 'ro', stepNum: 2, executorName: null, observation: 'x' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ScratchpadError);
      expect((err as ScratchpadError).code).toBe('READ_ONLY');
      expect((await ro.read(alice, id, { mode: 'full' })).content).toBe('kept');
      expect((await ro.listForTurn(alice, 'ro')).length).toBe(1);
    } finally {
      await ro.close();
    }
  });

  it('bumps dataVersion when another connection commits (LISTEN/NOTIFY, no polling of content)', async () => {
    const viewer = await openScratchpad(url, { readonly: true });
    const writer = await openScratchpad(url);
    try {
      const before = await viewer.dataVersion();
      await writer.put(alice, { turnId: 'live', stepNum: 1, executorName: null, observation: 'new row' });
      const deadline = Date.now() + 10_000;
      let after = before;
      while (after === before && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        after = await viewer.dataVersion();
      }
      expect(after).toBeGreaterThan(before);
      const settled = await viewer.dataVersion();
      await new Promise((r) => setTimeout(r, 100));
      expect(await viewer.dataVersion()).toBe(settled);
    } finally {
      await writer.close();
      await viewer.close();
    }
  });
});
