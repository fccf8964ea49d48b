/*
 * Child process of the memory figure: opens the big file, reads slices across one large row, and prints one
 * JSON line with its RSS before and during the reads. Run as
 *   node --expose-gc --import tsx bench/rss-child.ts <dbPath> <id> <slices|stream>
 * A child, so that the parent's own heap (it built the file) does not blur the figure.
 */
import { open, USER } from './lib/store';

const MB = 1024 * 1024;
const [dbPath, id, mode = 'slices'] = process.argv.slice(2);
if (!dbPath || !id) throw new Error('usage: rss-child.ts <dbPath> <id> [slices|stream]');

const gc = (globalThis as { gc?: () => void }).gc;
const sp = await open(dbPath);
await sp.read(USER, id, { mode: 'head', n: 10 });
gc?.();
const baselineRss = process.memoryUsage.rss();
const baselineMaxRss = process.resourceUsage().maxRSS * 1024;
let peakSampled = baselineRss;
const sample = () => {
  peakSampled = Math.max(peakSampled, process.memoryUsage.rss());
};

const t0 = performance.now();
let calls = 0;
let bytesSeen = 0;
if (mode === 'stream') {
  for await (const chunk of await sp.iterateContent(USER, id)) {
    bytesSeen += chunk.byteLength;
    calls++;
    if (calls % 16 === 0) sample();
  }
} else {
  const total = (await sp.describe(USER, id)).meta.lengthCodePoints ?? (await sp.describe(USER, id)).meta.sizeBytes;
  const reads: { mode: 'head' | 'tail' | 'range' | 'full'; n?: number; start?: number; end?: number }[] = [
    { mode: 'head', n: 2_000 },
    { mode: 'tail', n: 2_000 },
    { mode: 'full' },
  ];
  const SPREAD = 200;
  for (let i = 0; i < SPREAD; i++) {
    const start = Math.floor(((total - 2_000) * i) / (SPREAD - 1));
    reads.push({ mode: 'range', start, end: start + 2_000 });
  }
  const mid = Math.floor(total / 2);
  reads.push({ mode: 'range', start: mid, end: mid + 1_000_000 });
  for (const r of reads) {
    const res = await sp.read(USER, id, r);
    bytesSeen += res.content.length;
    calls++;
    sample();
  }
}
const ms = performance.now() - t0;
const maxRss = process.resourceUsage().maxRSS * 1024;
await sp.close();
// A new lifetime peak during the reads counts in full; otherwise the highest sampled RSS does.
const peak = maxRss > baselineMaxRss ? Math.max(maxRss, peakSampled) : peakSampled;
process.stdout.write(
  JSON.stringify({
    mode,
    calls,
    ms,
    bytesSeen,
    baselineRssMB: baselineRss / MB,
    peakRssMB: peak / MB,
    growthMB: (peak - baselineRss) / MB,
  }) + '\n',
);
