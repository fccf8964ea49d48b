import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase, type DemoEntry, type DemoResult } from '../../app/demo';
import type { ScratchpadBridge } from '../../app/contract';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { listedTurnIds, selectEntry, selectTurn, waitForTurnCount } from './ui';

// Two windows on one real file, as two owners: each window's principal is main's (the session), never the
// page's. Neither sees the other's turns, and an id taken from the other owner reads as not found, even
// when sent straight through the bridge.
const NOW = 1_796_040_000;
/** The page's window as the preload leaves it (types only: erased before page.evaluate sends the function). */
type BridgeWindow = { readonly scratchpad: ScratchpadBridge };

describe('two owners in two sessions on one file', () => {
  const tmp = tempDir();
  const dbPath = path.join(tmp.dir, 'shared.db');
  let demo: DemoResult;
  let alice: AppSession;
  let bob: AppSession;
  const rowsOf = (owner: string): DemoEntry[] => demo.entries.filter((e) => e.owner === owner);
  const turnsOf = (owner: string): string[] => [...new Set(rowsOf(owner).map((e) => e.turnId))].sort();

  beforeAll(async () => {
    demo = await writeDemoDatabase(dbPath, { now: NOW });
    [alice, bob] = await Promise.all([
      launchApp({ dbPath, principal: { kind: 'user', userId: 'alice' }, now: NOW }),
      launchApp({ dbPath, principal: { kind: 'user', userId: 'bob' }, now: NOW }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([alice?.close(), bob?.close()]);
    tmp.remove();
  });

  test('each window lists exactly its owner’s turns, and says who it views as', async () => {
    for (const [app, owner] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      await waitForTurnCount(app.page, turnsOf(owner).length);
      expect((await listedTurnIds(app.page)).sort()).toEqual(turnsOf(owner));
      await expect(app.page.locator('.session-principal').textContent()).resolves.toContain(owner);
      // A user's view has no owners column.
      await expect(app.page.locator('.turns-list .list-header').textContent()).resolves.not.toContain('Owners');
      await app.screenshot(`owner-${owner}-turns`);
    }
    const shared = turnsOf('alice').filter((t) => turnsOf('bob').includes(t));
    expect(shared).toEqual([]);
  });

  test('filtering by the other owner’s turn id finds nothing', async () => {
    const bobsTurn = turnsOf('bob')[0]!;
    const filter = alice.page.getByLabel('Filter turns by turn id or executor');
    await filter.fill(bobsTurn);
    await alice.page.getByText('No turn id or executor matches the filter.').waitFor();
    await alice.screenshot('owner-alice-filter-foreign-turn');
    await filter.fill('');
    await waitForTurnCount(alice.page, turnsOf('alice').length);
  });

  test('a forged id sent through the bridge reads as NOT_FOUND, while its owner reads it', async () => {
    const bobsEntry = rowsOf('bob').find((e) => e.label === 'large-log')!;
    const calls = await alice.page.evaluate(
      async ({ id, turnId }) => {
        const sp = (window as unknown as BridgeWindow).scratchpad;
        return {
          describe: await sp.entryDescribe({ id }),
          read: await sp.entryRead({ id, mode: 'head', n: 100 }),
          readLog: await sp.entryReadLog({ id }),
          entries: await sp.turnEntries({ turnId }),
        };
      },
      { id: bobsEntry.id, turnId: bobsEntry.turnId },
    );
    expect(calls.describe).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(calls.read).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // The read log and the turn's entries hold nothing of bob's: empty, or not found.
    for (const answer of [calls.readLog, calls.entries]) {
      if (answer.ok) expect(answer.value).toEqual([]);
      else expect(answer.error.code).toBe('NOT_FOUND');
    }
    // No answer carries bob's data (owner, executor, summary).
    const text = JSON.stringify(calls);
    expect(text).not.toContain('bob');
    expect(text).not.toContain('tail_logs');

    const own = await bob.page.evaluate(async (id) => (window as unknown as BridgeWindow).scratchpad.entryDescribe({ id }), bobsEntry.id);
    expect(own).toMatchObject({ ok: true, value: { meta: { id: bobsEntry.id, owner: 'bob', executorName: 'tail_logs' } } });
  });

  test('the page cannot name a principal or call a channel outside the contract', async () => {
    const answers = await alice.page.evaluate(async () => {
      const sp = (window as unknown as { scratchpad: Record<string, (r: unknown) => Promise<unknown>> }).scratchpad;
      return {
        ownerField: await sp.turnsList!({ owner: 'bob' }),
        principalField: await sp.statsGet!({ principal: { kind: 'operator' } }),
        methods: Object.keys((window as unknown as BridgeWindow).scratchpad).sort(),
        writable: (() => {
          try {
            (window as unknown as { scratchpad: unknown }).scratchpad = {};
          } catch {
            // strict-mode assignment to a read-only property throws; sloppy mode ignores it
          }
          return typeof (window as unknown as BridgeWindow).scratchpad.turnsList === 'function';
        })(),
      };
    });
    expect(answers.ownerField).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(answers.principalField).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(answers.methods).not.toContain('invoke');
    expect(answers.writable).toBe(true);
    // Still alice after all that.
    const info = await alice.page.evaluate(() => (window as unknown as BridgeWindow).scratchpad.sessionInfo({}));
    expect(info).toMatchObject({ ok: true, value: { principal: { kind: 'user', userId: 'alice' }, knownOwners: [] } });
  });

  test('gc preview and stats count only the window owner’s rows', async () => {
    for (const [app, owner] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      const mine = rowsOf(owner);
      const expired = mine.filter((e) => e.expiresAt <= NOW);
      const [preview, stats] = await app.page.evaluate(
        async () =>
          [await (window as unknown as BridgeWindow).scratchpad.gcPreview({}), await (window as unknown as BridgeWindow).scratchpad.statsGet({})] as const,
      );
      expect(preview).toMatchObject({
        ok: true,
        value: { deletedRows: expired.length, deletedBytes: expired.reduce((s, e) => s + e.sizeBytes, 0), dryRun: true },
      });
      expect(stats).toMatchObject({ ok: true, value: { rows: mine.length, bytes: mine.reduce((s, e) => s + e.sizeBytes, 0), expiredRows: expired.length } });
      expect(stats.ok && stats.value.byOwner).toBeFalsy();
    }
  });

  test('each owner opens its own entries in the UI', async () => {
    const entry = rowsOf('alice').find((e) => e.label === 'search-matches')!;
    const entries = await selectTurn(alice.page, entry.turnId);
    await selectEntry(alice.page, entries, entry.stepNum);
    await expect(alice.page.locator('pre.handle').textContent()).resolves.toContain(entry.id);
    await alice.screenshot('owner-alice-entry');
    expect(alice.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
  });
});
