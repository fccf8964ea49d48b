import { describe, expect, it } from 'vitest';
import { createEngineMetrics, runGc } from '../../app/engine';
import { alice, openTempStore } from './store-fixture';

describe('runGc', () => {
  it('counts the rows and bytes gc deleted, but not a dry run', async () => {
    const { store, clock } = await openTempStore();
    const metrics = createEngineMetrics();
    await store.put(alice, { turnId: 't', stepNum: 1, executorName: 'e', observation: { content: 'a'.repeat(100) }, ttlSeconds: 10 });
    await store.put(alice, { turnId: 't', stepNum: 2, executorName: 'e', observation: { content: 'b'.repeat(50) }, ttlSeconds: 10 });
    await store.put(alice, { turnId: 't', stepNum: 3, executorName: 'e', observation: { content: 'c' }, ttlSeconds: 1000 });
    clock.now += 10;
    const dry = await runGc(store, alice, { dryRun: true, metrics });
    expect([dry.deletedRows, metrics.counters().gcRuns]).toEqual([2, 0]);
    const done = await runGc(store, alice, { metrics });
    expect([done.deletedRows, done.deletedBytes]).toEqual([2, 150]);
    const c = metrics.counters();
    expect([c.gcRuns, c.gcDeletedRows, c.gcDeletedBytes]).toEqual([1, 2, 150]);
    expect((await store.listForTurn(alice, 't')).map((m) => m.stepNum)).toEqual([3]);
  });
});
