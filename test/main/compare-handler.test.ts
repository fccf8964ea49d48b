import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/handlers';
import type { StoreClient } from '../../main/store/client';
import { ALICE, BOB, CLIENTS, OPERATOR, memoryRecentFiles, recordingSession, removeScratchDirs, scriptedDialogs, seedStore, testServices } from './helpers';

afterAll(removeScratchDirs);

describe.each(CLIENTS)('entry:compare over the %s', (_name, open) => {
  const opened: StoreClient[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  async function setup(principal = ALICE) {
    const seeded = await seedStore();
    const openStore = async (path: string) => {
      const client = await open(path);
      opened.push(client);
      return client;
    };
    const handlers = createHandlers(testServices(openStore, scriptedDialogs().dialogs, memoryRecentFiles()));
    const { session } = recordingSession(await openStore(seeded.path), principal);
    return { seeded, handlers, session };
  }

  it("diffs two of the principal's entries and marks the expired one", async () => {
    const { seeded, handlers, session } = await setup(ALICE);
    const r = await handlers['entry:compare'](session, { leftId: seeded.ids.aliceExpired, rightId: seeded.ids.aliceText, context: 0 });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.mode, r.value.identical, r.value.truncated]).toEqual(['text', false, false]);
    expect(r.value.notes).toEqual([`left entry ${seeded.ids.aliceExpired} has expired (kept until gc runs)`]);
    expect(r.value.text?.hunks[0]?.lines[0]).toBe('-old alice output');
    expect(r.value.sideBySide[0]?.rows[0]?.left).toEqual({ lineNo: 1, text: 'old alice output', segments: expect.any(Array) });
  });

  it('compares a text with a binary by size and sha256', async () => {
    const { seeded, handlers, session } = await setup(ALICE);
    const r = await handlers['entry:compare'](session, { leftId: seeded.ids.aliceText, rightId: seeded.ids.alicePng });
    expect(r.ok && [r.value.mode, r.value.sideBySide]).toEqual(['kind-mismatch', []]);
  });

  it("answers NOT_FOUND for another owner's entry, as entry:read does", async () => {
    const { seeded, handlers, session } = await setup(ALICE);
    const compare = await handlers['entry:compare'](session, { leftId: seeded.ids.aliceText, rightId: seeded.ids.bobText });
    const read = await handlers['entry:read'](session, { id: seeded.ids.bobText, mode: 'head', n: 1 });
    expect(compare).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(compare.ok === false && read.ok === false && compare.error.message === read.error.message).toBe(true);
    session.principal = BOB;
    expect((await handlers['entry:compare'](session, { leftId: seeded.ids.aliceText, rightId: seeded.ids.bobText })).ok).toBe(false);
    session.principal = OPERATOR;
    expect((await handlers['entry:compare'](session, { leftId: seeded.ids.aliceText, rightId: seeded.ids.bobText })).ok).toBe(true);
  });

  it('refuses a malformed request with INVALID_ARGUMENT', async () => {
    const { seeded, handlers, session } = await setup(ALICE);
    const r = await handlers['entry:compare'](session, { leftId: seeded.ids.aliceText, rightId: seeded.ids.aliceText, context: -1 });
    expect(r.ok === false && r.error.code).toBe('INVALID_ARGUMENT');
  });
});
