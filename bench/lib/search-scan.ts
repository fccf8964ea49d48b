import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { MAX_SEARCH_HITS } from '../../app/contract/search';
import type { Principal, Scratchpad } from '../../app/scratchpad/types';
import type { SearchRequest } from '../../app/contract';

/*
 * What the search figures share (bench/search-child.ts, search-store.ts, search-store-1gb.ts): a timed call with
 * its CPU time, the best of n runs, a whole search through the store with its cursors followed, and the
 * process's peak RSS as the kernel keeps it.
 */

const MiB = 2 ** 20;

/** Wall-clock ms and CPU ms (user + system) of one awaited call. */
export async function timed(fn: () => Promise<unknown>): Promise<[number, number]> {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await fn();
  const c = process.cpuUsage(c0);
  return [Number(process.hrtime.bigint() - t0) / 1e6, (c.user + c.system) / 1000];
}

/** Best wall-clock run of `n` (the machine is shared: the least disturbed) with that run's CPU ms. */
export async function best(n: number, fn: () => Promise<unknown>): Promise<[number, number]> {
  let b: [number, number] = [Infinity, 0];
  for (let i = 0; i < n; i++) {
    const r = await timed(fn);
    if (r[0] < b[0]) b = r;
  }
  return b;
}

/** Every hit of `request` through `store.search`, MAX_SEARCH_HITS a page, cursors followed; `onPage` after each call. */
export async function searchAll(
  store: Scratchpad,
  principal: Principal,
  request: Omit<SearchRequest, 'cursor' | 'limit'>,
  onPage?: () => void,
): Promise<number> {
  let hits = 0;
  let cursor: string | undefined;
  do {
    const r = await store.search(principal, { ...request, limit: MAX_SEARCH_HITS, ...(cursor === undefined ? {} : { cursor }) });
    hits += r.hits.length;
    cursor = r.nextCursor ?? undefined;
    onPage?.();
  } while (cursor !== undefined);
  return hits;
}

/**
 * Peak RSS of this process from a starting point: Linux's high-water mark (VmHWM, reset through
 * /proc/self/clear_refs), so a peak between two samples counts too, and mapped file pages count as RSS does;
 * elsewhere the largest of the samples taken with {@link PeakRss.sample}.
 */
export class PeakRss {
  private readonly kernel: boolean;
  private peak: number;
  /** RSS (bytes) when the measure began. */
  readonly start: number;

  constructor() {
    let kernel = true;
    try {
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      kernel = false;
    }
    this.kernel = kernel && highWater() !== null;
    this.start = process.memoryUsage.rss();
    this.peak = this.start;
  }

  /** Takes a sample (the only source where the kernel's mark is not at hand). */
  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }

  /** Growth so far in MiB: peak minus the start. */
  growthMB(): number {
    const peak = this.kernel ? Math.max(this.peak, highWater() ?? 0) : this.peak;
    return (peak - this.start) / MiB;
  }
}

function highWater(): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m === null ? null : Number(m[1]) * 1024;
  } catch {
    return null;
  }
}

/**
 * ripgrep's count of `needle` (a literal, `-F -c`) in the files of folder `dir`, summed over the files; `extra` are
 * more ripgrep arguments (`-j1`). A folder, not files by name: given files by name ripgrep maps them, which reads
 * a page cache it has to fault in, 3-5x slower here. Throws when ripgrep fails or finds nothing (exit 1).
 */
export function ripgrepCount(needle: string, dir: string, extra: readonly string[] = []): number {
  const out = execFileSync('/usr/bin/rg', [...extra, '-F', '-c', needle, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out
    .trim()
    .split('\n')
    .reduce((n, l) => n + Number(l.split(':').pop()), 0);
}
