import { expect } from 'vitest';
import fc from 'fast-check';
import { ScratchpadError, type Scratchpad } from '../../app/scratchpad';
import type { Principal } from '../../app/contract';
import { toWellFormed } from '../../app/common/codepoints';
import { fakeClock, piecesOf } from './helpers';

/*
 * The isolation property, shared by every store that has owners (SQLite here, PostgreSQL in test/postgres).
 * Multi-user isolation: random users run random operations (with ids of other users' rows and forged ids) on
 * one store. Against a model of who owns what: no cross-owner read, list, gc, TTL change or stat, ever; a
 * foreign id fails exactly like a missing one.
 */

const USERS = ['u1', 'u2', 'u3'];
const TURNS = ['t1', 't2', 'shared'];
const T0 = 1_800_000_000;

type Op =
  | { op: 'put'; u: number; turn: number; ttl: number; text: string }
  | { op: 'read' | 'describe' | 'get' | 'extendId' | 'iterate'; u: number; target: number; forged: boolean }
  | { op: 'list' | 'extendTurn'; u: number; turn: number }
  | { op: 'turns' | 'stats' | 'owners'; u: number }
  | { op: 'gc'; u: number; dt: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('put' as const), u: fc.nat(2), turn: fc.nat(2), ttl: fc.integer({ min: -10, max: 100 }), text: fc.string({ maxLength: 20 }) }),
  fc.record({
    op: fc.constantFrom('read' as const, 'describe' as const, 'get' as const, 'extendId' as const, 'iterate' as const),
    u: fc.nat(2),
    target: fc.nat(50),
    forged: fc.boolean(),
  }),
  fc.record({ op: fc.constantFrom('list' as const, 'extendTurn' as const), u: fc.nat(2), turn: fc.nat(2) }),
  fc.record({ op: fc.constantFrom('turns' as const, 'stats' as const, 'owners' as const), u: fc.nat(2) }),
  fc.record({ op: fc.constant('gc' as const), u: fc.nat(2), dt: fc.integer({ min: 0, max: 120 }) }),
);

interface Row {
  owner: string;
  turn: string;
  text: string;
  expiresAt: number;
}

/**
 * Checks the isolation property over `numRuns` random operation lists, each on a fresh store from `open` (given
 * the run's clock, Unix seconds). Rejects with fast-check's counterexample on the first violation.
 */
export async function checkIsolation(open: (clock: () => number) => Promise<Scratchpad>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
      const clock = fakeClock(T0);
      const sp: Scratchpad = await open(clock.now);
      const model = new Map<string, Row>();
      const ids: string[] = [];
      const missing = async (fn: () => unknown, id: string) => {
        try {
          await fn();
        } catch (err) {
          expect(err).toBeInstanceOf(ScratchpadError);
          expect((err as ScratchpadError).code).toBe('NOT_FOUND');
          expect((err as ScratchpadError).message).toBe(`no entry with id "${id}"`);
          return;
        }
        throw new Error('expected NOT_FOUND');
      };
      try {
        for (const o of ops) {
          const userId = USERS[o.u] as string;
          const p: Principal = { kind: 'user', userId };
          const mine = [...model.values()].filter((r) => r.owner === userId);
          switch (o.op) {
            case 'put': {
              const id = (await sp.put(p, { turnId: TURNS[o.turn] as string, stepNum: 0, executorName: null, observation: o.text, ttlSeconds: o.ttl }))
                .scratchpad_id;
              ids.push(id);
              model.set(id, { owner: userId, turn: TURNS[o.turn] as string, text: toWellFormed(o.text), expiresAt: clock.now() + o.ttl });
              break;
            }
            case 'read':
            case 'describe':
            case 'get':
            case 'extendId':
            case 'iterate': {
              // Forged: a legacy-shaped (32-hex) id, or a real id's row number with another random part.
              const forged = o.target.toString(16).padStart(32, 'f');
              const real = ids[o.target % Math.max(1, ids.length)];
              const id = o.forged || real === undefined ? (real !== undefined && o.target % 2 === 0 ? forged + real.slice(32) : forged) : real;
              const row = model.get(id);
              const call = {
                read: async () => (await sp.read(p, id, { mode: 'full' })).content,
                describe: async () => (await sp.describe(p, id)).meta.owner,
                get: async () => (await sp.get(p, id)).content,
                extendId: () => sp.extendTtl(p, { id }, 50),
                iterate: async () => Buffer.concat(await piecesOf(await sp.iterateContent(p, id))).toString('utf8'),
              }[o.op];
              if (row === undefined || row.owner !== userId) {
                await missing(call, id);
              } else {
                const got = await call();
                if (o.op === 'describe') expect(got).toBe(userId);
                else if (o.op === 'extendId') {
                  expect(got).toBe(1);
                  row.expiresAt = clock.now() + 50;
                } else expect(got).toBe(row.text);
              }
              break;
            }
            case 'list': {
              const turn = TURNS[o.turn] as string;
              const got = (await sp.listForTurn(p, turn)).map((e) => e.id).sort();
              expect(got).toEqual(
                [...model.entries()]
                  .filter(([, r]) => r.owner === userId && r.turn === turn)
                  .map(([id]) => id)
                  .sort(),
              );
              break;
            }
            case 'extendTurn': {
              const turn = TURNS[o.turn] as string;
              const changed = await sp.extendTtl(p, { turnId: turn }, 30);
              const expected = mine.filter((r) => r.turn === turn);
              expect(changed).toBe(expected.length);
              for (const r of expected) r.expiresAt = clock.now() + 30;
              break;
            }
            case 'turns': {
              const turns = (await sp.listTurns(p)).turns;
              expect(turns.map((t) => t.turnId).sort()).toEqual([...new Set(mine.map((r) => r.turn))].sort());
              for (const t of turns) {
                expect(t.owners).toEqual([]);
                expect(t.entryCount).toBe(mine.filter((r) => r.turn === t.turnId).length);
              }
              break;
            }
            case 'stats': {
              const s = await sp.stats(p);
              expect(s.rows).toBe(mine.length);
              expect(s.bytes).toBe(mine.reduce((a, r) => a + Buffer.byteLength(r.text), 0));
              expect(s.expiredRows).toBe(mine.filter((r) => r.expiresAt <= clock.now()).length);
              expect(s.byOwner).toBeUndefined();
              break;
            }
            case 'owners':
              expect(await sp.owners(p)).toEqual(mine.length > 0 ? [userId] : []);
              break;
            case 'gc': {
              clock.advance(o.dt);
              const now = clock.now();
              const result = await sp.gc(p);
              const doomed = [...model.entries()].filter(([, r]) => r.owner === userId && r.expiresAt <= now);
              expect(result.deletedRows).toBe(doomed.length);
              expect(result.turns.every((t) => t.owner === userId)).toBe(true);
              for (const [id] of doomed) model.delete(id);
              break;
            }
          }
        }
        const all = await sp.stats({ kind: 'operator' });
        expect(all.rows).toBe(model.size);
        for (const u of USERS) expect(all.byOwner?.find((b) => b.owner === u)?.rows ?? 0).toBe([...model.values()].filter((r) => r.owner === u).length);
      } finally {
        await sp.close();
      }
    }),
    { numRuns },
  );
}
