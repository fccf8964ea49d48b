/*
 * Child process of the compare figures: opens the file the compare suite wrote, runs each comparison through the
 * store adapter (as the CLI does) `reps` times after one warm-up, checks each result, and prints one JSON line with
 * the median ms per case and the RSS growth over the whole run. Run as
 *   node --expose-gc --import tsx bench/compare-child.ts <dbPath> <cases JSON>
 * A child, so that the parent's heap (it built 220 MB of text) does not blur the memory figure.
 */
import { compareEntries } from '../app/compare/store-source';
import { open, USER } from './lib/store';
import { median } from './lib/timing';

/** One comparison to time and what its result must show. */
export interface CompareCase {
  readonly name: string;
  readonly left: string;
  readonly right: string;
  readonly reps: number;
  /** Expected changed + inserted + deleted lines of the text diff. */
  readonly lines: number;
  /** Expected JSON changes (structured cases), else null. */
  readonly jsonChanges: number | null;
}

const MB = 1024 * 1024;
const [dbPath, casesJson] = process.argv.slice(2);
if (!dbPath || !casesJson) throw new Error('usage: compare-child.ts <dbPath> <cases JSON>');
const cases = JSON.parse(casesJson) as CompareCase[];
const gc = (globalThis as { gc?: () => void }).gc;
const sp = await open(dbPath, { readonly: true });
await sp.describe(USER, cases[0]!.left);
gc?.();
const baselineRss = process.memoryUsage.rss();

const ms: Record<string, number> = {};
/** Peak RSS growth up to the end of each case (MiB): shows which case set the peak. */
const peakAfter: Record<string, number> = {};
for (const c of cases) {
  const times: number[] = [];
  for (let rep = 0; rep <= c.reps; rep++) {
    const t0 = performance.now();
    const r = await compareEntries(sp, USER, c.left, c.right, { timeBudgetMs: 60_000 });
    const t = performance.now() - t0;
    if (rep > 0 || c.reps === 0) times.push(t);
    const lines = r.text ? r.text.stats.changed + r.text.stats.inserted + r.text.stats.deleted : -1;
    if (r.truncated || lines !== c.lines || (r.json?.changes.length ?? null) !== c.jsonChanges) {
      throw new Error(
        `bench sanity check failed: ${c.name}: truncated=${r.truncated}, lines ${lines} (want ${c.lines}), json ${r.json?.changes.length} (want ${c.jsonChanges})`,
      );
    }
    if (c.reps === 0) break;
  }
  ms[c.name] = median(times);
  peakAfter[c.name] = Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage.rss()) / MB - baselineRss / MB;
}
const peak = Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage.rss());
await sp.close();
process.stdout.write(JSON.stringify({ ms, peakAfter, baselineRssMB: baselineRss / MB, peakRssMB: peak / MB, growthMB: (peak - baselineRss) / MB }) + '\n');
