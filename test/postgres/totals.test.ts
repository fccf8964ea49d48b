import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { createAppDatabase } from '../support/pg-app';
import type { TestDatabase } from '../support/pg-db';

/*
 * The per-turn totals of schema 3 (kept by triggers on observations) against the rows themselves, recomputed by
 * the superuser past RLS: after concurrent writers and gc they must be equal, and stats read from them must be
 * what a scan of every row gives.
 */

let db: TestDatabase;
let admin: pg.Client;
let url: string;
beforeAll(async () => {
  ({ db, admin, url } = await createAppDatabase(inject('pgAdminUrl')));
});
afterAll(() => db.drop());

const operator = { kind: 'operator' } as const;
const BOUNDS = [1_024, 16_384, 262_144, 1_048_576, 16_777_216, 268_435_456];

/** Totals per (owner, turn) recomputed from observations, in turn_totals' shape. */
async function recomputed(): Promise<unknown[]> {
  const buckets = [...BOUNDS, null]
    .map((up, i) => {
      const low = i === 0 ? 0 : BOUNDS[i - 1]!;
      return `count(*) FILTER (WHERE size_bytes > ${low}${up === null ? '' : ` AND size_bytes <= ${up}`})::int AS b${i}`;
    })
    .join(', ');
  const res =
    await admin.query(`SELECT owner, turn_id, count(*)::int AS rows, sum(size_bytes)::int AS bytes, count(*) FILTER (WHERE kind = 'text')::int AS text_rows,
      coalesce(sum(size_bytes) FILTER (WHERE kind = 'text'), 0)::int AS text_bytes, ${buckets}
    FROM scratchpad.observations GROUP BY owner, turn_id ORDER BY owner, turn_id`);
  return res.rows;
}

async function stored(): Promise<unknown[]> {
  const res =
    await admin.query(`SELECT owner, turn_id, rows::int, bytes::int, text_rows::int, text_bytes::int, ${[...BOUNDS, null].map((_, i) => `b${i}::int`).join(', ')}
    FROM scratchpad.turn_totals ORDER BY owner, turn_id`);
  return res.rows;
}

/** A deterministic content of `i`: text of 1 byte to ~70 KiB (several chunks), or bytes every fifth. */
function content(i: number): string | Uint8Array {
  const size = [1, 900, 1_500, 20_000, 70_000, 300][i % 6]!;
  return i % 5 === 4 ? new Uint8Array(size).fill(i % 251) : 'é'.repeat(Math.ceil(size / 2)).slice(0, Math.max(1, Math.floor(size / 2)));
}

describe('turn totals', () => {
  it('equal the rows after concurrent writers and gc, and stats from them equal a scan of every row', async () => {
    const writers: Scratchpad[] = [];
    for (let w = 0; w < 3; w++) writers.push(await openScratchpad(url, { clock: () => 1_000 }));
    const collector = await openScratchpad(url, { clock: () => 1_500 });
    try {
      let writing = true;
      const puts = writers.map(async (store, w) => {
        for (let i = 0; i < 24; i++) {
          const owner = (i + w) % 2 === 0 ? 'alice' : 'bob';
          await store.put(
            { kind: 'user', userId: owner },
            { turnId: `t${i % 3}`, stepNum: i, executorName: 'x', observation: { content: content(i + w) }, ttlSeconds: i % 3 === 0 ? 100 : 10_000 },
          );
        }
      });
      const gc = (async () => {
        let removed = 0;
        while (writing) removed += (await collector.gc(operator)).deletedRows;
        return removed;
      })();
      await Promise.all(puts);
      writing = false;
      expect(await gc).toBeGreaterThanOrEqual(0);
      expect(await stored()).toEqual(await recomputed());
      await collector.gc(operator);
      expect(await stored()).toEqual(await recomputed());

      const rows = (await admin.query('SELECT owner, kind, size_bytes::int AS size, expires_at FROM scratchpad.observations')).rows as {
        owner: string;
        kind: string;
        size: number;
        expires_at: number;
      }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const owner of ['alice', 'bob']) {
        const mine = rows.filter((r) => r.owner === owner);
        const stats = await writers[0]!.stats({ kind: 'user', userId: owner });
        const sum = (xs: typeof mine) => xs.reduce((n, r) => n + r.size, 0);
        expect(stats).toEqual({
          rows: mine.length,
          bytes: sum(mine),
          byKind: {
            text: { rows: mine.filter((r) => r.kind === 'text').length, bytes: sum(mine.filter((r) => r.kind === 'text')) },
            binary: { rows: mine.filter((r) => r.kind === 'binary').length, bytes: sum(mine.filter((r) => r.kind === 'binary')) },
          },
          expiredRows: 0,
          expiredBytes: 0,
          sizeBuckets: [...BOUNDS, null].map((up, i) => ({
            upToBytes: up,
            rows: mine.filter((r) => r.size > (i === 0 ? 0 : BOUNDS[i - 1]!) && (up === null || r.size <= up)).length,
          })),
        });
      }
      // At a later clock the rows with the short TTL are expired, counted from the rows themselves.
      const later = await openScratchpad(url, { clock: () => 1_200 });
      try {
        const alice = rows.filter((r) => r.owner === 'alice' && r.expires_at <= 1_200);
        const s = await later.stats({ kind: 'user', userId: 'alice' });
        expect([s.expiredRows, s.expiredBytes]).toEqual([alice.length, alice.reduce((n, r) => n + r.size, 0)]);
      } finally {
        await later.close();
      }
    } finally {
      await Promise.all([...writers, collector].map((s) => s.close()));
    }
  });

  it('refuse changing the owner, turn, kind or size of an observation, and let a TTL change through', async () => {
    const store = await openScratchpad(url, { clock: () => 1_000 });
    try {
      await store.put({ kind: 'user', userId: 'carol' }, { turnId: 'fixed', stepNum: null, executorName: null, observation: 'abc', ttlSeconds: 60 });
    } finally {
      await store.close();
    }
    for (const set of [`owner = 'dave'`, `turn_id = 'moved'`, `kind = 'binary'`, `size_bytes = 99`]) {
      await expect(admin.query(`UPDATE scratchpad.observations SET ${set} WHERE owner = 'carol'`)).rejects.toMatchObject({ code: '23000' });
    }
    expect((await admin.query(`UPDATE scratchpad.observations SET expires_at = 9e9, turn_id = turn_id WHERE owner = 'carol'`)).rowCount).toBe(1);
    expect(await stored()).toEqual(await recomputed());
  });
});
