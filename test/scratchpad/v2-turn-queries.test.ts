import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import type { Principal } from '../../app/contract';
import { fakeClock, operator, tempDir, user } from './helpers';

/*
 * The v2 turn queries read the per-turn aggregates (v2/turn-queries.ts): a first page of listTurns comes with
 * its total from one statement (two plans, chosen by how many turns the query seems to match), and stats
 * derive bucket 0 and read the buckets above 16 KiB only from turns larger than that. Each is checked against
 * an answer computed here from the rows themselves. The stores here take the SQL path (turnTableMaxTurns: 0); the
 * in-memory turn table that answers by default is compared with it in turn-table.property.test.ts.
 */
const T0 = 1_800_000_000;
const alice = user('alice');
const bob = user('bob');
let tmp: ReturnType<typeof tempDir>;
const clock = fakeClock(T0);

beforeEach(() => {
  tmp = tempDir();
  clock.set(T0);
});
afterEach(() => tmp.cleanup());

/** SQLite's LIKE folds ASCII letters only: the reference does the same. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Turn ids with LIKE metacharacters, the escape character, upper case and non-ASCII letters. */
const SPECIAL_IDS = ['Turn-%A', 'turn_b', 'turnXb', 'x\\y', 'tür-Ñ', 'tür-ñ', '100%', '100x', 'a_c', 'abc', 'ÉTÉ', 'été'];
const EXECUTORS = ['HTTP_get', 'grep%', 'shell', 'read_file', 'sql'];

interface Put {
  readonly who: Principal;
  readonly turnId: string;
  readonly executor: string | null;
}

/** 12 special turns and 60 plain ones (turn-000 ... turn-059), two or three rows each, two owners. */
async function fill(sp: Scratchpad): Promise<Put[]> {
  const puts: Put[] = [];
  const ids = [...SPECIAL_IDS, ...Array.from({ length: 60 }, (_, i) => `turn-${String(i).padStart(3, '0')}`)];
  for (const [i, turnId] of ids.entries()) {
    for (let s = 0; s < 2 + (i % 2); s++) {
      const who = (i + s) % 5 === 0 ? bob : alice;
      const executor = s === 2 ? null : EXECUTORS[(i + s) % EXECUTORS.length]!;
      clock.advance(1);
      await sp.put(who, {
        turnId,
        stepNum: s,
        executorName: executor,
        observation: { content: 'x'.repeat(10 + ((i * 37 + s * 11) % 300)) },
        ttlSeconds: i % 3 === 0 ? 5 : 10_000 + i,
      });
      puts.push({ who, turnId, executor });
    }
  }
  return puts;
}

/** The turn ids a principal may see that match `query` (a substring of the turn id or of one executor name). */
function expectedTurns(puts: readonly Put[], who: Principal | null, query: string): string[] {
  const q = query.toLowerCase();
  const seen = puts.filter((p) => who === null || p.who === who);
  const match = new Set(
    seen.filter((p) => asciiLower(p.turnId).includes(q) || (p.executor !== null && asciiLower(p.executor).includes(q))).map((p) => p.turnId),
  );
  return [...match].sort();
}

/** Every turn of the listing, following cursors with `limit` turns a page; and each page's total. */
async function allPages(sp: Scratchpad, who: Principal, options: Record<string, unknown>): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await sp.listTurns(who, { ...options, ...(cursor === undefined ? {} : { cursor }) } as Parameters<Scratchpad['listTurns']>[1]);
    ids.push(...page.turns.map((t) => t.turnId));
    totals.push(page.total ?? -1);
    if (page.nextCursor === null) return { ids, totals };
    cursor = page.nextCursor;
  }
}

describe('v2 listTurns: a first page and its total', () => {
  const queries = ['%', '_', '\\', '100%', 'a_c', 'tür', 'ñ', 'été', 'turn', 'turn-0', 'turn-05', 'http', 'p%', 'zzz', 'É'.toLowerCase()];

  it('match exactly what a substring test of the turn id or one executor name matches, with LIKE metacharacters and non-ASCII', async () => {
    const sp = await openScratchpad(tmp.file(), { clock: clock.now, turnTableMaxTurns: 0 });
    const puts = await fill(sp);
    for (const who of [alice, operator]) {
      for (const query of queries) {
        const expected = expectedTurns(puts, who === operator ? null : who, query);
        for (const direction of ['asc', 'desc'] as const) {
          for (const sort of ['turnId', 'lastCreated', 'expiredCount'] as const) {
            const first = await sp.listTurns(who, { limit: 4, sort, direction, query });
            const { ids, totals } = await allPages(sp, who, { limit: 4, sort, direction, query });
            const what = `${who.kind} ${query} ${sort} ${direction}`;
            expect([what, [...ids].sort()]).toEqual([what, expected]);
            expect([what, first.total, new Set(totals).size <= 1]).toEqual([what, expected.length, true]);
            expect(first.turns.map((t) => t.turnId)).toEqual(ids.slice(0, 4));
          }
        }
      }
    }
    // A name never matches across two executor names of a turn (they are joined by a separator in the table).
    expect((await sp.listTurns(alice, { query: 'getgrep' })).total).toBe(0);
    await sp.close();
  });

  it('give the same turns and total as a count of every turn, for a query matching most turns and one matching few', async () => {
    const sp = await openScratchpad(tmp.file(), { clock: clock.now, turnTableMaxTurns: 0 });
    // 400 turns: the guess of how many turns match reads the first 256 of them.
    for (let i = 0; i < 400; i++) {
      clock.advance(1);
      await sp.put(alice, {
        turnId: `t-${String(i).padStart(4, '0')}`,
        stepNum: null,
        executorName: i % 4 === 0 ? 'shell' : 'http_get',
        observation: { content: `${i}` },
      });
    }
    for (const [query, count] of [
      ['http', 300],
      ['t-03', 100],
      ['t-039', 10],
      ['shell', 100],
    ] as const) {
      for (const sort of ['turnId', 'totalBytes', 'lastCreated'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const page = await sp.listTurns(alice, { limit: 50, sort, direction, query });
          expect([query, sort, direction, page.total, page.turns.length]).toEqual([query, sort, direction, count, Math.min(50, count)]);
          const { ids } = await allPages(sp, alice, { limit: 50, sort, direction, query });
          expect(page.turns.map((t) => t.turnId)).toEqual(ids.slice(0, 50));
          expect(new Set(ids).size).toBe(count);
        }
      }
    }
    await sp.close();
  });
});

/** Stats of a principal's rows computed from the observations table itself (no aggregates). */
function scannedStats(file: string, owner: string | null, now: number) {
  const db = new Database(file, { readonly: true });
  try {
    const where = owner === null ? '' : 'WHERE owner = @owner';
    const bounds = [1_024, 16_384, 262_144, 1_048_576, 16_777_216, 268_435_456];
    const buckets = [...bounds, null].map((up, i) => {
      const low = i === 0 ? null : bounds[i - 1];
      const conds = [low == null ? null : `size_bytes > ${low}`, up === null ? null : `size_bytes <= ${up}`].filter((c) => c !== null);
      return `coalesce(sum(${conds.join(' AND ')}), 0) AS b${i}`;
    });
    const r = db
      .prepare(
        `SELECT count(*) AS rows, coalesce(sum(size_bytes), 0) AS bytes, coalesce(sum(kind = 'text'), 0) AS text_rows,
          coalesce(sum(CASE WHEN kind = 'text' THEN size_bytes END), 0) AS text_bytes, coalesce(sum(expires_at <= @now), 0) AS expired_rows,
          coalesce(sum(CASE WHEN expires_at <= @now THEN size_bytes END), 0) AS expired_bytes, ${buckets.join(', ')} FROM observations ${where}`,
      )
      .get(owner === null ? { now } : { now, owner }) as Record<string, number>;
    return {
      rows: r.rows,
      bytes: r.bytes,
      byKind: { text: { rows: r.text_rows, bytes: r.text_bytes }, binary: { rows: r.rows! - r.text_rows!, bytes: r.bytes! - r.text_bytes! } },
      expiredRows: r.expired_rows,
      expiredBytes: r.expired_bytes,
      sizeBuckets: [...bounds, null].map((upToBytes, i) => ({ upToBytes, rows: r[`b${i}`] })),
    };
  } finally {
    db.close();
  }
}

describe('v2 stats from the per-turn aggregates', () => {
  it('equal a scan of every row, on the SQL path and from the turn table, with rows in every bucket, binary rows, turns straddling now, after gc and a TTL change', async () => {
    const file = tmp.file();
    const sp = await openScratchpadWithLayout(file, { clock: clock.now, turnTableMaxTurns: 0 }, { textChunkCodePoints: 65_536, binaryChunkBytes: 65_536 });
    const sizes = [0, 10, 1_024, 1_025, 16_384, 16_385, 262_144, 262_145, 300_000, 1_048_577];
    for (const [i, size] of sizes.entries()) {
      for (const who of [alice, bob]) {
        // One turn per size holding a small row too, so a turn's total exceeds 16 KiB while one of its rows does not.
        await sp.put(who, { turnId: `big-${i}`, stepNum: null, executorName: null, observation: { content: 'b'.repeat(size) }, ttlSeconds: 10 + i });
        await sp.put(who, { turnId: `big-${i}`, stepNum: null, executorName: null, observation: { content: new Uint8Array(100 + i) }, ttlSeconds: 100 });
        await sp.put(who, { turnId: `small-${i % 3}`, stepNum: null, executorName: null, observation: { content: 's'.repeat(100 * i) }, ttlSeconds: 5 * i });
      }
    }
    // A second store on the file answers from the in-memory turn table (its totals per owner, its buckets).
    const table = await openScratchpad(file, { clock: clock.now });
    const check = async (at: number) => {
      clock.set(at);
      for (const [who, owner] of [
        [alice, 'alice'],
        [bob, 'bob'],
        [operator, null],
      ] as const) {
        expect((await sp.stats(who)) as unknown).toMatchObject(scannedStats(file, owner, at));
        expect((await table.stats(who)) as unknown).toMatchObject(scannedStats(file, owner, at));
      }
    };
    await check(T0);
    await check(T0 + 14); // turns straddle now: some of their rows expired, some not
    await check(T0 + 1_000);
    clock.set(T0 + 15);
    expect((await sp.gc(alice)).deletedRows).toBeGreaterThan(0);
    await sp.extendTtl(bob, { turnId: 'big-9' }, 1);
    await check(T0 + 15);
    await check(T0 + 16);
    await sp.close();
    await table.close();
  });
});
