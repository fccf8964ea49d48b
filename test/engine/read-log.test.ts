import { describe, expect, it } from 'vitest';
import { createEngineMetrics, handleScratchpadRead, runGc } from '../../app/engine';
import { alice, bob, openTempStore } from './store-fixture';
import Database from 'better-sqlite3';
import { openScratchpad } from '../../app/scratchpad';

const TURN = 'turn-1';

describe('handleScratchpadRead and the read log', () => {
  it('records each served read with the mode asked, the slice returned, truncation and time', async () => {
    const { store, clock } = await openTempStore();
    const text = 'x'.repeat(30_000);
    const { scratchpad_id: id } = await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: text } });
    const ctx = { principal: alice, turnId: TURN };
    const t0 = clock.now;
    await handleScratchpadRead(store, ctx, { scratchpad_id: id });
    clock.now += 1;
    await handleScratchpadRead(store, ctx, { scratchpad_id: id, mode: 'full' });
    clock.now += 1;
    await handleScratchpadRead(store, ctx, { scratchpad_id: id, mode: 'tail', n: 50 });
    clock.now += 1;
    await handleScratchpadRead(store, ctx, { scratchpad_id: id, mode: 'range', start: 29_990, end: 40_000 });
    const base = { entryId: id, turnId: TURN, principal: 'alice', unit: 'code_points' };
    const expected = [
      { ...base, mode: 'head', start: 0, end: 2000, truncated: false, at: t0 },
      { ...base, mode: 'full', start: 0, end: 16_000, truncated: true, at: t0 + 1 },
      { ...base, mode: 'tail', start: 29_950, end: 30_000, truncated: false, at: t0 + 2 },
      { ...base, mode: 'range', start: 29_990, end: 30_000, truncated: false, at: t0 + 3 },
    ];
    expect(await store.readLog(alice, { id })).toEqual(expected);
    expect(await store.readLog(alice, { turnId: TURN })).toEqual(expected);
  });

  it('records nothing for refused reads', async () => {
    const { store } = await openTempStore();
    const { scratchpad_id: id } = await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'abc' } });
    await handleScratchpadRead(store, { principal: bob, turnId: TURN }, { scratchpad_id: id });
    await handleScratchpadRead(store, { principal: alice, turnId: TURN }, { scratchpad_id: id, mode: 'sideways' });
    await handleScratchpadRead(store, { principal: alice, turnId: 'turn-2' }, { scratchpad_id: id });
    expect(await store.readLog(alice, { turnId: TURN })).toEqual([]);
  });

  it("keeps each user's reads to that user when two share a turn id", async () => {
    const { store } = await openTempStore();
    const a = (await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'alice data' } })).scratchpad_id;
    const b = (await store.put(bob, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'bob data' } })).scratchpad_id;
    await handleScratchpadRead(store, { principal: alice, turnId: TURN }, { scratchpad_id: a, mode: 'head', n: 5 });
    await handleScratchpadRead(store, { principal: bob, turnId: TURN }, { scratchpad_id: b, mode: 'full' });
    expect((await store.readLog(alice, { turnId: TURN })).map((r) => [r.entryId, r.principal, r.end])).toEqual([[a, 'alice', 5]]);
    expect((await store.readLog(bob, { turnId: TURN })).map((r) => [r.entryId, r.principal, r.end])).toEqual([[b, 'bob', 8]]);
  });

  it('serves reads from a read-only file without logging them or counting a failure', async () => {
    const { store, path, clock } = await openTempStore();
    const { scratchpad_id: id } = await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'abcdef' } });
    await store.close();
    const readonlyStore = await openScratchpad(path, { readonly: true, clock: () => clock.now });
    try {
      const metrics = createEngineMetrics();
      const r = await handleScratchpadRead(readonlyStore, { principal: alice, turnId: TURN, metrics }, { scratchpad_id: id, n: 3 });
      expect(r.ok && r.content).toBe('abc');
      expect(await readonlyStore.readLog(alice, { id })).toEqual([]);
      expect([metrics.counters().reads, metrics.counters().readLogFailures]).toEqual([1, 0]);
    } finally {
      await readonlyStore.close();
    }
  });

  it('loses the read log of an entry when gc deletes the entry', async () => {
    const { store, clock } = await openTempStore();
    const { scratchpad_id: id } = await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'abc' }, ttlSeconds: 5 });
    await handleScratchpadRead(store, { principal: alice, turnId: TURN }, { scratchpad_id: id });
    expect(await store.readLog(alice, { turnId: TURN })).toHaveLength(1);
    clock.now += 5;
    expect((await runGc(store, alice)).deletedRows).toBe(1);
    expect(await store.readLog(alice, { turnId: TURN })).toEqual([]);
  });

  it('still serves a read when the read log cannot be written (another writer holds the lock), and counts it', async () => {
    const { store, path } = await openTempStore({ busyTimeoutMs: 0 });
    const { scratchpad_id: id } = await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'abcdef' } });
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const metrics = createEngineMetrics();
      const r = await handleScratchpadRead(store, { principal: alice, turnId: TURN, metrics }, { scratchpad_id: id, n: 2 });
      expect(r.ok && r.content).toBe('ab');
      expect([metrics.counters().reads, metrics.counters().readLogFailures]).toEqual([1, 1]);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await store.readLog(alice, { id })).toEqual([]);
  });
});
