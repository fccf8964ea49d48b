import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { principalLabel, principalOfLabel } from '../../app/access';
import { createEngineMetrics, handleScratchpadRead, offloadObservation } from '../../app/engine';
import { jsonBytesOf } from '../../app/engine/json-size';
import { measureObservationBytes } from '../../app/engine/measure';
import type { Principal, SyntheticHandle } from '../../app/contract';
import type { PutInput, Scratchpad } from '../../app/scratchpad/types';
import { alice, openTempStore, operator } from './store-fixture';

/** Strings of any UTF-16 units, lone surrogates included. */
const anyUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units));
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyUnits,
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(anyUnits, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('jsonBytesOf', () => {
  it('equals the UTF-8 length of JSON.stringify for any JSON-like value', () => {
    fc.assert(
      fc.property(jsonish, (v) => {
        const json = JSON.stringify(v);
        expect(jsonBytesOf(v)).toBe(json === undefined ? undefined : Buffer.byteLength(json, 'utf8'));
      }),
      { numRuns: 500 },
    );
  });
  it('follows toJSON, wrapper objects and functions as JSON.stringify does', () => {
    const v = { d: new Date(0), n: new Number(3), s: new String('é'), f: () => 1, a: [() => 1, undefined, Symbol('x')] };
    expect(jsonBytesOf(v)).toBe(Buffer.byteLength(JSON.stringify(v), 'utf8'));
  });
  it('throws TypeError for a cycle and a BigInt', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => jsonBytesOf(cyclic)).toThrow(TypeError);
    expect(() => jsonBytesOf({ n: 1n })).toThrow(TypeError);
  });
});

describe('offloadObservation of a text whose JSON is longer than any JavaScript string', () => {
  // 90 million U+0001 escape to 540 million characters: above V8's longest string (2^29 - 24).
  const text = '\u0001'.repeat(90_000_000);
  it('measures it without building the JSON', () => {
    expect(6 * text.length + 2).toBeGreaterThan(2 ** 29 - 24);
    expect(measureObservationBytes(text)).toBe(6 * text.length + 2);
    expect(measureObservationBytes({ content: text })).toBe(6 * text.length + 2 + '{"content":}'.length);
  });
  it('hands it to put and counts its size', async () => {
    const puts: PutInput[] = [];
    const store = {
      put: async (_p: Principal, input: PutInput) => (puts.push(input), { scratchpad_id: 'x' } as SyntheticHandle),
    } as Partial<Scratchpad> as Scratchpad;
    const metrics = createEngineMetrics();
    const seen = await offloadObservation(store, { principal: alice, turnId: 't', stepNum: 1, executorName: 'e', metrics }, { content: text });
    expect({
      seen,
      puts: puts.length,
      same: puts[0]?.observation === undefined ? false : (puts[0].observation as { content: string }).content === text,
    }).toEqual({ seen: { scratchpad_id: 'x' }, puts: 1, same: true });
    expect(metrics.counters()).toMatchObject({ offloaded: 1, offloadedBytes: 6 * text.length + 2 + '{"content":}'.length });
  });
});

describe('engine metrics', () => {
  it('count an INTERNAL answer as a failed read', async () => {
    const { store } = await openTempStore();
    const metrics = createEngineMetrics();
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
        has: () => {
          throw new Error('boom');
        },
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    const r = await handleScratchpadRead(store, { principal: alice, turnId: 't', metrics }, hostile);
    expect(r).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'internal error while reading the scratchpad' } });
    expect(metrics.counters().failedReads).toBe(1);
  });
});

describe('read log labels', () => {
  it('tell a user whose id is "operator" from the operator', () => {
    const user: Principal = { kind: 'user', userId: 'operator' };
    expect(principalLabel(user)).not.toBe(principalLabel(operator));
    for (const p of [operator, user, alice, { kind: 'user', userId: 'user:operator' } as Principal, { kind: 'user', userId: 'user:' } as Principal]) {
      expect(principalOfLabel(principalLabel(p))).toEqual(p);
    }
  });
  it('record the reads of a user named "operator" under a label that is not the operator\'s', async () => {
    const { store } = await openTempStore();
    const user: Principal = { kind: 'user', userId: 'operator' };
    const id = (await store.put(user, { turnId: 't1', stepNum: 1, executorName: 'e', observation: { content: 'x'.repeat(100) } })).scratchpad_id;
    expect((await handleScratchpadRead(store, { principal: user, turnId: 't1' }, { scratchpad_id: id, mode: 'head', n: 5 })).ok).toBe(true);
    const [entry] = await store.readLog(operator, { id });
    expect(entry?.principal).toBe('user:operator');
    expect(principalOfLabel(entry?.principal ?? '')).toEqual(user);
  });
});
