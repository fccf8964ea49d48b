import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal, SearchRequest, SearchResult } from '../../app/contract';
import type { Scratchpad } from '../../app/scratchpad';
import type { EntryRecord } from '../../app/scratchpad/core/backend';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import { LANE_MIN_CHUNKS, ScanLanes } from '../../app/scratchpad/v2/scan-lanes';
import type { ObservationRow } from '../../app/scratchpad/v2/rows';
import { fakeClock, operator, tempDir, user } from './helpers';

/*
 * A v2 search over many large entries scans them ahead on worker threads (v2/scan-lanes.ts, core/search-lanes.ts).
 * Whatever the lanes did, every page must be the one the scan on the calling thread gives: the same hits in the
 * same order (with previews, lines and the expired mark), cursor, `truncated` and `scannedBytes`. Two stores on one
 * file compare them: one with a search worker, one with none. Chunks of 64 code points (bytes for binary), so
 * an entry of 16 chunks (1,024 code points) already goes to a lane.
 */
const alice = user('alice');
const bob = user('bob');
const LAYOUT = { textChunkCodePoints: 64, binaryChunkBytes: 64 };
const clock = fakeClock();
let tmp: ReturnType<typeof tempDir>;
let lanes: Scratchpad;
let single: Scratchpad;

/** Text of `n` code points with `needle` at each of `at` (code point offsets), mixed ASCII and non-ASCII filler. */
function textWith(n: number, needle: string, at: readonly number[]): string {
  const filler = [...'abc déf ghí\njkl ĉ 😀 mno\r\n'];
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    if (at.includes(out.length)) out.push(...needle);
    else out.push(filler[i % filler.length]!);
  }
  return out.slice(0, n).join('');
}

beforeAll(async () => {
  tmp = tempDir();
  const file = tmp.file();
  lanes = await openScratchpadWithLayout(file, { clock: clock.now, searchWorkers: 1 }, LAYOUT);
  // Needles straddling chunk boundaries (64 code points), at entry starts and ends, dense runs, small and inline rows.
  const rows: { p: Principal; content: string | Uint8Array; ttl?: number }[] = [
    { p: alice, content: textWith(5_000, 'Nëedle', [0, 60, 61, 62, 63, 128, 1_000, 4_994]) },
    { p: bob, content: textWith(4_000, 'Nëedle', [10, 2_000]) },
    { p: alice, content: textWith(40, 'Nëedle', [3]) },
    { p: alice, content: textWith(3_000, 'NËEDLE', [100, 127, 2_500]), ttl: 5 },
    { p: alice, content: textWith(2_000, 'nope', []) },
    { p: alice, content: Buffer.concat([Buffer.alloc(1_500, 1), Buffer.from('Nëedle'), Buffer.alloc(1_000, 2), Buffer.from('Nëedle')]) },
    { p: bob, content: textWith(1_100, 'Nëedle', [500]) },
    {
      p: alice,
      content: textWith(
        6_000,
        'Nëedle',
        Array.from({ length: 300 }, (_, k) => k * 19 + 5),
      ),
    },
    { p: alice, content: textWith(1_200, 'Nëedle', [1_194]) },
  ];
  for (const [i, r] of rows.entries()) {
    clock.advance(1);
    await lanes.put(r.p, { turnId: `t${i % 3}`, stepNum: i, executorName: 'x', observation: { content: r.content }, ttlSeconds: r.ttl ?? 3_600 });
  }
  clock.advance(10); // the row with a 5 s TTL is expired now, and still searched
  single = await openScratchpadWithLayout(file, { clock: clock.now, searchWorkers: 0 }, LAYOUT);
});
afterAll(async () => {
  await lanes.close();
  await single.close();
  tmp.cleanup();
});

/** Every page of `request` from `store`, cursors followed. */
async function pages(store: Scratchpad, p: Principal, request: SearchRequest): Promise<SearchResult[]> {
  const out: SearchResult[] = [];
  let cursor: string | undefined;
  for (let calls = 0; calls < 2_000; calls++) {
    const r = await store.search(p, { ...request, ...(cursor === undefined ? {} : { cursor }) });
    out.push(r);
    if (r.nextCursor === null) return out;
    cursor = r.nextCursor;
  }
  throw new Error('no end');
}

/** Counts the worker lane's answers (not null) while `run` runs; ScanLanes.search is restored after. */
async function countingLaneAnswers(run: (answered: () => number) => Promise<void>): Promise<number> {
  const search = ScanLanes.prototype.search;
  let answered = 0;
  const spy = vi.spyOn(ScanLanes.prototype, 'search').mockImplementation(function (this: ScanLanes, ...args) {
    const ticket = search.apply(this, args);
    void ticket.result.then((r) => void (r !== null && answered++));
    return ticket;
  });
  try {
    await run(() => answered);
    return answered;
  } finally {
    spy.mockRestore();
  }
}

describe('search with lanes', () => {
  it('sends large entries to the worker lane once it is up, with the same result', async () => {
    const answered = await countingLaneAnswers(async (answers) => {
      // The first search starts the worker and does not wait for it; later ones find it up.
      for (let waited = 0; answers() === 0 && waited < 30_000; waited += 100) {
        expect(await lanes.search(alice, { pattern: 'Nëedle', limit: 1_000 })).toEqual(await single.search(alice, { pattern: 'Nëedle', limit: 1_000 }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    expect(answered).toBeGreaterThan(0);
  });

  for (const caseSensitive of [true, false]) {
    it(`gives every page of the single-thread scan, case ${caseSensitive ? 'sensitive' : 'folded'}, for limits 1 to 1,000`, async () => {
      for (const p of [alice, bob, operator]) {
        for (const limit of [1, 3, 7, 8, 50, 299, 300, 301, 1_000]) {
          const request = { pattern: 'Nëedle', caseSensitive, limit };
          expect(await pages(lanes, p, request)).toEqual(await pages(single, p, request));
        }
      }
    });
  }

  it("passes the request's preview context to the worker lane: the calling thread's previews, of that width", async () => {
    const answered = await countingLaneAnswers(async () => {
      for (const previewContext of [0, 80]) {
        const request = { pattern: 'Nëedle', limit: 1_000, previewContext };
        const got = await pages(lanes, alice, request);
        expect(got).toEqual(await pages(single, alice, request));
        // A text hit's preview: the match (6 code points) and at most previewContext on each side.
        const widths = got.flatMap((r) => r.hits.filter((h) => h.kind === 'text').map((h) => [...h.preview.text].length));
        expect(Math.max(...widths)).toBe(6 + 2 * previewContext);
      }
    });
    expect(answered).toBeGreaterThan(0);
  });

  it('keeps the owner scope, and marks the expired row', async () => {
    const mine = (await pages(lanes, alice, { pattern: 'Nëedle', caseSensitive: false, limit: 1_000 })).flatMap((r) => r.hits);
    const all = (await pages(lanes, operator, { pattern: 'Nëedle', caseSensitive: false, limit: 1_000 })).flatMap((r) => r.hits);
    const bobs = (await pages(lanes, bob, { pattern: 'Nëedle', limit: 1_000 })).flatMap((r) => r.hits);
    expect(new Set(mine.map((h) => h.id)).size).toBe(6);
    expect(bobs.map((h) => h.offset)).toEqual([10, 2_000, 500]);
    expect(mine.every((h) => !bobs.some((b) => b.id === h.id))).toBe(true);
    expect(all).toHaveLength(mine.length + bobs.length);
    expect(mine.filter((h) => h.expired).map((h) => h.offset)).toEqual([100, 127, 2_500]);
  });

  it('stops on abort with a cursor that continues to the same hits', async () => {
    const want = (await pages(single, alice, { pattern: 'Nëedle', limit: 1_000 })).flatMap((r) => r.hits);
    for (const after of [0, 1, 3, 10]) {
      const got = [];
      let cursor: string | undefined;
      let first = true;
      for (let calls = 0; calls < 100; calls++) {
        const controller = new AbortController();
        // The first call is aborted after `after` microtask turns: mid-way through some entry.
        if (first)
          void Promise.resolve().then(async () => {
            for (let k = 0; k < after; k++) await Promise.resolve();
            controller.abort();
          });
        const r = await lanes.search(alice, { pattern: 'Nëedle', limit: 1_000, ...(cursor === undefined ? {} : { cursor }) }, { signal: controller.signal });
        if (first) expect(r.truncated || r.nextCursor === null).toBe(true);
        first = false;
        got.push(...r.hits);
        if (r.nextCursor === null) break;
        cursor = r.nextCursor;
      }
      expect(got).toEqual(want);
    }
  });

  it('returns at once with a cursor when aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await lanes.search(alice, { pattern: 'Nëedle', limit: 10 }, { signal: controller.signal });
    expect(r).toEqual(await single.search(alice, { pattern: 'Nëedle', limit: 10 }, { signal: controller.signal }));
    expect(r.truncated).toBe(true);
  });

  it('refuses a searchWorkers option that is not an integer from 0 to 16', async () => {
    for (const searchWorkers of [-1, 1.5, 17]) {
      await expect(openScratchpadWithLayout(tmp.file('other.db'), { searchWorkers }, LAYOUT)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
  });
});

/** Lines of /proc/self/maps that map `file`. */
const mappingsOf = (file: string): string[] =>
  readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .filter((l) => l.endsWith(file));

describe('ScanLanes', () => {
  const row = (pk: number, id: string): ObservationRow =>
    ({ pk, id, kind: 'text', length_units: LANE_MIN_CHUNKS * 64, chunk_units: 64, inline: 0 }) as ObservationRow;

  it('answers null when its workers cannot open the file, so the caller searches the entry itself', async () => {
    const entry = { id: 'x' } as EntryRecord;
    const broken = new ScanLanes(tmp.file('missing.db'), { busyTimeoutMs: 100, nativeBinding: undefined }, 1, () => row(1, 'x'));
    try {
      expect(broken.takes(entry)).toBe(true);
      expect(await broken.search(entry, { query: { pattern: 'a' }, limit: 5, cursor: null }, new AbortController().signal, 0).result).toBeNull();
      // Its workers start with the first search; once they failed to open the file, none of them is used.
      for (let waited = 0; broken.takes(entry) && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(broken.takes(entry)).toBe(false);
    } finally {
      await broken.close();
    }
  });

  it('takes only rows of at least LANE_MIN_CHUNKS chunks stored in chunks', () => {
    const lanesOf = (r: ObservationRow) => new ScanLanes(tmp.file(), { busyTimeoutMs: 100, nativeBinding: undefined }, 1, () => r);
    const e = {} as EntryRecord;
    expect(lanesOf(row(1, 'a')).takes(e)).toBe(true);
    expect(lanesOf({ ...row(1, 'a'), length_units: LANE_MIN_CHUNKS * 64 - 1 }).takes(e)).toBe(false);
    expect(lanesOf({ ...row(1, 'a'), inline: 1 }).takes(e)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/maps'))('unmaps the file from its workers when the store closes', async () => {
    const file = tmp.file('close.db');
    const store = await openScratchpadWithLayout(file, { clock: clock.now, searchWorkers: 1 }, LAYOUT);
    for (let i = 0; i < 3; i++) await store.put(alice, { turnId: 't', stepNum: i, executorName: null, observation: textWith(2_000, 'Nëedle', [7]) });
    // Into the file itself: a connection maps the file, not the WAL.
    const other = new Database(file);
    other.pragma('wal_checkpoint(TRUNCATE)');
    other.close();
    expect((await store.search(alice, { pattern: 'Nëedle' })).hits).toHaveLength(3);
    expect(mappingsOf(file).length).toBeGreaterThan(0);
    await store.close();
    expect(mappingsOf(file)).toEqual([]);
  });
});
