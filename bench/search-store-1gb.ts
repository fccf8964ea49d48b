/*
 * The 1 GiB figures of the search suite, measured through the store (run inside bench/search-child.ts): the
 * suite's ten entries put as rows of one fresh v2 file, then searched with `Scratchpad.search` across the user's
 * rows (owner-scoped listing, each entry's chunks read from SQLite, hits with names and previews), cursors
 * followed. Warm cache: the put leaves the file in the page cache and one untimed search runs first.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defaultSearchWorkers } from '../app/scratchpad/options';
import { AnonPeak, rssAnon } from './lib/anon-peak';
import { readFloor } from './lib/read-floor';
import { best, PeakRss, ripgrepCount, searchAll, timed } from './lib/search-scan';
import { expectEqual, open, USER } from './lib/store';

/** Figures of {@link runStoreScan}: MiB/s of best runs, ms of the best run, MiB of RSS. */
export interface StoreScanReport {
  /** MiB of content stored (UTF-8 bytes of the entries). */
  readonly storeMB: number;
  readonly storeLiteralMBps: number;
  /** The same run's CPU time (user + system) as MiB/s: what an idle core would show. */
  readonly storeLiteralCpuMBps: number;
  readonly storeHits: number;
  readonly storeFoldMBps: number;
  readonly storeFoldHits: number;
  readonly storeFirstHitMs: number;
  /**
   * Peak anonymous RSS (RssAnon: heap, buffers, stacks; lib/anon-peak.ts) over the warm literal scan (the first
   * of the process: its statements and caches are made there), minus RssAnon before it (MiB). The figure the
   * target applies to. Sampled by a thread, which runs only then, so the timed scans have the CPU to themselves;
   * RssAnon after the timed scans counts too.
   */
  readonly storeRssAnonGrowthMB: number;
  /**
   * Peak RSS (the kernel's high-water mark, VmHWM) over the same scans minus RSS before them (MiB): also counts
   * the pages of the database file the search's connection maps (page cache, shared and reclaimable).
   */
  readonly storeRssGrowthMB: number;
  /**
   * The read floor of the literal search (lib/read-floor.ts): every chunk of the file read through better-sqlite3
   * and one memchr over it, with as many threads as the store's search uses (MiB/s, best of 3 after a warm pass),
   * measured after the store's searches (its own connections still open).
   */
  readonly storeReadFloorMBps: number;
  /**
   * ripgrep `-F -c` over the same bytes written as files in a folder, each run right after one of the timed literal
   * searches (MiB/s, best of 3): the reference of the literal figure, measured in the same minute.
   */
  readonly storeRipgrepMBps: number;
  readonly storeReadFloorThreads: number;
}

const MiB = 2 ** 20;
const CHILD = path.join(import.meta.dirname, 'search-scan-child.ts');

/** The searches of {@link runStoreScan} on the file at `file` (run in a fresh process: search-scan-child.ts). */
export async function scanStore(file: string, MB: number, needle: string, word: string, ripgrepDir: string): Promise<StoreScanReport> {
  const store = await open(file);
  try {
    global.gc?.();
    // From before the first search (the warm one too), so nothing it keeps mapped or allocated is hidden.
    const anon = await AnonPeak.begin();
    const rss = new PeakRss();
    const all = (pattern: string, caseSensitive: boolean) => searchAll(store, USER, { pattern, caseSensitive }, () => rss.sample());
    await all(needle, true); // warm: the page cache and the statements
    const anonGrowth = await anon.stop();
    let storeHits = 0;
    // Each timed search followed by ripgrep over the same bytes (files), so both figures of the ratio come from the
    // same minute of this shared machine, whose speed drifts by a third over a run; best of 3 of each.
    let literal: [number, number] = [Infinity, 0];
    let ripgrepMs = Infinity;
    for (let i = 0; i < 3; i++) {
      const r = await timed(async () => (storeHits = await all(needle, true)));
      if (r[0] < literal[0]) literal = r;
      ripgrepMs = Math.min(ripgrepMs, (await timed(async () => ripgrepCount(needle, ripgrepDir)))[0]);
    }
    const [literalMs, literalCpuMs] = literal;
    const storeRssGrowthMB = rss.growthMB();
    // With what the timed scans left (RssAnon after them); without /proc (not Linux) the sampled RSS is all there is.
    const after = rssAnon();
    const storeRssAnonGrowthMB =
      anonGrowth === null || anon.start === null || after === null ? storeRssGrowthMB : Math.max(anonGrowth, (after - anon.start) / MiB);
    let storeFoldHits = 0;
    const [foldMs] = await best(2, async () => (storeFoldHits = await all(needle.toUpperCase(), false)));
    const [firstHitMs] = await best(5, async () =>
      expectEqual('first-hit search hits', (await store.search(USER, { pattern: word, limit: 1 })).hits.length, 1),
    );
    // The calling thread and the store's default lanes; the needle's last byte (in the generated text only in it).
    const floor = await readFloor(file, 1 + defaultSearchWorkers(), Buffer.from(needle).at(-1)!);
    return {
      storeRipgrepMBps: MB / (ripgrepMs / 1000),
      storeReadFloorMBps: floor.MBps,
      storeReadFloorThreads: floor.threads,
      storeMB: MB,
      storeLiteralMBps: MB / (literalMs / 1000),
      storeLiteralCpuMBps: MB / (literalCpuMs / 1000),
      storeHits,
      storeFoldMBps: MB / (foldMs / 1000),
      storeFoldHits,
      storeFirstHitMs: firstHitMs,
      storeRssAnonGrowthMB,
      storeRssGrowthMB,
    };
  } finally {
    await store.close();
  }
}

/**
 * Puts each of `texts` (called once per index, so only one text is held at a time) as a row of a fresh v2 file in
 * `dir`, then, in a fresh process (so the puts' memory is not the baseline of the RSS figure): a whole literal
 * search for `needle` (best of 3), the same case-insensitive with the needle upper-cased (best of 2), and a
 * first-hit search for the common `word` with limit 1 (best of 5).
 */
export async function runStoreScan(
  dir: string,
  count: number,
  textOf: (i: number) => string,
  needle: string,
  word: string,
  ripgrepDir: string,
): Promise<StoreScanReport> {
  const file = path.join(dir, 'search-store-1gb.db');
  const store = await open(file);
  let bytes = 0;
  try {
    for (let i = 0; i < count; i++) {
      const content = textOf(i);
      bytes += Buffer.byteLength(content, 'utf8');
      await store.put(USER, { turnId: `bench-search-${i % 3}`, stepNum: i, executorName: 'bench', observation: { content } });
    }
  } finally {
    await store.close();
  }
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, file, String(bytes / MiB), needle, word, ripgrepDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as StoreScanReport;
}
