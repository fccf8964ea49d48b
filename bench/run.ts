/*
 * Benchmark of the observation store (issue 2, "Benchmark"): `npm run bench` prints tables,
 * `npm run bench -- --json` prints one JSON object on stdout (progress on stderr).
 * Options: --scale <0..1> shrinks the large sizes for a quick try of the harness (figures then do not meet the
 * issue's definitions; the JSON says so), --only <reads,memory,puts,gc,v1> runs a subset.
 */
import { parseArgs } from 'node:util';
import { evaluateChecks } from './lib/checks';
import { progress } from './lib/log';
import { machineInfo } from './lib/machine';
import { storePragmas } from './lib/pragmas';
import { renderTable } from './lib/report';
import { makeTempDir, removeTempDir, removeTempDirs } from './lib/temp';
import { round } from './lib/timing';
import { buildBigFile } from './suites/big-file';
import { runGc } from './suites/gc';
import { runMemory } from './suites/memory';
import { runMetnosV1 } from './suites/metnos-v1';
import { runPuts } from './suites/puts';
import { runReads } from './suites/reads';

const SUITES = ['reads', 'memory', 'puts', 'gc', 'v1'] as const;
type Suite = (typeof SUITES)[number];

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, scale: { type: 'string', default: '1' }, only: { type: 'string' } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error(`--scale must be in (0, 1], got ${values.scale}`);
const only = new Set<Suite>(values.only ? (values.only.split(',') as Suite[]) : SUITES);
for (const s of only) if (!SUITES.includes(s)) throw new Error(`unknown suite ${s}; known: ${SUITES.join(', ')}`);

const ORDER = [
  'read_head_2000_10KB_ms', 'read_head_2000_100MB_ms', 'read_tail_2000_100MB_ms', 'read_range_mid_2000_100MB_ms',
  'list_turn_100x1MB_ms', 'stats_1GB_ms', 'put_8KB_per_s', 'raw_insert_8KB_per_s', 'put_5MB_MB_per_s',
  'raw_insert_5MB_MB_per_s', 'gc_10000_expired_ms', 'rss_growth_reading_500MB_entry_MB',
];

async function main(): Promise<void> {
  const started = Date.now();
  const machine = machineInfo();
  const figures: Record<string, number> = {};
  const extra: Record<string, number> = {};
  const add = (r: { figures: Record<string, number>; extra: Record<string, number> }) => { Object.assign(figures, r.figures); Object.assign(extra, r.extra); };
  const dir = makeTempDir('main');
  const pragmas = await storePragmas(dir);
  progress(`store pragmas: ${JSON.stringify(pragmas)}`);

  if (only.has('reads') || only.has('memory')) {
    progress(`building the ~1 GiB file (scale ${scale})`);
    const bigDir = makeTempDir('big');
    const big = await buildBigFile(bigDir, scale);
    extra.build_1GB_file_s = big.buildSeconds;
    extra.big_file_MB = big.fileBytes / 1024 ** 2;
    progress(`  built ${Math.round(big.contentBytes / 1024 ** 2)} MiB of content in ${big.buildSeconds.toFixed(1)} s`);
    if (only.has('reads')) { progress('reads, list, stats'); add(await runReads(big)); }
    if (only.has('memory')) { progress('memory (child process reading the 500 MiB row)'); add(runMemory(big)); }
    removeTempDir(bigDir);
  }
  if (only.has('puts')) { progress('puts against the raw floor'); add(await runPuts(dir, pragmas, scale)); }
  if (only.has('gc')) { progress('gc'); add(await runGc(3)); }
  if (only.has('v1')) {
    progress('metnos-v1 comparison');
    const v1 = await runMetnosV1(dir, scale);
    if (v1) Object.assign(extra, v1);
    else progress('  skipped: the metnos-v1 backend is not there yet (UNSUPPORTED_FORMAT)');
  }
  removeTempDir(dir);
  removeTempDirs();

  const ordered: Record<string, number> = {};
  for (const k of ORDER) if (k in figures) ordered[k] = round(figures[k]!);
  const roundedExtra = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, round(v)]));
  const checks = evaluateChecks(figures, extra);
  const failed = Object.entries(checks).filter(([, c]) => !c.pass).map(([k]) => k);
  const result = {
    ...ordered,
    checks: Object.fromEntries(Object.entries(checks).map(([k, c]) => [k, { ...c, value: round(c.value), limit: round(c.limit), ratio: round(c.ratio) }])),
    extra: roundedExtra,
    summary: { passed: Object.keys(checks).length - failed.length, failed },
    config: {
      scale,
      suites: [...only],
      units: 'ms per call (median of batches after a warm-up); MB = MiB (1,048,576 bytes); per_s = puts per second',
      pragmas,
      valid: scale === 1 ? 'sizes as the issue defines them' : 'SCALED: sizes shrunk, figures not comparable with the targets',
    },
    machine,
    totalSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
  if (values.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  else {
    process.stdout.write(renderTable(ordered, checks, roundedExtra) + '\n');
    process.stdout.write(`${machine.cpu}, ${machine.cores} cores, node ${machine.node}, SQLite ${machine.sqlite}; ${result.totalSeconds} s\n`);
    if (scale !== 1) process.stdout.write(`SCALED run (--scale ${scale}): sizes shrunk, figures not comparable with the targets\n`);
  }
}

await main();
