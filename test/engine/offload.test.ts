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

function thrownBy(fn: () => unknown): ScratchpadError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ScratchpadError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

describe('offloadObservation', () => {
  it('returns an observation of exactly the threshold unchanged and stores nothing', () => {
    const { store } = openTempStore();
    const obs = textOf(DEFAULT_OFFLOAD_THRESHOLD_BYTES);
    expect(offloadObservation(store, ctx, obs)).toBe(obs);
    expect(store.listForTurn(alice, 'turn-1')).toEqual([]);
  });

  it('returns an observation one byte below the threshold unchanged', () => {
    const { store } = openTempStore();
    const obs = textOf(4095);
    expect(offloadObservation(store, ctx, obs)).toBe(obs);
    expect(store.stats(alice).rows).toBe(0);
  });

  it('stores an observation one byte above the threshold and returns its handle', () => {
    const { store } = openTempStore();
    const obs = textOf(4097);
    const handle = offloadObservation(store, ctx, obs) as { scratchpad_id: string; step_num: number | null; size_bytes: number };
    expect(handle).not.toBe(obs);
    expect(handle.step_num).toBe(1);
    expect(handle.size_bytes).toBe(4097 - WRAP);
    const [row] = store.listForTurn(alice, 'turn-1');
    expect(row?.id).toBe(handle.scratchpad_id);
    expect(row?.executorName).toBe('read_file');
    expect(store.get(alice, handle.scratchpad_id).content).toBe(obs.content);
  });

  it('counts multi-byte text in bytes: 2,041 é (4,096 bytes) pass, 2,042 are stored', () => {
    const { store } = openTempStore();
    const at = textOf(4096, 'é');
    expect(at.content.length).toBe(2041);
    expect(offloadObservation(store, ctx, at)).toBe(at);
    const above = { content: at.content + 'é' };
    expect(offloadObservation(store, ctx, above)).not.toBe(above);
    expect(store.listForTurn(alice, 'turn-1').map((m) => m.lengthCodePoints)).toEqual([2042]);
  });

  it('counts an emoji as 4 bytes: 1,020 emoji plus 2 ASCII fill the threshold exactly', () => {
    const { store } = openTempStore();
    const at = { content: '😀'.repeat(1020) + 'ab' };
    expect(offloadObservation(store, ctx, at)).toBe(at);
    const above = { content: at.content + 'c' };
    expect(offloadObservation(store, ctx, above)).not.toBe(above);
    expect(store.stats(alice).rows).toBe(1);
  });

  it('measures binary content by its byte length', () => {
    const { store } = openTempStore();
    const small = { content: new Uint8Array(4096).fill(7) };
    expect(offloadObservation(store, ctx, small)).toBe(small);
    const big = { content: new Uint8Array(4097).fill(7) };
    const handle = offloadObservation(store, { ...ctx, stepNum: 2 }, big) as { scratchpad_id: string };
    const stored = store.get(alice, handle.scratchpad_id);
    expect(stored.meta.kind).toBe('binary');
    expect(stored.meta.sizeBytes).toBe(4097);
  });

  it('stores structured observations above the threshold', () => {
    const { store } = openTempStore();
    const listing = { entries: Array.from({ length: 200 }, (_, i) => ({ name: `file-${i}.txt`, size: i })) };
    const handle = offloadObservation(store, ctx, listing) as { scratchpad_id: string; count?: number };
    expect(store.describe(alice, handle.scratchpad_id).meta.structured).toBe(true);
    expect(JSON.parse(store.get(alice, handle.scratchpad_id).content as string)).toEqual(listing);
  });

  it('honours a caller threshold and the TTL of the context', () => {
    const { store, clock } = openTempStore();
    const obs = { content: 'x'.repeat(50) };
    expect(offloadObservation(store, ctx, obs, { thresholdBytes: 64 })).toBe(obs);
    const handle = offloadObservation(store, { ...ctx, ttlSeconds: 60 }, obs, { thresholdBytes: 63 }) as { scratchpad_id: string };
    expect(store.describe(alice, handle.scratchpad_id).meta.expiresAt).toBe(clock.now + 60);
  });

  it('rejects a bad threshold with INVALID_ARGUMENT and stores nothing', () => {
    const { store } = openTempStore();
    for (const thresholdBytes of [-1, 1.5, Number.NaN, Infinity]) {
      expect(thrownBy(() => offloadObservation(store, ctx, textOf(5000), { thresholdBytes })).code).toBe('INVALID_ARGUMENT');
    }
    expect(store.stats(alice).rows).toBe(0);
  });

  it('lets the store refuse the operator as owner, storing nothing', () => {
    const { store } = openTempStore();
    expect(thrownBy(() => offloadObservation(store, { ...ctx, principal: operator }, textOf(5000))).code).toBe('INVALID_ARGUMENT');
    expect(store.stats(operator).rows).toBe(0);
  });

  it('counts kept and offloaded observations in the metrics', () => {
    const { store } = openTempStore();
    const metrics = createEngineMetrics();
    offloadObservation(store, { ...ctx, metrics }, textOf(100));
    offloadObservation(store, { ...ctx, metrics }, textOf(5000));
    offloadObservation(store, { ...ctx, metrics }, textOf(6000));
    const c = metrics.counters();
    expect([c.keptInline, c.offloaded, c.offloadedBytes]).toEqual([1, 2, 11000]);
  });
});
