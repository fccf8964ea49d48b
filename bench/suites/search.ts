import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { makeTempDir, removeTempDir } from '../lib/temp';
import type { StoreSearchReport } from '../search-store';
import type { StoreScanReport } from '../search-store-1gb';

const CHILD = path.join(import.meta.dirname, '..', 'search-child.ts');

/** The child's JSON line: the in-memory chunk scans, ripgrep, and the two store reports. */
interface ChildReport extends StoreSearchReport, StoreScanReport {
  readonly MB: number;
  readonly literalMBps: number;
  readonly literalCpuMBps: number;
  readonly foldCpuMBps: number;
  readonly ripgrepMBps: number;
  readonly ripgrepOneThreadMBps: number;
  readonly literalNoIndexMBps: number;
  readonly foldMBps: number;
  readonly foldNonAsciiMBps: number;
  readonly firstHitMs: number;
  readonly entry100Ms: number;
  readonly entry100CpuMs: number;
  readonly entry100RareMs: number;
  readonly hits100: number;
  readonly rssGrowth: number;
  readonly hits: number;
  readonly foldHits: number;
  readonly rgHits: number;
  readonly load: number[];
}

/**
 * Search over ~1 GiB x scale of generated mixed text (some non-ASCII) in ten entries, in a child process. The
 * figures go through the store: the ten entries as rows of one v2 file searched with `Scratchpad.search`
 * (bench/search-store-1gb.ts: literal and case-folded MiB/s, time to a first hit, RSS growth), and a 100 MiB row
 * of another v2 file (bench/search-store.ts: all hits of a common word, 2,000 lines read near its start and end);
 * ripgrep `-F -c` over the same bytes written as files, run between the timed store searches. Hit counts are checked against ripgrep's and
 * the in-memory scan's. The same scans over the chunks held in memory (no SQLite) are in `extra` (`*_chunks_*`).
 */
export function runSearch(scale: number): { figures: Record<string, number>; extra: Record<string, number> } {
  const dir = makeTempDir('search');
  try {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, String(scale), dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1024 * 1024,
    });
    const r = JSON.parse(out.trim().split('\n').pop()!) as ChildReport;
    if (r.hits !== r.rgHits || r.foldHits !== r.hits) throw new Error(`hit counts differ: search ${r.hits}, casefold ${r.foldHits}, ripgrep ${r.rgHits}`);
    if (r.storeHits100 !== r.hits100) throw new Error(`hit counts differ: store ${r.storeHits100}, chunks ${r.hits100}`);
    if (r.storeHits !== r.rgHits || r.storeFoldHits !== r.rgHits)
      throw new Error(`hit counts differ: store ${r.storeHits}, store casefold ${r.storeFoldHits}, ripgrep ${r.rgHits}`);
    return {
      figures: {
        search_literal_1GB_MB_per_s: r.storeLiteralMBps,
        ripgrep_same_bytes_MB_per_s: r.storeRipgrepMBps,
        search_casefold_1GB_MB_per_s: r.storeFoldMBps,
        search_first_hit_ms: r.storeFirstHitMs,
        search_100MB_entry_ms: r.storeEntry100Ms,
        search_rss_growth_MB: r.storeRssAnonGrowthMB,
        read_lines_deep_100MB_ms: r.readLinesDeepMs,
        read_lines_head_100MB_ms: r.readLinesHeadMs,
        search_store_literal_100MB_MB_per_s: r.storeLiteralMBps100,
      },
      extra: {
        search_store_MB: r.storeMB,
        search_rss_growth_with_mapped_file_MB: r.storeRssGrowthMB,
        search_literal_hits: r.storeHits,
        search_literal_cpu_MB_per_s: r.storeLiteralCpuMBps,
        search_chunks_scanned_MB: r.MB,
        search_chunks_literal_MB_per_s: r.literalMBps,
        search_chunks_literal_cpu_MB_per_s: r.literalCpuMBps,
        search_chunks_casefold_MB_per_s: r.foldMBps,
        search_chunks_casefold_cpu_MB_per_s: r.foldCpuMBps,
        search_chunks_literal_no_line_index_MB_per_s: r.literalNoIndexMBps,
        search_chunks_casefold_non_ascii_needle_MB_per_s: r.foldNonAsciiMBps,
        search_chunks_first_hit_ms: r.firstHitMs,
        search_chunks_100MB_entry_ms: r.entry100Ms,
        search_chunks_100MB_entry_cpu_ms: r.entry100CpuMs,
        search_chunks_100MB_entry_rare_needle_ms: r.entry100RareMs,
        search_chunks_rss_growth_MB: r.rssGrowth,
        ripgrep_one_thread_MB_per_s: r.ripgrepOneThreadMBps,
        ripgrep_at_start_MB_per_s: r.ripgrepMBps,
        search_read_floor_MB_per_s: r.storeReadFloorMBps,
        search_read_floor_threads: r.storeReadFloorThreads,
        search_literal_vs_read_floor: r.storeLiteralMBps / r.storeReadFloorMBps,
        search_read_floor_vs_ripgrep: r.storeReadFloorMBps / r.ripgrepMBps,
        search_100MB_entry_hits: r.storeHits100,
        search_store_entry_MB: r.storeEntryMB,
        read_lines_100MB_total_lines: r.totalLines,
        search_load_average_1min: r.load[0] ?? os.loadavg()[0]!,
      },
    };
  } finally {
    removeTempDir(dir);
  }
}
