import path from 'node:path';
import type { Scratchpad } from '../../app/scratchpad/types';
import { KiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { expectEqual, open, OTHER_USER, USER } from '../lib/store';
import { makeTempDir, removeTempDir } from '../lib/temp';
import { cpuMsSince, median, timeMs } from '../lib/timing';

const EXPIRED = 10_000;
const ROW_BYTES = 8 * KiB;

/** How the 10,000 expired rows sit among the others. */
type Layout = 'interleaved' | 'contiguous';

/**
 * Fills a fresh store: 10,000 expired rows of {@link USER}, plus 5,000 live rows of the user and 5,000 expired
 * rows of {@link OTHER_USER}.
 * - `interleaved`: the user's expired rows alternate with the others in insertion order (several owners
 *   writing at once): nearly every page holds rows gc must keep.
 * - `contiguous`: the expired rows come first, then the others (one owner whose old turns expired).
 */
async function fill(sp: Scratchpad, layout: Layout, bodies: readonly string[]): Promise<void> {
  const put = (who: typeof USER, k: number, ttlSeconds: number, prefix: string) =>
    sp.put(who, {
      turnId: `${prefix}-${Math.floor(k / 100)}`,
      stepNum: k % 100,
      executorName: 'bench',
      observation: { content: bodies[k % bodies.length]! },
      ttlSeconds,
    });
  const other = async (k: number) => (k % 2 === 0 ? await put(USER, k, 86_400, 'gc-live') : await put(OTHER_USER, k, -1, 'gc-other'));
  if (layout === 'interleaved') {
    for (let k = 0; k < EXPIRED; k++) {
      await put(USER, k, -1, 'gc-expired');
      await other(k);
    }
  } else {
    for (let k = 0; k < EXPIRED; k++) await put(USER, k, -1, 'gc-expired');
    for (let k = 0; k < EXPIRED; k++) await other(k);
  }
}

/** One repetition: build, dry run, then the timed gc(user); wall ms, CPU ms, dry-run ms. */
async function once(layout: Layout, bodies: readonly string[]): Promise<{ ms: number; cpuMs: number; dryMs: number }> {
  const dir = makeTempDir('gc');
  const sp = await open(path.join(dir, 'gc.sqlite'));
  try {
    await fill(sp, layout, bodies);
    const dryMs = await timeMs(async () => expectEqual('gc dry run rows', (await sp.gc(USER, { dryRun: true })).deletedRows, EXPIRED));
    let deleted = -1;
    const c0 = process.cpuUsage();
    const ms = await timeMs(async () => {
      deleted = (await sp.gc(USER)).deletedRows;
    });
    const cpuMs = cpuMsSince(c0);
    expectEqual('gc deleted rows', deleted, EXPIRED);
    return { ms, cpuMs, dryMs };
  } finally {
    await sp.close();
    removeTempDir(dir);
  }
}

/**
 * gc of 10,000 expired 8 KiB text rows (100 per turn) by their owner, in a file that also holds 5,000 live rows
 * of that user and 5,000 expired rows of another user (which gc(user) must keep). The figure uses the
 * interleaved layout (see {@link fill}); the contiguous one is an extra. Median of `reps` fresh files each.
 */
export async function runGc(reps: number): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const bodies = Array.from({ length: 16 }, (_, i) => textOfBytes(ROW_BYTES, 'mixed', `gc-${i}`));
  const results: Record<Layout, { ms: number; cpuMs: number; dryMs: number }[]> = { interleaved: [], contiguous: [] };
  for (let r = 0; r < reps; r++) {
    for (const layout of ['interleaved', 'contiguous'] as const) {
      progress(`  gc: ${layout}, repetition ${r + 1}/${reps} (building ${EXPIRED * 2} rows)`);
      results[layout].push(await once(layout, bodies));
    }
  }
  const med = (layout: Layout, key: 'ms' | 'cpuMs' | 'dryMs') => median(results[layout].map((x) => x[key]));
  return {
    figures: { gc_10000_expired_ms: med('interleaved', 'ms') },
    extra: {
      gc_10000_expired_cpu_ms: med('interleaved', 'cpuMs'),
      gc_10000_expired_dry_run_ms: med('interleaved', 'dryMs'),
      gc_10000_expired_contiguous_ms: med('contiguous', 'ms'),
      gc_10000_expired_contiguous_cpu_ms: med('contiguous', 'cpuMs'),
    },
  };
}
