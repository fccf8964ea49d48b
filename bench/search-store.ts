/*
 * The store-level part of the search suite (run inside bench/search-child.ts): one ~100 MiB text entry put into a
 * real v2 file, then searched through `Scratchpad.search` (owner-scoped listing, the entry's chunks read from
 * SQLite, hits with names) and read by lines near its start and near its end (the line index, chunk_lines).
 */
import path from 'node:path';
import { searchAll } from './lib/search-scan';
import { expectEqual, open, USER } from './lib/store';

/** Figures of {@link runStoreSearch}; ms are medians (lines) or best runs (scans). */
export interface StoreSearchReport {
  readonly storeEntryMB: number;
  readonly storeLiteralMBps100: number;
  readonly storeEntry100Ms: number;
  readonly storeHits100: number;
  readonly readLinesHeadMs: number;
  readonly readLinesDeepMs: number;
  readonly totalLines: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * Puts `text` (about 100 MiB) as one row of a fresh v2 file in `dir`, then measures: a literal scan for the rare
 * `needle` through the store (MiB/s, best of 5: the first runs follow the put; `expectHits` checked), all hits of
 * the common `word` (best of 3),
 * and 2,000 lines read at line 100 and 2,100 lines before the end (interleaved, median of 15 each).
 */
export async function runStoreSearch(dir: string, text: string, needle: string, expectHits: number, word: string): Promise<StoreSearchReport> {
  const store = await open(path.join(dir, 'search-store.db'));
  try {
    const { scratchpad_id: id } = await store.put(USER, { turnId: 'bench-search', stepNum: 1, executorName: 'bench', observation: { content: text } });
    const bytes = Buffer.byteLength(text, 'utf8');
    const MB = bytes / 2 ** 20;
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      let hits = 0;
      best = Math.min(best, await ms(async () => (hits = await searchAll(store, USER, { pattern: needle, id }))));
      expectEqual('store search hits of the rare needle', hits, expectHits);
    }
    let storeHits100 = 0;
    let entryBest = Infinity;
    for (let i = 0; i < 3; i++) entryBest = Math.min(entryBest, await ms(async () => (storeHits100 = await searchAll(store, USER, { pattern: word, id }))));
    const total = (await store.read(USER, id, { mode: 'lines', start: 0, end: 0 })).meta.totalLines ?? 0;
    const head: number[] = [];
    const deep: number[] = [];
    for (let i = 0; i < 16; i++) {
      let n = 0;
      const h = await ms(async () => (n = (await store.read(USER, id, { mode: 'lines', start: 100, end: 2100 })).lines!.length));
      expectEqual('lines near the start', n, 2000);
      const d = await ms(async () => (n = (await store.read(USER, id, { mode: 'lines', start: total - 2100, end: total - 100 })).lines!.length));
      expectEqual('lines near the end', n, 2000);
      if (i === 0) continue; // the first pair warms the line index and the page cache
      head.push(h);
      deep.push(d);
    }
    return {
      storeEntryMB: MB,
      storeLiteralMBps100: MB / (best / 1000),
      storeEntry100Ms: entryBest,
      storeHits100,
      readLinesHeadMs: median(head),
      readLinesDeepMs: median(deep),
      totalLines: total,
    };
  } finally {
    await store.close();
  }
}
