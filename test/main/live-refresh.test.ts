import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import type { StoreClient } from '../../main/store/client';
import { watchExternalWrites } from '../../main/startup/live-refresh';
import { ALICE, CLIENTS, OPERATOR, recordingSession, removeScratchDirs, seedStore } from './helpers';

afterAll(removeScratchDirs);

describe.each(CLIENTS)('watchExternalWrites over the %s', (_name, open) => {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  async function watched(principal = ALICE) {
    const seeded = await seedStore();
    const store: StoreClient = await open(seeded.path);
    cleanup.push(() => store.close());
    const { session, events } = recordingSession(store, principal);
    cleanup.push(watchExternalWrites(session, 20));
    // Let the first poll set the baseline.
    await vi.waitFor(async () => expect(await store.dataVersion()).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 60));
    return { seeded, session, events, store };
  }

  it('pushes store:changed when another connection writes', async () => {
    const { seeded, events } = await watched();
    expect(events).toEqual([]);
    const other = await openScratchpad(seeded.path);
    await other.put(ALICE, { turnId: 'turn-new', stepNum: 1, executorName: 'shell', observation: { content: 'fresh' } });
    await other.close();
    await vi.waitFor(() => expect(events).toEqual([{ event: 'store:changed', payload: { reason: 'external-write' } }]));
  });

  it('stays quiet when the file does not change or when its own connection reads and gc-previews', async () => {
    const { session, events, store } = await watched(OPERATOR);
    await store.gc(session.principal, { dryRun: true });
    await store.listTurns(session.principal);
    await new Promise((r) => setTimeout(r, 120));
    expect(events).toEqual([]);
  });
});
