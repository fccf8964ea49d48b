/*
 * Child process of the search suite (bench/suites/search.ts): builds ~1 GiB x scale of mixed text held as v2-like
 * chunks (32,768 code points each, newline counts kept as v2's line index does, marked valid UTF-8 as v2's reader
 * marks its text chunks) and scans them in memory, writes the same bytes as files for ripgrep, then puts a 100 MiB
 * entry into a real v2 file (search-store.ts) and the ten entries into another (search-store-1gb.ts) for the
 * store-level figures, and prints one JSON line of figures. A separate process so its RSS is the search's own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countNewlines } from '../app/scratchpad/search/bytes';
import { searchEntry } from '../app/scratchpad/search/search';
import type { ContentChunk, SearchableEntry } from '../app/scratchpad/search/types';
import { best, ripgrepCount } from './lib/search-scan';
import { runStoreSearch } from './search-store';
import { runStoreScan } from './search-store-1gb';

const MiB = 1024 * 1024;
const CHUNK_CP = 32_768;
const scale = Number(process.argv[2] ?? '1');
const dir = process.argv[3]!;
/** The folder of ripgrep's files (only them: the store files of the same run go in `dir`). */
const rgDir = path.join(dir, 'ripgrep');
const NEEDLE = 'needle-QX7';

const WORDS = ['the', 'observation', 'turn', 'step', 'executor', 'returned', 'rows', 'value', 'error', 'status', 'ok', '200', 'json', 'id', 'path', 'user'];
const RARE = ['città', 'Straße', 'Ж', 'οδός', '中文', '日本語', '👍', 'naïve', 'e\u0301', '👨‍👩‍👧'];

/** A pseudo-random generator (xorshift32), so every run builds the same text. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** One chunk of text: lines of 6-16 words, about 1 word in 25 non-ASCII; the needle planted at `plant` lines. */
function makeChunk(rand: () => number, plant: boolean): Buffer {
  const parts: string[] = [];
  let cps = 0;
  let line = 0;
  while (cps < CHUNK_CP) {
    const n = 6 + Math.floor(rand() * 10);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(rand() < 0.04 ? RARE[Math.floor(rand() * RARE.length)]! : WORDS[Math.floor(rand() * WORDS.length)]!);
    if (plant && line === 7) words.push(NEEDLE);
    line++;
    const s = words.join(' ') + (rand() < 0.1 ? '\r\n' : '\n');
    parts.push(s);
    cps += [...s].length;
  }
  return Buffer.from([...parts.join('')].slice(0, CHUNK_CP).join(''), 'utf8');
}

const POOL = 1024;
const rand = rng(42);
const pool: { bytes: Buffer; cps: number; newlines: number }[] = [];
for (let i = 0; i < POOL; i++) {
  const bytes = makeChunk(rand, i % 97 === 13);
  pool.push({ bytes, cps: CHUNK_CP, newlines: countNewlines(bytes) });
}
const poolBytes = pool.reduce((n, c) => n + c.bytes.length, 0);

let peakRss = 0;
/** An entry of `count` chunks cycling through the pool from `offset`. */
function entryOf(id: string, count: number, offset = 0, withCounts = true): SearchableEntry {
  return {
    id,
    kind: 'text',
    lengthUnits: count * CHUNK_CP,
    async *chunks(from: number) {
      for (let k = Math.floor(from / CHUNK_CP); k < count; k++) {
        const c = pool[(k + offset) % POOL]!;
        if ((k & 255) === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
        const chunk: ContentChunk = {
          bytes: c.bytes,
          cpStart: k * CHUNK_CP,
          cpEnd: (k + 1) * CHUNK_CP,
          ...(withCounts ? { newlines: c.newlines, wellFormed: true } : {}),
        };
        yield chunk;
      }
    },
  };
}

const totalChunks = Math.max(8, Math.round((1024 * MiB * scale) / (poolBytes / POOL)));
const bigBytes = Array.from({ length: totalChunks }, (_, k) => pool[k % POOL]!.bytes.length).reduce((a, b) => a + b, 0);
// Ten "entries" of ~100 MiB for the 1 GiB figures (a store holds many entries); one for the 100 MiB figure.
const per = Math.ceil(totalChunks / 10);
const entries = Array.from({ length: 10 }, (_, i) => entryOf(`e${i}`, Math.max(0, Math.min(per, totalChunks - i * per)), i * per)).filter(
  (e) => e.lengthUnits > 0,
);

async function scanAll(pattern: string, caseSensitive: boolean, list = entries): Promise<number> {
  let hits = 0;
  for (const e of list) {
    let cursor: string | null = null;
    do {
      const r = await searchEntry(e, { pattern, caseSensitive }, { limit: 10_000, cursor });
      hits += r.hits.length;
      cursor = r.nextCursor;
    } while (cursor !== null);
  }
  return hits;
}

/** Best wall-clock ms of `n` runs; that run's CPU ms is left in {@link lastCpuMs}. */
let lastCpuMs = 0;
async function bestMs(n: number, fn: () => Promise<unknown>): Promise<number> {
  const [ms, cpu] = await best(n, fn);
  lastCpuMs = cpu;
  return ms;
}

async function main(): Promise<void> {
  // Files for ripgrep: the same chunk sequence, one file per entry.
  fs.mkdirSync(rgDir);
  for (let i = 0; i < entries.length; i++) {
    const fd = fs.openSync(path.join(rgDir, `e${i}.txt`), 'w');
    for (let k = i * per; k < Math.min(totalChunks, (i + 1) * per); k++) fs.writeSync(fd, pool[k % POOL]!.bytes);
    fs.closeSync(fd);
  }
  const MB = bigBytes / MiB;
  const rgMs = await bestMs(3, async () => ripgrepCount(NEEDLE, rgDir));
  const rgOneThreadMs = await bestMs(3, async () => ripgrepCount(NEEDLE, rgDir, ['-j1']));
  const rgHits = ripgrepCount(NEEDLE, rgDir);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  let hits = 0;
  const literalMs = await bestMs(3, async () => {
    hits = await scanAll(NEEDLE, true);
  });
  const literalCpuMs = lastCpuMs;
  const rssGrowth = (peakRss - rssBefore) / MiB;
  const noIndexMs = await bestMs(2, async () => {
    for (const e of entries) await searchEntry(entryOf(e.id, e.lengthUnits / CHUNK_CP, 0, false), { pattern: NEEDLE }, { limit: 10_000 });
  });
  let foldHits = 0;
  const foldMs = await bestMs(2, async () => {
    foldHits = await scanAll(NEEDLE.toUpperCase(), false);
  });
  const foldCpuMs = lastCpuMs;
  const foldNonAsciiMs = await bestMs(2, async () => scanAll('CITTÀ-QX7', false));
  const firstHitMs = await bestMs(5, async () => searchEntry(entries[0]!, { pattern: 'observation' }, { limit: 1 }));
  const e100Chunks = Math.round((100 * MiB) / (poolBytes / POOL));
  const e100 = entryOf('e100', e100Chunks);
  let hits100 = 0;
  const entry100Ms = await bestMs(3, async () => {
    hits100 = await scanAll('città', true, [e100]);
  });
  const entry100CpuMs = lastCpuMs;
  let rare100 = 0;
  const entry100RareMs = await bestMs(3, async () => {
    rare100 = await scanAll(NEEDLE, true, [e100]);
  });
  const text100 = Buffer.concat(Array.from({ length: e100Chunks }, (_, k) => pool[k % POOL]!.bytes)).toString('utf8');
  const store = await runStoreSearch(dir, text100, NEEDLE, rare100, 'città');
  const entryText = (i: number): string =>
    Buffer.concat(Array.from({ length: Math.max(0, Math.min(per, totalChunks - i * per)) }, (_, k) => pool[(i * per + k) % POOL]!.bytes)).toString('utf8');
  const scan = await runStoreScan(dir, entries.length, entryText, NEEDLE, 'observation', rgDir);
  process.stdout.write(
    JSON.stringify({
      entry100RareMs,
      MB,
      literalMBps: MB / (literalMs / 1000),
      literalCpuMBps: MB / (literalCpuMs / 1000),
      foldCpuMBps: MB / (foldCpuMs / 1000),
      ripgrepMBps: MB / (rgMs / 1000),
      ripgrepOneThreadMBps: MB / (rgOneThreadMs / 1000),
      literalNoIndexMBps: MB / (noIndexMs / 1000),
      foldMBps: MB / (foldMs / 1000),
      foldNonAsciiMBps: MB / (foldNonAsciiMs / 1000),
      firstHitMs,
      entry100Ms,
      entry100CpuMs,
      hits100,
      rssGrowth,
      hits,
      foldHits,
      rgHits,
      ...store,
      ...scan,
      load: os.loadavg(),
    }) + '\n',
  );
}

void main();
