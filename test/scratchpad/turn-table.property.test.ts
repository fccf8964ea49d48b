import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import type { Principal } from '../../app/contract';
import { operator, tempDir, user } from './helpers';

/*
 * The in-memory turn table (core/turn-table-backend.ts) and the SQL path (v2/turn-queries.ts, forced with
 * turnTableMaxTurns: 0) must give identical answers: two stores on one file, random turn sets (ids with upper
 * case, LIKE metacharacters, non-ASCII, astral characters and units from U+E000 up, which UTF-16 and code point
 * order sort differently), random sorts, directions, queries, page sizes, cursors followed to the end, and
 * `now` before, between and after the rows' expiry (turns straddling it included).
 */

const T0 = 1_800_000_000;
const ID_CHARS = ['a', 'B', 'c', '-', '_', '%', '\\', 'é', 'É', '\u{1F600}', '\uE000', '\uFFFD', '0', '1'];
const NAMES = ['read_file', 'HTTP_get', 'grep%', 'shell', 'sql_x', 'Ünï'];
const SORTS = ['lastCreated', 'totalBytes', 'turnId', 'entryCount', 'firstCreated', 'earliestExpires', 'expiredCount'] as const;

const idArb = fc.array(fc.constantFrom(...ID_CHARS), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));
const rowArb = fc.record({
  owner: fc.constantFrom('alice', 'bob', 'carol'),
  turnId: idArb,
  executor: fc.option(fc.constantFrom(...NAMES), { nil: null }),
  size: fc.integer({ min: 1, max: 2_000 }),
  ttl: fc.constantFrom(-5, 10, 20, 30, 100_000),
  dt: fc.integer({ min: 0, max: 3 }),
});
const askArb = fc.record({
  who: fc.constantFrom<Principal>(user('alice'), user('bob'), user('nobody'), operator),
  sort: fc.constantFrom(...SORTS),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
  limit: fc.integer({ min: 1, max: 7 }),
  query: fc.option(fc.oneof(idArb, fc.constantFrom('http', 'GET', '%', '_', 'e', 'é', 'ü', 'sql_', '\u001f', 'zz')), { nil: undefined }),
  at: fc.integer({ min: -10, max: 120 }),
});

/** Every page of a listing, following cursors (each page whole: turns, cursor, total). */
async function pages(sp: Scratchpad, who: Principal, options: Record<string, unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 200; n++) {
    const page = await sp.listTurns(who, { ...options, ...(cursor === undefined ? {} : { cursor }) } as Parameters<Scratchpad['listTurns']>[1]);
    out.push(page);
    if (page.nextCursor === null) return out;
    cursor = page.nextCursor;
  }
  throw new Error('listing did not end');
}

describe('listTurns, stats and gc dry run from the turn table', () => {
  const tmp = tempDir();
  let n = 0;
  afterAll(() => tmp.cleanup());

  it('equal the SQL path for random turns, sorts, directions, queries, cursors and now', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 0, maxLength: 40 }), fc.array(askArb, { minLength: 1, maxLength: 6 }), async (rows, asks) => {
        const file = tmp.file(`tt-${n++}.db`);
        let now = T0;
        const clock = () => now;
        const writer = await openScratchpad(file, { clock });
        for (const r of rows) {
          now += r.dt;
          await writer.put(user(r.owner), {
            turnId: r.turnId,
            stepNum: null,
            executorName: r.executor,
            observation: { content: 'x'.repeat(r.size) },
            ttlSeconds: r.ttl,
          });
        }
        await writer.close();
        const table = await openScratchpad(file, { clock });
        const sql = await openScratchpad(file, { clock, turnTableMaxTurns: 0 });
        try {
          for (const a of asks) {
            now = T0 + a.at;
            const options = { sort: a.sort, direction: a.direction, limit: a.limit, ...(a.query === undefined ? {} : { query: a.query }) };
            const what = JSON.stringify({ ...options, who: a.who, now });
            expect([what, await pages(table, a.who, options)]).toEqual([what, await pages(sql, a.who, options)]);
            expect([what, await table.stats(a.who)]).toEqual([what, await sql.stats(a.who)]);
            expect([what, await table.gc(a.who, { now, dryRun: true })]).toEqual([what, await sql.gc(a.who, { now, dryRun: true })]);
          }
        } finally {
          await table.close();
          await sql.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
