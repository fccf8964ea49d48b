import { describe, expect, it } from 'vitest';
import { handleScratchpadRead, parseScratchpadReadArgs, type ReadToolContext, type ScratchpadReadToolResult } from '../../app/engine';
import type { Principal } from '../../app/contract';
import type { Scratchpad } from '../../app/scratchpad/types';
import { alice, bob, openTempStore } from './store-fixture';

const TURN = 'turn-1';
const ctxOf = (principal: Principal): ReadToolContext => ({ principal, turnId: TURN });

/** `count` lines "line 0", "line 1"... joined by `sep`, with a final terminator when `last`. */
function numbered(count: number, sep = '\n', last = true): string {
  return Array.from({ length: count }, (_, i) => `line ${i}`).join(sep) + (last && count > 0 ? sep : '');
}

async function put(store: Scratchpad, content: string | Uint8Array, principal: Principal = alice): Promise<string> {
  return (await store.put(principal, { turnId: TURN, stepNum: 1, executorName: 'exec', observation: { content } })).scratchpad_id;
}

function ok(r: ScratchpadReadToolResult) {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r;
}

function err(r: ScratchpadReadToolResult) {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => `line ${a + i}`).join('\n');

describe('handleScratchpadRead mode lines', () => {
  it('reads lines [start, end) without terminators, CRLF counted as one break, with the line facts', async () => {
    const { store } = await openTempStore();
    const text = numbered(10, '\r\n');
    const id = await put(store, text);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 2, end: 5 }));
    expect(r.content).toBe(range(2, 5));
    expect([r.truncated, r.lineRange, r.encoding]).toEqual([false, { start: 2, end: 5 }, 'utf8']);
    expect(r.meta).toMatchObject({
      id,
      unit: 'code_points',
      start: text.indexOf('line 2'),
      end: text.indexOf('line 5'),
      startLine: 3,
      totalLines: 10,
      truncated: false,
    });
    expect(r).not.toHaveProperty('nextLine');
  });

  it('reads n lines from start when end is not given, and the first 2,000 by default', async () => {
    const { store } = await openTempStore();
    const short = Array.from({ length: 3000 }, (_, i) => String(i)); // 2,000 of them joined: 8,889 code points
    const id = await put(store, short.join('\n'));
    expect(ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 7, n: 3 })).content).toBe('7\n8\n9');
    const all = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines' }));
    expect([all.lineRange, all.truncated]).toEqual([{ start: 0, end: 2000 }, false]);
    expect(all.content).toBe(short.slice(0, 2000).join('\n'));
  });

  it('counts a negative start or end from the last line (the tail lines), clamped to the first line', async () => {
    const { store } = await openTempStore();
    const id = await put(store, numbered(50, '\n', false));
    expect(ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: -3 })).content).toBe(range(47, 50));
    expect(ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: -5, end: -2 })).content).toBe(range(45, 48));
    expect(ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 40, end: -8 })).content).toBe(range(40, 42));
    const clamped = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: -500, end: 2 }));
    expect([clamped.content, clamped.lineRange]).toEqual([range(0, 2), { start: 0, end: 2 }]);
  });

  it('returns no lines past the last one, like a range past the end', async () => {
    const { store } = await openTempStore();
    const id = await put(store, numbered(4));
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 9, end: 20 }));
    expect([r.content, r.truncated, r.lineRange, r.meta.totalLines]).toEqual(['', false, { start: 4, end: 4 }, 4]);
  });

  it('returns the whole lines that fit in the cap and says which line comes next', async () => {
    const { store } = await openTempStore();
    const id = await put(store, numbered(100)); // "line 0".."line 99": 6 or 7 code points each
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 10, end: 60 }, { maxReturnLength: 40 }));
    expect(r.content).toBe(range(10, 15)); // 5 lines of 7 plus 4 separators = 39 <= 40; 6 would be 47
    expect([r.truncated, r.nextLine, r.lineRange, r.meta.truncated]).toEqual([true, 15, { start: 10, end: 15 }, true]);
    expect(r.hint).toContain(JSON.stringify({ scratchpad_id: id, mode: 'lines', start: 15, end: 60 }));
    const next = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: r.nextLine, end: 60 }, { maxReturnLength: 40 }));
    expect(next.content).toBe(range(15, 20));
  });

  it('cuts a line longer than the cap and gives where the rest of it and the next line start', async () => {
    const { store } = await openTempStore();
    const long = 'é'.repeat(30);
    const id = await put(store, `a\n${long}\nb\n`);
    const r = ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 1, end: 3 }, { maxReturnLength: 10 }));
    expect(r.content).toBe('é'.repeat(10));
    expect([r.truncated, r.nextStart, r.nextLine, r.lineRange]).toEqual([true, 12, 2, { start: 1, end: 2 }]);
    expect(r.meta).toMatchObject({ start: 2, end: 12, startLine: 2, totalLines: 3, truncated: true });
    expect(r.hint).toContain(JSON.stringify({ scratchpad_id: id, mode: 'range', start: 12, end: 32 }));
    expect(r.hint).toContain(JSON.stringify({ scratchpad_id: id, mode: 'lines', start: 2, end: 3 }));
  });

  it('records the lines read in the read log with their code-point span', async () => {
    const { store } = await openTempStore();
    const id = await put(store, numbered(5));
    ok(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 1, end: 3 }));
    const log = await store.readLog(alice, { id });
    expect(log.map((e) => ({ mode: e.mode, start: e.start, end: e.end, truncated: e.truncated }))).toEqual([
      { mode: 'lines', start: 7, end: 21, truncated: false },
    ]);
  });

  it.each([
    ['end before start', { start: 5, end: 2 }],
    ['a negative end before a start', { start: 3, end: -9 }],
  ])('refuses %s with INVALID_ARGUMENT and records nothing', async (_name, bounds) => {
    const { store } = await openTempStore();
    const id = await put(store, numbered(10));
    const e = err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', ...bounds }));
    expect(e.code).toBe('INVALID_ARGUMENT');
    expect(e.message).toContain('must be >= start');
    expect(await store.readLog(alice, { id })).toEqual([]);
  });

  it('refuses lines of a binary entry with INVALID_ARGUMENT', async () => {
    const { store } = await openTempStore();
    const id = await put(store, Uint8Array.from([0x61, 0x0a, 0x62]));
    const e = err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'lines', start: 0, end: 1 }));
    expect([e.code, e.message]).toEqual([
      'INVALID_ARGUMENT',
      `scratchpad entry ${JSON.stringify(id)} is binary: mode "lines" reads text only; use head, tail or range`,
    ]);
  });

  it('refuses a negative start outside mode lines and another user’s entry as NOT_FOUND', async () => {
    const { store } = await openTempStore();
    const id = await put(store, numbered(10));
    const e = err(await handleScratchpadRead(store, ctxOf(alice), { scratchpad_id: id, mode: 'range', start: -2 }));
    expect([e.code, e.message]).toEqual(['INVALID_ARGUMENT', 'start: must be >= 0 in mode "range" (negative counts from the end in mode "lines" only)']);
    expect(err(await handleScratchpadRead(store, ctxOf(bob), { scratchpad_id: id, mode: 'lines', start: 0 })).code).toBe('NOT_FOUND');
  });
});

describe('parseScratchpadReadArgs mode lines', () => {
  it('accepts negative start and end in mode lines only', () => {
    expect(parseScratchpadReadArgs({ scratchpad_id: 'a', mode: 'lines', start: -10, end: -1 })).toEqual({
      ok: true,
      value: { scratchpad_id: 'a', mode: 'lines', n: 2000, start: -10, end: -1 },
    });
    const r = parseScratchpadReadArgs({ scratchpad_id: 'a', mode: 'tail', end: -1 });
    expect(r.ok ? null : r.error).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'end: must be >= 0 in mode "tail" (negative counts from the end in mode "lines" only)',
    });
  });
});
