import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RETURN_LENGTH, createEngineMetrics, handleScratchpadRead, type ReadToolContext, type ScratchpadReadToolResult } from '../../app/engine';
import type { Principal } from '../../app/contract';
import type { Scratchpad } from '../../app/scratchpad/types';
import { alice, bob, openTempStore, operator } from './store-fixture';

const TURN = 'turn-1';
const ctxOf = (principal: Principal, turnId = TURN): ReadToolContext => ({ principal, turnId });

/** Text of `length` code points where position i holds a digit of i, so any slice can be checked. */
function digits(length: number): string {
  return Array.from({ length }, (_, i) => String(i % 10)).join('');
}

async function put(store: Scratchpad, principal: Principal, content: string | Uint8Array, turnId = TURN, ttlSeconds?: number): Promise<string> {
  return (await store.put(principal, { turnId, stepNum: 1, executorName: 'exec', observation: { content }, ...(ttlSeconds ? { ttlSeconds } : {}) }))
    .scratchpad_id;
}

function ok(r: ScratchpadReadToolResult) {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r;
}

function err(r: ScratchpadReadToolResult) {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

describe('handleScratchpadRead', () => {
  it('reads the first 2,000 code points by default', async () => {
    const { store } = await openTempStore();
    const text = digits(5000);
    const id = await put(store, alice, text);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id }));
    expect(r.content).toBe(text.slice(0, 2000));
    expect(r.encoding).toBe('utf8');
    expect(r.meta).toEqual({ id, kind: 'text', unit: 'code_points', totalLength: 5000, start: 0, end: 2000, returnedLength: 2000, truncated: false });
    expect(r.truncated).toBe(false);
    expect(r).not.toHaveProperty('nextStart');
  });

  it('accepts the arguments as a JSON string', async () => {
    const { store } = await openTempStore();
    const id = await put(store, alice, digits(100));
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), JSON.stringify({ scratchpad_id: id, mode: 'range', start: 10, end: 15 })));
    expect(r.content).toBe('01234');
  });

  it('returns a full read below the cap whole', async () => {
    const { store } = await openTempStore();
    const text = digits(DEFAULT_MAX_RETURN_LENGTH);
    const id = await put(store, alice, text);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'full' }));
    expect(r.content).toBe(text);
    expect(r.truncated).toBe(false);
  });

  it('caps a full read of a large row at 16,000 code points and says where to go on', async () => {
    const { store } = await openTempStore();
    const text = digits(100_000);
    const id = await put(store, alice, text);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'full' }));
    expect(r.content).toBe(text.slice(0, 16_000));
    expect([r.truncated, r.nextStart, r.meta.truncated, r.meta.start, r.meta.end, r.meta.totalLength]).toEqual([true, 16_000, true, 0, 16_000, 100_000]);
    expect(r.hint).toContain(JSON.stringify({ scratchpad_id: id, mode: 'range', start: 16_000 }));
    const next = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: r.nextStart }));
    expect(next.content).toBe(text.slice(16_000, 32_000));
  });

  it('caps a huge head and a large range the same way', async () => {
    const { store } = await openTempStore();
    const text = digits(50_000);
    const id = await put(store, alice, text);
    const head = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, n: 1_000_000_000 }));
    expect([head.content.length, head.nextStart]).toEqual([16_000, 16_000]);
    const range = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: 1000, end: 40_000 }));
    expect(range.content).toBe(text.slice(1000, 17_000));
    expect(range.nextStart).toBe(17_000);
    expect(range.hint).toContain(JSON.stringify({ scratchpad_id: id, mode: 'range', start: 17_000, end: 40_000 }));
  });

  it('returns the first slice of a tail longer than the cap', async () => {
    const { store } = await openTempStore();
    const text = digits(100_000);
    const id = await put(store, alice, text);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'tail', n: 40_000 }, { maxReturnLength: 10_000 }));
    expect(r.content).toBe(text.slice(60_000, 70_000));
    expect(r.nextStart).toBe(70_000);
    const small = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'tail', n: 7 }));
    expect([small.content, small.truncated]).toEqual([text.slice(-7), false]);
  });

  it('counts the cap in code points for multi-byte text', async () => {
    const { store } = await openTempStore();
    const id = await put(store, alice, '😀é€'.repeat(10));
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'full' }, { maxReturnLength: 5 }));
    expect(r.content).toBe('😀é€😀é');
    expect([r.meta.returnedLength, r.nextStart, r.meta.totalLength]).toEqual([5, 5, 30]);
  });

  it('caps binary rows in bytes and returns base64', async () => {
    const { store } = await openTempStore();
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => i % 251);
    const id = await put(store, alice, bytes);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: 100 }, { maxReturnLength: 1000 }));
    expect(r.encoding).toBe('base64');
    expect(Buffer.from(r.content, 'base64')).toEqual(Buffer.from(bytes.subarray(100, 1100)));
    expect([r.meta.unit, r.nextStart, r.meta.totalLength]).toEqual(['bytes', 1100, 3000]);
  });

  it('clamps positions past the end to an empty slice and rejects end before start', async () => {
    const { store } = await openTempStore();
    const id = await put(store, alice, digits(100));
    const past = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: 500, end: 900 }));
    expect([past.content, past.meta.start, past.meta.end, past.truncated]).toEqual(['', 100, 100, false]);
    const noEnd = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: 500 }));
    expect([noEnd.content, noEnd.meta.start, noEnd.meta.end]).toEqual(['', 100, 100]);
    const tailEnd = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: 90, end: 10 ** 15 }));
    expect(tailEnd.content).toBe('0123456789');
    const bad = err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: 20, end: 10 }));
    expect(bad.code).toBe('INVALID_ARGUMENT');
  });

  it.each([
    ['missing id', {}],
    ['wrong type', { scratchpad_id: 'x', n: '5' }],
    ['negative', { scratchpad_id: 'x', mode: 'range', start: -1 }],
    ['huge', { scratchpad_id: 'x', n: 2 ** 60 }],
    ['extra', { scratchpad_id: 'x', evil: true }],
    ['not an object', 42],
  ])('answers bad arguments (%s) with INVALID_ARGUMENT', async (_name, args) => {
    const { store } = await openTempStore();
    const id = await put(store, alice, digits(10));
    const withId = typeof args === 'object' && args && 'scratchpad_id' in args ? { ...args, scratchpad_id: id } : args;
    expect(err(await handleScratchpadRead(store, ctxOf(alice), withId)).code).toBe('INVALID_ARGUMENT');
    expect(await store.readLog(alice, { turnId: TURN })).toEqual([]);
  });

  it('answers a bad maxReturnLength with INVALID_ARGUMENT', async () => {
    const { store } = await openTempStore();
    const id = await put(store, alice, digits(10));
    for (const maxReturnLength of [0, -5, 2.5, Number.NaN]) {
      expect(err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id }, { maxReturnLength })).code).toBe('INVALID_ARGUMENT');
    }
  });

  it('reads forged, malformed, foreign and other-turn ids as the same NOT_FOUND', async () => {
    const { store } = await openTempStore();
    const mine = await put(store, alice, digits(10));
    const otherTurn = await put(store, alice, digits(10), 'turn-2');
    const bobs = await put(store, bob, 'bob secret', TURN);
    const forged = mine.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const id of [forged, '../../etc/passwd', "x' OR 1=1 --", bobs, otherTurn]) {
      const e = err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'full' }));
      expect(e).toEqual({ code: 'NOT_FOUND', message: `scratchpad entry ${JSON.stringify(id)} not found in this turn` });
    }
    expect(ok(await handleScratchpadRead(store, ctxOf(bob), { scratchpad_id: bobs, mode: 'full' })).content).toBe('bob secret');
  });

  it('reads an own row that expired as NOT_FOUND', async () => {
    const { store, clock } = await openTempStore();
    const id = await put(store, alice, digits(10), TURN, 60);
    clock.now += 60;
    expect(err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id }))).toEqual({
      code: 'NOT_FOUND',
      message: `scratchpad entry ${JSON.stringify(id)} has expired`,
    });
  });

  it('refuses the operator with FORBIDDEN', async () => {
    const { store } = await openTempStore();
    const id = await put(store, alice, digits(10));
    expect(err(await handleScratchpadRead(store, ctxOf(operator), { scratchpad_id: id })).code).toBe('FORBIDDEN');
  });

  it('never throws, even on a closed store', async () => {
    const { store } = await openTempStore();
    const id = await put(store, alice, digits(10));
    await store.close();
    const r = await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id });
    expect(r.ok).toBe(false);
  });

  it('counts served, truncated, denied and invalid reads', async () => {
    const { store } = await openTempStore();
    const metrics = createEngineMetrics();
    const ctx = { ...ctxOf(alice), metrics };
    const id = await put(store, alice, digits(20_000));
    await handleScratchpadRead(store, ctx, { scratchpad_id: id });
    await handleScratchpadRead(store, ctx, { scratchpad_id: id, mode: 'full' });
    await handleScratchpadRead(store, ctx, { scratchpad_id: 'nope' });
    await handleScratchpadRead(store, { ...ctxOf(operator), metrics }, { scratchpad_id: id });
    await handleScratchpadRead(store, ctx, { scratchpad_id: id, n: -1 });
    const c = metrics.counters();
    expect([c.reads, c.truncatedReads, c.deniedReads, c.invalidReads, c.failedReads]).toEqual([2, 1, 2, 1, 0]);
  });
});
