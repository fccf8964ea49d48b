/*
 * Benchmark of the observation store (targets: bench/README.md): `npm run bench` prints tables,
 * `npm run bench -- --json` prints one JSON object on stdout (progress on stderr).
 * Options: --scale <0..1> shrinks the large sizes for a quick try of the harness (figures then do not meet the
 * issue's definitions; the JSON says so), --only <reads,memory,puts,gc,turns,v1,compare,search,ui,postgres> runs a subset. The
 * postgres suite (a throw-away server on 127.0.0.1) runs only when named in --only.
 */
import { parseBenchArgs, USAGE } from './lib/args';
import { evaluateChecks } from './lib/checks';
import { progress } from './lib/log';
import { machineInfo } from './lib/machine';
import { storePragmas } from './lib/pragmas';
import { renderTable } from './lib/report';
import { makeTempDir, removeTempDir, removeTempDirs } from './lib/temp';
import { round } from './lib/timing';
import { buildBigFile } from './suites/big-file';
import { runCompare } from './suites/compare';
import { runGc } from './suites/gc';
import { runMemory } from './suites/memory';
import { runMetnosV1 } from './suites/metnos-v1';
import { postgresChecks } from './suites/postgres-checks';
import { runPostgres } from './suites/postgres';
import { runPuts } from './suites/puts';
import { runReads } from './suites/reads';
import { runSearch } from './suites/search';
import { runTurns } from './suites/turns';
import { runUi } from './suites/ui';

const args = parseBenchArgs(process.argv.slice(2));
if (args.kind === 'usage') {
  // --help: the usage on stdout, exit 0; a bad option: one line saying why, the usage, exit 2 (no stack trace).
  if (args.error === null) process.stdout.write(`${USAGE}\n`);
  else process.stderr.write(`bench: ${args.error}\n${USAGE}\n`);
  process.exit(args.error === null ? 0 : 2);
}
const { scale, only } = args;
const values = { json: args.json };

const ORDER = [
  'read_head_2000_10KB_ms',
  'read_head_2000_100MB_ms',
  'read_tail_2000_100MB_ms',
  'read_range_mid_2000_100MB_ms',
  'list_turn_100x1MB_ms',
  'stats_1GB_ms',
  'put_8KB_per_s',
  'raw_insert_8KB_per_s',
  'put_5MB_MB_per_s',
  'raw_insert_5MB_MB_per_s',
  'gc_10000_expired_ms',
  'list_turns_first_page_10k_turns_ms',
  'stats_60k_rows_ms',
  'gc_dry_run_60k_rows_ms',
  'rss_growth_reading_500MB_entry_MB',
  'compare_10MB_100_edits_ms',
  'compare_100MB_2_edits_ms',
  'compare_rss_growth_MB',
  'compare_json_50k_items_ms',
  'pg_put_8KB_per_s',
  'pg_raw_insert_8KB_per_s',
  'pg_read_head_2000_10KB_ms',
  'pg_read_head_2000_100MB_ms',
  'pg_read_tail_2000_100MB_ms',
  'pg_list_turn_100x1MB_ms',
  'pg_stats_all_rows_ms',
  'pg_gc_10000_expired_ms',
  'pg_put_100MB_MB_per_s',
  'pg_stats_1GB_ms',
  'pg_search_literal_1GB_MB_per_s',
  'sqlite_put_8KB_per_s',
  'sqlite_read_head_2000_10KB_ms',
  'sqlite_read_head_2000_100MB_ms',
  'sqlite_read_tail_2000_100MB_ms',
  'sqlite_list_turn_100x1MB_ms',
  'sqlite_stats_all_rows_ms',
  'sqlite_gc_10000_expired_ms',
  'sqlite_put_100MB_MB_per_s',
  'sqlite_stats_1GB_ms',
  'sqlite_search_literal_1GB_MB_per_s',
  'search_literal_1GB_MB_per_s',
  'ripgrep_same_bytes_MB_per_s',
  'search_casefold_1GB_MB_per_s',
  'search_first_hit_ms',
  'search_100MB_entry_ms',
  'search_rss_growth_MB',
  'read_lines_deep_100MB_ms',
  'read_lines_head_100MB_ms',
  'search_store_literal_100MB_MB_per_s',
  'ui_first_paint_turns_ms',
  'ui_open_turn_300_steps_ms',
  'ui_switch_entry_p95_ms',
  'ui_scroll_long_task_max_ms',
  'ui_open_json_50k_items_ms',
  'ui_gc_preview_6000_turns_ms',
  'ui_stats_ms',
  'ui_heap_MB',
];

async function main(): Promise<void> {
  const started = Date.now();
  const machine = machineInfo();
  const figures: Record<string, number> = {};
  const extra: Record<string, number> = {};
  const add = (r: { figures: Record<string, number>; extra: Record<string, number> }) => {
    Object.assign(figures, r.figures);
    Object.assign(extra, r.extra);
  };
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
    if (only.has('reads')) {
      progress('reads, list, stats');
      add(await runReads(big));
    }
    if (only.has('memory')) {
      progress('memory (child process reading the 500 MiB row)');
      add(runMemory(big));
    }
    removeTempDir(bigDir);
  }
  if (only.has('puts')) {
    progress('puts against the raw floor');
    add(await runPuts(dir, pragmas, scale));
  }
  if (only.has('gc')) {
    progress('gc');
    add(await runGc(3));
  }
  if (only.has('turns')) {
    progress('many small rows: 10,000 turns, 60,000 rows');
    add(await runTurns());
  }
  if (only.has('v1')) {
    progress('metnos-v1 comparison');
    const v1 = await runMetnosV1(dir, scale);
    if (v1) Object.assign(extra, v1);
    else progress('  skipped: the metnos-v1 backend is not there yet (UNSUPPORTED_FORMAT)');
  }
  if (only.has('compare')) {
    progress('compare (child process through the store adapter)');
    add(await runCompare());
  }
  const info: Record<string, string> = {};
  if (only.has('postgres')) {
    progress('postgres (throw-away server on 127.0.0.1)');
    const r = await runPostgres(scale);
    add(r);
    Object.assign(info, r.info);
  }
  if (only.has('search')) {
    progress(`search over ~1 GiB x ${scale} of chunked mixed text, and ripgrep over the same bytes`);
    add(runSearch(scale));
  }
  if (only.has('ui')) {
    progress('ui (Chromium over the production renderer, main handlers and store, on a heavy file)');
    const uiDir = makeTempDir('ui');
    add(await runUi(uiDir, scale));
    removeTempDir(uiDir);
  }
  removeTempDir(dir);
  removeTempDirs();

  const ordered: Record<string, number> = {};
  for (const k of ORDER) if (k in figures) ordered[k] = round(figures[k]!);
  const roundedExtra = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, round(v)]));
  const checks = { ...evaluateChecks(figures, extra), ...postgresChecks(figures) };
  const failed = Object.entries(checks)
    .filter(([, c]) => !c.pass)
    .map(([k]) => k);
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
    machine: { ...machine, ...info },
    totalSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
  if (values.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  else {
    process.stdout.write(renderTable(ordered, checks, roundedExtra, { loadAverage: machine.loadAverageAtStart, cores: machine.cores }) + '\n');
    process.stdout.write(`${machine.cpu}, ${machine.cores} cores, node ${machine.node}, SQLite ${machine.sqlite}; ${result.totalSeconds} s\n`);
    if (scale !== 1) process.stdout.write(`SCALED run (--scale ${scale}): sizes shrunk, figures not comparable with the targets\n`);
  }
}

main().catch((error: unknown) => {
  removeTempDirs();
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
