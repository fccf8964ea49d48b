import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { createScratchpad } from '../../app/scratchpad/core/scratchpad';
import type { ScratchpadBackend } from '../../app/scratchpad/core/backend';
import type { TurnRowSource } from '../../app/scratchpad/core/turn-source';
import { resolveOptions } from '../../app/scratchpad/options';
import { createV2File, openV2 } from '../../app/scratchpad/v2/connection';
import { existsSync } from 'node:fs';
import type { OpenOptions } from '../../app/scratchpad/types';
import { fakeClock, operator, tempDir, user } from './helpers';

/*
 * The in-memory turn table (core/turn-table-backend.ts) stays exact with other writers: a second store object on
 * the same file (its own connection) puts, gcs or changes TTLs, and the first one's next listTurns and stats see
 * it. The source is wrapped to count loads, so the tests also show when the table is reused, that a question
 * right after a change is answered by SQL and the next one reloads the table, and when the bound sends a
 * question to SQL.
 */
const T0 = 1_800_000_000;
const alice = user('alice');
const bob = user('bob');
let tmp: ReturnType<typeof tempDir>;
const clock = fakeClock(T0);

beforeEach(() => {
  tmp = tempDir();
  clock.set(T0);
});
afterEach(() => tmp.cleanup());

/** A v2 store whose turn row source counts its loads and can run `beforeExpired` once before a straddle read. */
function countedStore(file: string, options: OpenOptions = {}) {
  const resolved = resolveOptions({ clock: clock.now, ...options });
  if (!existsSync(file)) createV2File(file, resolved);
  const backend = openV2(file, resolved);
  const source = backend.turnRows!;
  const seen = { loads: 0, tableLoads: 0, expiredReads: 0, beforeExpired: null as null | (() => Promise<void>) };
  const counted: TurnRowSource = {
    token: () => source.token(),
    load: async (max) => {
      const loaded = await source.load(max);
      seen.loads++;
      if (loaded.rows !== null) seen.tableLoads++;
      return loaded;
    },
    expired: async (token, turns, now) => {
      seen.expiredReads++;
      const before = seen.beforeExpired;
      seen.beforeExpired = null;
      if (before !== null) await before();
      return source.expired(token, turns, now);
    },
    totals: (token) => source.totals(token),
  };
  const store = createScratchpad({ ...backend, turnRows: counted } as ScratchpadBackend, resolved);
  return { store, seen };
}

/**
 * Asks `fn` twice and expects the same answer: right after a change the first answer is SQL's and the second
 * comes from the table it reloads, so both paths answer every question of these tests.
 */
async function twice<T>(fn: () => Promise<T>): Promise<T> {
  const first = await fn();
  expect(await fn()).toEqual(first);
  return first;
}

async function put(sp: Scratchpad, who = alice, turnId = 't1', ttlSeconds = 100, executorName: string | null = 'shell'): Promise<void> {
  await sp.put(who, { turnId, stepNum: null, executorName, observation: { content: `row of ${turnId}` }, ttlSeconds });
}

describe('turn table with another writer on the file', () => {
  it("sees another store's put, gc and TTL change at its next listTurns and stats", async () => {
    const file = tmp.file();
    const { store: reader, seen } = countedStore(file);
    const writer = await openScratchpad(file, { clock: clock.now });
    try {
      await put(writer, alice, 't1', 10);
      expect((await twice(() => reader.listTurns(alice))).turns.map((t) => [t.turnId, t.entryCount])).toEqual([['t1', 1]]);
      await put(writer, alice, 't2', 10);
      await put(writer, alice, 't1', 1_000);
      const page = await twice(() => reader.listTurns(alice, { sort: 'turnId', direction: 'asc' }));
      expect([page.total, page.turns.map((t) => [t.turnId, t.entryCount])]).toEqual([
        2,
        [
          ['t1', 2],
          ['t2', 1],
        ],
      ]);
      expect((await reader.stats(alice)).rows).toBe(3);
      clock.advance(20);
      expect((await reader.stats(alice)).expiredRows).toBe(2);
      await writer.gc(operator);
      const after = await twice(() => reader.listTurns(alice));
      expect([after.total, after.turns.map((t) => [t.turnId, t.entryCount, t.expiredCount])]).toEqual([1, [['t1', 1, 0]]]);
      expect(await reader.stats(alice)).toMatchObject({ rows: 1, expiredRows: 0 });
      await writer.extendTtl(alice, { turnId: 't1' }, -1);
      expect((await twice(() => reader.listTurns(alice))).turns[0]!.expiredCount).toBe(1);
      expect((await reader.gc(alice, { dryRun: true })).deletedRows).toBe(1);
    } finally {
      await writer.close();
      await reader.close();
    }
    // One load per change seen, at the second question after it (the first list, then after the puts, the gc and
    // the TTL change), none for a repeated question.
    expect(seen.tableLoads).toBe(4);
  });

  it('reuses the table while nothing changed, and reloads after its own writes', async () => {
    const { store, seen } = countedStore(tmp.file());
    try {
      await put(store);
      await store.listTurns(alice);
      expect(seen.loads).toBe(0); // a first question: SQL answers
      await store.listTurns(alice, { query: 'sh' });
      await store.stats(alice);
      expect(seen.tableLoads).toBe(1);
      await put(store, alice, 't2');
      expect((await twice(() => store.listTurns(alice))).total).toBe(2);
      expect(seen.tableLoads).toBe(2);
      await store.extendTtl(alice, { turnId: 't2' }, -1);
      expect((await twice(() => store.listTurns(alice, { sort: 'expiredCount' }))).turns.map((t) => [t.turnId, t.expiredCount])).toEqual([
        ['t2', 1],
        ['t1', 0],
      ]);
      await store.gc(alice);
      expect((await twice(() => store.listTurns(alice))).total).toBe(1);
      expect(seen.tableLoads).toBe(4);
    } finally {
      await store.close();
    }
  });

  it('answers from SQL when another writer commits between the table and a straddle read', async () => {
    const file = tmp.file();
    const { store, seen } = countedStore(file);
    const writer = await openScratchpad(file, { clock: clock.now });
    try {
      await put(writer, alice, 't1', 10);
      await put(writer, alice, 't1', 1_000);
      clock.advance(20); // t1 straddles now: one row expired, one not
      expect((await twice(() => store.listTurns(alice))).turns[0]!.expiredCount).toBe(1);
      expect([seen.tableLoads, seen.expiredReads]).toEqual([1, 1]);
      seen.beforeExpired = () => put(writer, alice, 't1', -1);
      const page = await store.listTurns(alice);
      expect(page.turns.map((t) => [t.turnId, t.entryCount, t.expiredCount])).toEqual([['t1', 3, 2]]);
      // The table's straddle read saw the new commit (stale), so SQL answered; the table was not reloaded.
      expect([seen.tableLoads, seen.expiredReads]).toEqual([1, 2]);
    } finally {
      await writer.close();
      await store.close();
    }
  });
});

describe('turn table scope and bound', () => {
  it("groups every owner's rows of a turn for the operator and never shows a user another owner's turns", async () => {
    const sp = await openScratchpad(tmp.file(), { clock: clock.now });
    try {
      await put(sp, alice, 'shared', 100, 'grep');
      await put(sp, bob, 'shared', 100, 'shell');
      await put(sp, bob, 'bob-only', 100, 'http_get');
      const all = await sp.listTurns(operator, { sort: 'turnId', direction: 'asc' });
      expect(all.turns.map((t) => [t.turnId, t.entryCount, t.executors, t.owners])).toEqual([
        ['bob-only', 1, ['http_get'], ['bob']],
        ['shared', 2, ['grep', 'shell'], ['alice', 'bob']],
      ]);
      expect(all.total).toBe(2);
      const mine = await sp.listTurns(alice);
      expect([mine.total, mine.turns.map((t) => [t.turnId, t.entryCount, t.executors, t.owners])]).toEqual([1, [['shared', 1, ['grep'], []]]]);
      expect((await sp.listTurns(alice, { query: 'http' })).total).toBe(0);
      expect((await sp.listTurns(alice, { query: 'shell' })).total).toBe(0);
      expect((await sp.listTurns(operator, { query: 'shell' })).total).toBe(1);
      expect((await sp.stats(alice)).rows).toBe(1);
      expect((await sp.stats(user('nobody'))).rows).toBe(0);
      expect((await sp.listTurns(user('nobody'))).total).toBe(0);
    } finally {
      await sp.close();
    }
  });

  it('answers from SQL above turnTableMaxTurns, with the same result', async () => {
    const file = tmp.file();
    const small = countedStore(file, { turnTableMaxTurns: 2 });
    try {
      for (const id of ['a', 'b', 'c']) await put(small.store, alice, id);
      const page = await twice(() => small.store.listTurns(alice, { sort: 'turnId', direction: 'desc', limit: 2 }));
      expect([page.total, page.turns.map((t) => t.turnId)]).toEqual([3, ['c', 'b']]);
      expect(small.seen.loads).toBe(1);
      expect(small.seen.tableLoads).toBe(0);
      const big = countedStore(file, { turnTableMaxTurns: 3 });
      try {
        expect(await twice(() => big.store.listTurns(alice, { sort: 'turnId', direction: 'desc', limit: 2 }))).toEqual(page);
        expect(big.seen.tableLoads).toBe(1);
      } finally {
        await big.store.close();
      }
    } finally {
      await small.store.close();
    }
  });

  it('refuses a turnTableMaxTurns that is not an integer >= 0', async () => {
    await expect(openScratchpad(tmp.file(), { turnTableMaxTurns: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(openScratchpad(tmp.file(), { turnTableMaxTurns: 1.5 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
