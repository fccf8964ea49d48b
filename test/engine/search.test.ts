import { describe, expect, it } from 'vitest';
import { handleScratchpadSearch } from '../../app/engine';
import { alice, bob, openTempStore, operator } from './store-fixture';

const TURN = 'turn-1';

describe('handleScratchpadSearch', () => {
  it("finds matches in the user's live rows of the turn only, and records each hit in the read log", async () => {
    const { store, clock } = await openTempStore();
    const mine = (await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'alpha\nERROR disk full\nbeta' } }))
      .scratchpad_id;
    await store.put(alice, { turnId: TURN, stepNum: 2, executorName: 'e', observation: { content: 'error but expired' }, ttlSeconds: -1 });
    await store.put(alice, { turnId: 'other-turn', stepNum: 1, executorName: 'e', observation: { content: 'error elsewhere' } });
    await store.put(bob, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: "error in bob's row" } });
    const r = await handleScratchpadSearch(store, { principal: alice, turnId: TURN }, { pattern: 'error' });
    expect(r).toEqual({
      ok: true,
      hits: [
        {
          id: mine,
          kind: 'text',
          offset: 6,
          length: 5,
          line: 2,
          stepNum: 1,
          executorName: 'e',
          preview: { text: 'alpha\nERROR disk full\nbeta', matchStart: 6, matchLength: 5 },
        },
      ],
      nextCursor: null,
      truncated: false,
    });
    expect((await store.readLog(alice, { id: mine })).map((l) => [l.mode, l.start, l.end, l.at])).toEqual([['range', 6, 11, clock.now]]);
    await store.close();
  });

  it('pages at most limit hits with a cursor, and never throws on bad input', async () => {
    const { store } = await openTempStore();
    const id = (await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'e', observation: { content: 'x '.repeat(120) } })).scratchpad_id;
    const ctx = { principal: alice, turnId: TURN };
    const first = await handleScratchpadSearch(store, ctx, { pattern: 'x', limit: 50 });
    if (!first.ok) throw new Error('expected hits');
    expect(first.hits.length).toBe(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await handleScratchpadSearch(store, ctx, JSON.stringify({ pattern: 'x', limit: 50, cursor: first.nextCursor }));
    expect(second.ok && second.hits[0]?.offset).toBe(100);
    expect(await handleScratchpadSearch(store, ctx, { pattern: 'x', limit: 51 })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await handleScratchpadSearch(store, ctx, { pattern: '(', regex: true })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await handleScratchpadSearch(store, { principal: bob, turnId: TURN }, { pattern: 'x', scratchpad_id: id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await handleScratchpadSearch(store, { principal: operator, turnId: TURN }, { pattern: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await handleScratchpadSearch(store, ctx, 'not json')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    await store.close();
  });
});
