import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFLOAD_THRESHOLD_BYTES, createEngineMetrics, offloadObservation, type OffloadContext } from '../../app/engine';
import { ScratchpadError } from '../../app/scratchpad/types';
import { alice, openTempStore, operator } from './store-fixture';

const ctx: OffloadContext = { principal: alice, turnId: 'turn-1', stepNum: 1, executorName: 'read_file' };
// `{"content":""}`: the 14 bytes every `{ content: text }` observation adds to its text.
const WRAP = 14;

/** A text observation whose compact JSON is exactly `bytes` UTF-8 bytes, using one repeated character. */
function textOf(bytes: number, char = 'a'): { content: string } {
  const per = Buffer.byteLength(char);
  const body = bytes - WRAP;
  if (body % per !== 0) throw new Error(`cannot build ${bytes} bytes from ${char}`);
  return { content: char.repeat(body / per) };
}

async function thrownBy(fn: () => unknown): Promise<ScratchpadError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof ScratchpadError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('offloadObservation', () => {
  it('returns an observation of exactly the threshold unchanged and stores nothing', async () => {
    const { store } = await openTempStore();
    const obs = textOf(DEFAULT_OFFLOAD_THRESHOLD_BYTES);
    expect(await offloadObservation(store, ctx, obs)).toBe(obs);
    expect(await store.listForTurn(alice, 'turn-1')).toEqual([]);
  });

  it('returns an observation one byte below the threshold unchanged', async () => {
    const { store } = await openTempStore();
    const obs = textOf(4095);
    expect(await offloadObservation(store, ctx, obs)).toBe(obs);
    expect((await store.stats(alice)).rows).toBe(0);
  });

  it('stores an observation one byte above the threshold and returns its handle', async () => {
    const { store } = await openTempStore();
    const obs = textOf(4097);
    const handle = (await offloadObservation(store, ctx, obs)) as { scratchpad_id: string; step_num: number | null; size_bytes: number };
    expect(handle).not.toBe(obs);
    expect(handle.step_num).toBe(1);
    expect(handle.size_bytes).toBe(4097 - WRAP);
    const [row] = await store.listForTurn(alice, 'turn-1');
    expect(row?.id).toBe(handle.scratchpad_id);
    expect(row?.executorName).toBe('read_file');
    expect((await store.get(alice, handle.scratchpad_id)).content).toBe(obs.content);
  });

  it('counts multi-byte text in bytes: 2,041 é (4,096 bytes) pass, 2,042 are stored', async () => {
    const { store } = await openTempStore();
    const at = textOf(4096, 'é');
    expect(at.content.length).toBe(2041);
    expect(await offloadObservation(store, ctx, at)).toBe(at);
    const above = { content: at.content + 'é' };
    expect(await offloadObservation(store, ctx, above)).not.toBe(above);
    expect((await store.listForTurn(alice, 'turn-1')).map((m) => m.lengthCodePoints)).toEqual([2042]);
  });

  it('counts an emoji as 4 bytes: 1,020 emoji plus 2 ASCII fill the threshold exactly', async () => {
    const { store } = await openTempStore();
    const at = { content: '😀'.repeat(1020) + 'ab' };
    expect(await offloadObservation(store, ctx, at)).toBe(at);
    const above = { content: at.content + 'c' };
    expect(await offloadObservation(store, ctx, above)).not.toBe(above);
    expect((await store.stats(alice)).rows).toBe(1);
  });

  it('measures binary content by its byte length', async () => {
    const { store } = await openTempStore();
    const small = { content: new Uint8Array(4096).fill(7) };
    expect(await offloadObservation(store, ctx, small)).toBe(small);
    const big = { content: new Uint8Array(4097).fill(7) };
    const handle = (await offloadObservation(store, { ...ctx, stepNum: 2 }, big)) as { scratchpad_id: string };
    const stored = await store.get(alice, handle.scratchpad_id);
    expect(stored.meta.kind).toBe('binary');
    expect(stored.meta.sizeBytes).toBe(4097);
  });

  it('stores structured observations above the threshold', async () => {
    const { store } = await openTempStore();
    const listing = { entries: Array.from({ length: 200 }, (_, i) => ({ name: `file-${i}.txt`, size: i })) };
    const handle = (await offloadObservation(store, ctx, listing)) as { scratchpad_id: string; count?: number };
    expect((await store.describe(alice, handle.scratchpad_id)).meta.structured).toBe(true);
    expect(JSON.parse((await store.get(alice, handle.scratchpad_id)).content as string)).toEqual(listing);
  });

  it('honours a caller threshold and the TTL of the context', async () => {
    const { store, clock } = await openTempStore();
    const obs = { content: 'x'.repeat(50) };
    expect(await offloadObservation(store, ctx, obs, { thresholdBytes: 64 })).toBe(obs);
    const handle = (await offloadObservation(store, { ...ctx, ttlSeconds: 60 }, obs, { thresholdBytes: 63 })) as { scratchpad_id: string };
    expect((await store.describe(alice, handle.scratchpad_id)).meta.expiresAt).toBe(clock.now + 60);
  });

  it('rejects a bad threshold with INVALID_ARGUMENT and stores nothing', async () => {
    const { store } = await openTempStore();
    for (const thresholdBytes of [-1, 1.5, Number.NaN, Infinity]) {
      expect((await thrownBy(() => offloadObservation(store, ctx, textOf(5000), { thresholdBytes }))).code).toBe('INVALID_ARGUMENT');
    }
    expect((await store.stats(alice)).rows).toBe(0);
  });

  it('lets the store refuse the operator as owner, storing nothing', async () => {
    const { store } = await openTempStore();
    expect((await thrownBy(() => offloadObservation(store, { ...ctx, principal: operator }, textOf(5000)))).code).toBe('INVALID_ARGUMENT');
    expect((await store.stats(operator)).rows).toBe(0);
  });

  it('counts kept and offloaded observations in the metrics', async () => {
    const { store } = await openTempStore();
    const metrics = createEngineMetrics();
    await offloadObservation(store, { ...ctx, metrics }, textOf(100));
    await offloadObservation(store, { ...ctx, metrics }, textOf(5000));
    await offloadObservation(store, { ...ctx, metrics }, textOf(6000));
    const c = metrics.counters();
    expect([c.keptInline, c.offloaded, c.offloadedBytes]).toEqual([1, 2, 11000]);
  });
});
