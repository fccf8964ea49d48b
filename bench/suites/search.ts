import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { makeTempDir, removeTempDir } from '../lib/temp';

const CHILD = path.join(import.meta.dirname, '..', 'search-child.ts');

interface ChildReport {
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
  readonly storeEntryMB: number;
  readonly storeLiteralMBps: number;
  readonly storeEntry100Ms: number;
  readonly storeHits100: number;
  readonly readLinesHeadMs: number;
  readonly readLinesDeepMs: number;
  readonly totalLines: number;
  readonly load: number[];
}

/**
 * Search over ~1 GiB x scale of generated mixed text (some non-ASCII) held as 32,768-code-point chunks in ten
 * entries, in a child process: literal and case-folded scans (MiB/s, best of a few runs), ripgrep `-F -c` over the
 * same bytes written as files (same run), time to a first hit, all hits of one 100 MiB entry, RSS growth of
 * the literal scans. Hit counts are checked against ripgrep's. Store level (bench/search-store.ts): a 100 MiB
 * entry in a real v2 file searched through `Scratchpad.search`, and 2,000 lines read near its start and end.
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
    return {
      figures: {
        search_literal_1GB_MB_per_s: r.literalMBps,
        ripgrep_same_bytes_MB_per_s: r.ripgrepMBps,
        search_casefold_1GB_MB_per_s: r.foldMBps,
        search_first_hit_ms: r.firstHitMs,
        search_100MB_entry_ms: r.entry100Ms,
        search_rss_growth_MB: r.rssGrowth,
        read_lines_deep_100MB_ms: r.readLinesDeepMs,
        read_lines_head_100MB_ms: r.readLinesHeadMs,
        search_store_literal_100MB_MB_per_s: r.storeLiteralMBps,
      },
      extra: {
        search_scanned_MB: r.MB,
        search_literal_hits: r.hits,
        search_literal_cpu_MB_per_s: r.literalCpuMBps,
        search_casefold_cpu_MB_per_s: r.foldCpuMBps,
        search_literal_no_line_index_MB_per_s: r.literalNoIndexMBps,
        search_casefold_non_ascii_needle_MB_per_s: r.foldNonAsciiMBps,
        ripgrep_one_thread_MB_per_s: r.ripgrepOneThreadMBps,
        search_100MB_entry_hits: r.hits100,
        search_100MB_entry_cpu_ms: r.entry100CpuMs,
        search_100MB_entry_rare_needle_ms: r.entry100RareMs,
        search_store_100MB_entry_ms: r.storeEntry100Ms,
        search_store_100MB_entry_hits: r.storeHits100,
        search_store_entry_MB: r.storeEntryMB,
        read_lines_100MB_total_lines: r.totalLines,
        search_load_average_1min: r.load[0] ?? os.loadavg()[0]!,
      },
    };
  } finally {
    removeTempDir(dir);
  }
}
