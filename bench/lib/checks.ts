/** One target of a benchmark section (issue 2: store; issue 15: UI), evaluated on this run's figures. */
export interface Check {
  readonly pass: boolean;
  /** The figure checked. */
  readonly value: number;
  /** The bound it is held to (already multiplied by the reference figure for relative targets). */
  readonly limit: number;
  /** `value / reference` for relative targets, `value / limit` for absolute ones. */
  readonly ratio: number;
  /** The target as written in the issue. */
  readonly target: string;
}

type Figures = Readonly<Record<string, number>>;

function atMost(value: number, limit: number, ratio: number, target: string): Check {
  return { pass: value <= limit, value, limit, ratio, target };
}
function atLeast(value: number, limit: number, ratio: number, target: string): Check {
  return { pass: value >= limit, value, limit, ratio, target };
}

/**
 * The targets of issue 2 ("Benchmark"), as pass/fail plus ratio. Relative targets compare two figures of the
 * same run; a missing figure (suite skipped) leaves its checks out.
 */
export function evaluateChecks(f: Figures, extra: Figures): Record<string, Check> {
  const checks: Record<string, Check> = {};
  const has = (...keys: string[]) => keys.every((k) => typeof f[k] === 'number' && Number.isFinite(f[k]));
  const base = f.read_head_2000_10KB_ms!;
  for (const key of ['read_head_2000_100MB_ms', 'read_tail_2000_100MB_ms', 'read_range_mid_2000_100MB_ms']) {
    if (has(key, 'read_head_2000_10KB_ms')) checks[key] = atMost(f[key]!, 2 * base, f[key]! / base, `${key} <= 2 x read_head_2000_10KB_ms`);
  }
  if (has('list_turn_100x1MB_ms')) checks.list_turn_100x1MB_ms = atMost(f.list_turn_100x1MB_ms!, 1, f.list_turn_100x1MB_ms!, 'list_turn_100x1MB_ms <= 1');
  if (has('stats_1GB_ms')) checks.stats_1GB_ms = atMost(f.stats_1GB_ms!, 2, f.stats_1GB_ms! / 2, 'stats_1GB_ms <= 2');
  if (typeof extra.stats_1GB_operator_ms === 'number') {
    checks.stats_1GB_operator_ms = atMost(extra.stats_1GB_operator_ms, 2, extra.stats_1GB_operator_ms / 2, 'stats_1GB_ms <= 2 (operator principal)');
  }
  if (has('put_8KB_per_s', 'raw_insert_8KB_per_s')) {
    const r = f.put_8KB_per_s! / f.raw_insert_8KB_per_s!;
    // The store core's targets (raised from issue 2's 0.5 x and 10,000/s).
    checks.put_8KB_vs_raw = atLeast(f.put_8KB_per_s!, 0.7 * f.raw_insert_8KB_per_s!, r, 'put_8KB_per_s >= 0.7 x raw_insert_8KB_per_s');
    checks.put_8KB_per_s = atLeast(f.put_8KB_per_s!, 15_000, f.put_8KB_per_s! / 15_000, 'put_8KB_per_s >= 15,000');
  }
  if (has('put_5MB_MB_per_s', 'raw_insert_5MB_MB_per_s')) {
    const r = f.put_5MB_MB_per_s! / f.raw_insert_5MB_MB_per_s!;
    checks.put_5MB_vs_raw = atLeast(f.put_5MB_MB_per_s!, 0.6 * f.raw_insert_5MB_MB_per_s!, r, 'put_5MB_MB_per_s >= 0.6 x raw_insert_5MB_MB_per_s');
  }
  if (has('gc_10000_expired_ms')) checks.gc_10000_expired_ms = atMost(f.gc_10000_expired_ms!, 200, f.gc_10000_expired_ms! / 200, 'gc_10000_expired_ms <= 200');
  // Many small rows (the store core's issue): absolute bounds.
  for (const [key, limit] of [
    ['list_turns_first_page_10k_turns_ms', 5],
    ['stats_60k_rows_ms', 5],
    ['gc_dry_run_60k_rows_ms', 20],
  ] as const) {
    if (has(key)) checks[key] = atMost(f[key]!, limit, f[key]! / limit, `${key} <= ${limit}`);
  }
  if (has('rss_growth_reading_500MB_entry_MB')) {
    const v = f.rss_growth_reading_500MB_entry_MB!;
    checks.rss_growth_reading_500MB_entry_MB = atMost(v, 100, v / 100, 'rss_growth_reading_500MB_entry_MB <= 100');
  }
  // Compare two observations (its own issue's Benchmark section): absolute bounds.
  for (const [key, limit] of [
    ['compare_10MB_100_edits_ms', 1_000],
    ['compare_100MB_2_edits_ms', 5_000],
    ['compare_rss_growth_MB', 200],
    ['compare_json_50k_items_ms', 1_000],
  ] as const) {
    if (has(key)) checks[key] = atMost(f[key]!, limit, f[key]! / limit, `${key} <= ${limit.toLocaleString('en-US')}`);
  }
  if (has('search_literal_1GB_MB_per_s', 'ripgrep_same_bytes_MB_per_s')) {
    const v = f.search_literal_1GB_MB_per_s!;
    const rg = f.ripgrep_same_bytes_MB_per_s!;
    checks.search_literal_1GB_MB_per_s = atLeast(v, 1_000, v / 1_000, 'search_literal_1GB_MB_per_s >= 1,000');
    checks.search_literal_vs_ripgrep = atLeast(v, 0.5 * rg, v / rg, 'search_literal_1GB_MB_per_s >= 0.5 x ripgrep_same_bytes_MB_per_s');
  }
  if (has('search_casefold_1GB_MB_per_s')) {
    const v = f.search_casefold_1GB_MB_per_s!;
    checks.search_casefold_1GB_MB_per_s = atLeast(v, 300, v / 300, 'search_casefold_1GB_MB_per_s >= 300');
  }
  if (has('search_first_hit_ms')) checks.search_first_hit_ms = atMost(f.search_first_hit_ms!, 50, f.search_first_hit_ms! / 50, 'search_first_hit_ms <= 50');
  if (has('search_100MB_entry_ms'))
    checks.search_100MB_entry_ms = atMost(f.search_100MB_entry_ms!, 150, f.search_100MB_entry_ms! / 150, 'search_100MB_entry_ms <= 150');
  if (has('read_lines_deep_100MB_ms', 'read_lines_head_100MB_ms')) {
    const d = f.read_lines_deep_100MB_ms!;
    const h = f.read_lines_head_100MB_ms!;
    checks.read_lines_deep_vs_head = atMost(d, 2 * h, d / h, 'read_lines_deep_100MB_ms <= 2 x read_lines_head_100MB_ms');
  }
  if (has('search_rss_growth_MB'))
    checks.search_rss_growth_MB = atMost(f.search_rss_growth_MB!, 100, f.search_rss_growth_MB! / 100, 'search_rss_growth_MB <= 100');
  // Issue 15's UI targets (absolute, ms or MiB).
  const ui: [string, number][] = [
    ['ui_first_paint_turns_ms', 300],
    ['ui_open_turn_300_steps_ms', 150],
    ['ui_switch_entry_p95_ms', 100],
    ['ui_scroll_long_task_max_ms', 100],
    ['ui_open_json_50k_items_ms', 150],
    ['ui_gc_preview_6000_turns_ms', 300],
    ['ui_stats_ms', 300],
    ['ui_heap_MB', 50],
  ];
  for (const [key, limit] of ui) if (has(key)) checks[key] = atMost(f[key]!, limit, f[key]! / limit, `${key} <= ${limit}`);
  return checks;
}
