import { describe, expect, it } from 'vitest';
import {
  SCRATCHPAD_READ_TOOL,
  SCRATCHPAD_SEARCH_TOOL,
  handleScratchpadRead,
  offloadObservation,
  resumeTurn,
  suspendTurn,
  toolsForTurn,
} from '../../app/engine';
import type { Principal } from '../../app/contract';
import { ScratchpadError, type Scratchpad } from '../../app/scratchpad/types';
import { alice, bob, openTempStore, operator } from './store-fixture';

const TURN = 'shared-turn';
const big = (tag: string) => ({ content: `${tag}:` + 'z'.repeat(5000) });

async function offload(store: Scratchpad, principal: Principal, tag: string, ttlSeconds = 3600, turnId = TURN): Promise<string> {
  const handle = await offloadObservation(store, { principal, turnId, stepNum: 1, executorName: 'e', ttlSeconds }, big(tag));
  return (handle as { scratchpad_id: string }).scratchpad_id;
}

describe('toolsForTurn', () => {
  it('offers scratchpad_read only to a user with rows in the turn', async () => {
    const { store } = await openTempStore();
    expect(await toolsForTurn(store, alice, TURN)).toEqual([]);
    await offload(store, alice, 'a');
    expect(await toolsForTurn(store, alice, TURN)).toEqual([SCRATCHPAD_READ_TOOL, SCRATCHPAD_SEARCH_TOOL]);
    expect(await toolsForTurn(store, bob, TURN)).toEqual([]);
    expect(await toolsForTurn(store, alice, 'another-turn')).toEqual([]);
  });

  it('stops offering it once every row of the turn expired', async () => {
    const { store, clock } = await openTempStore();
    await offload(store, alice, 'a', 100);
    await offload(store, alice, 'b', 200);
    clock.now += 100;
    expect(await toolsForTurn(store, alice, TURN)).toHaveLength(2);
    clock.now += 100;
    expect(await toolsForTurn(store, alice, TURN)).toEqual([]);
  });

  it('never offers it to the operator', async () => {
    const { store } = await openTempStore();
    await offload(store, alice, 'a');
    expect(await toolsForTurn(store, operator, TURN)).toEqual([]);
  });
});

describe('suspendTurn and resumeTurn', () => {
  it('keeps the rows alive for their owner across a suspension longer than their TTL', async () => {
    const { store, clock } = await openTempStore();
    const id = await offload(store, alice, 'alice', 600);
    expect(await suspendTurn(store, alice, TURN, 86_400)).toBe(1);
    clock.now += 3 * 3600;
    const resumed = await resumeTurn(store, alice, TURN);
    expect(resumed.readable.map((m) => m.id)).toEqual([id]);
    expect([resumed.expiredCount, resumed.tools]).toEqual([0, [SCRATCHPAD_READ_TOOL, SCRATCHPAD_SEARCH_TOOL]]);
    const r = await handleScratchpadRead(store, { principal: alice, turnId: TURN }, { scratchpad_id: id, n: 6 });
    expect(r.ok && r.content).toBe('alice:');
  });

  it('keeps resumed rows invisible to another user of the same turn id', async () => {
    const { store, clock } = await openTempStore();
    const id = await offload(store, alice, 'alice', 600);
    await offload(store, bob, 'bob', 600);
    await suspendTurn(store, alice, TURN, 86_400);
    clock.now += 3600;
    const asBob = await handleScratchpadRead(store, { principal: bob, turnId: TURN }, { scratchpad_id: id });
    expect(asBob.ok ? 'served' : asBob.error.code).toBe('NOT_FOUND');
    expect(await resumeTurn(store, bob, TURN)).toEqual({ readable: [], expiredCount: 1, tools: [] });
  });

  it("extends only the suspending user's rows: the other's expire on time", async () => {
    const { store, clock } = await openTempStore();
    await offload(store, alice, 'alice', 600);
    const bobs = await offload(store, bob, 'bob', 600);
    await suspendTurn(store, alice, TURN, 86_400);
    clock.now += 601;
    expect(await toolsForTurn(store, alice, TURN)).toHaveLength(2);
    expect(await toolsForTurn(store, bob, TURN)).toEqual([]);
    const r = await handleScratchpadRead(store, { principal: bob, turnId: TURN }, { scratchpad_id: bobs });
    expect(r.ok ? null : r.error.message).toContain('has expired');
  });

  it('lets rows expire when the turn was not extended', async () => {
    const { store, clock } = await openTempStore();
    const id = await offload(store, alice, 'alice', 600);
    clock.now += 3600;
    const resumed = await resumeTurn(store, alice, TURN);
    expect([resumed.readable, resumed.expiredCount, resumed.tools]).toEqual([[], 1, []]);
    const r = await handleScratchpadRead(store, { principal: alice, turnId: TURN }, { scratchpad_id: id });
    expect(r.ok ? 'served' : r.error.code).toBe('NOT_FOUND');
  });

  it('renews the TTL on resume when asked', async () => {
    const { store, clock } = await openTempStore();
    await offload(store, alice, 'alice', 600);
    clock.now += 500;
    const resumed = await resumeTurn(store, alice, TURN, { ttlSeconds: 1200 });
    expect(resumed.readable.map((m) => m.expiresAt)).toEqual([clock.now + 1200]);
  });

  it('rejects a bad TTL and the operator with INVALID_ARGUMENT, changing nothing', async () => {
    const { store } = await openTempStore();
    const id = await offload(store, alice, 'alice', 600);
    const before = (await store.describe(alice, id)).meta.expiresAt;
    for (const [p, ttl] of [
      [alice, 0],
      [alice, -5],
      [alice, Number.NaN],
      [operator, 600],
    ] as const) {
      let code: string | undefined;
      try {
        await suspendTurn(store, p, TURN, ttl);
      } catch (e) {
        code = e instanceof ScratchpadError ? e.code : 'other';
      }
      expect(code).toBe('INVALID_ARGUMENT');
    }
    expect((await store.describe(alice, id)).meta.expiresAt).toBe(before);
  });
});
