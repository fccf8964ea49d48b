import type { Check } from '../lib/checks';

/*
 * The PostgreSQL targets of the issue ("Benchmark", npm run bench -- --only postgres): relative ones against the
 * floor and the small read measured in the same run, and absolute ones (listing, stats and search at 1 GiB, gc).
 */

type Figures = Readonly<Record<string, number>>;

const check = (pass: boolean, value: number, limit: number, ratio: number, target: string): Check => ({ pass, value, limit, ratio, target });

/** Checks of the pg_* figures present in `f` (none when the postgres suite did not run). */
export function postgresChecks(f: Figures): Record<string, Check> {
  const out: Record<string, Check> = {};
  const put = f.pg_put_8KB_per_s;
  const raw = f.pg_raw_insert_8KB_per_s;
  if (put !== undefined && raw !== undefined)
    out.pg_put_8KB_per_s = check(put >= 0.6 * raw, put, 0.6 * raw, put / raw, 'pg_put_8KB_per_s >= 0.6 x pg_raw_insert_8KB_per_s');
  const small = f.pg_read_head_2000_10KB_ms;
  for (const k of ['pg_read_head_2000_100MB_ms', 'pg_read_tail_2000_100MB_ms'] as const) {
    const v = f[k];
    if (v !== undefined && small !== undefined) out[k] = check(v <= 2 * small, v, 2 * small, v / small, `${k} <= 2 x pg_read_head_2000_10KB_ms`);
  }
  const list = f.pg_list_turn_100x1MB_ms;
  if (list !== undefined) out.pg_list_turn_100x1MB_ms = check(list <= 2, list, 2, list / 2, 'pg_list_turn_100x1MB_ms <= 2');
  const gc = f.pg_gc_10000_expired_ms;
  if (gc !== undefined) out.pg_gc_10000_expired_ms = check(gc <= 500, gc, 500, gc / 500, 'pg_gc_10000_expired_ms <= 500');
  const stats = f.pg_stats_1GB_ms;
  if (stats !== undefined) out.pg_stats_1GB_ms = check(stats <= 5, stats, 5, stats / 5, 'pg_stats_1GB_ms <= 5');
  const search = f.pg_search_literal_1GB_MB_per_s;
  if (search !== undefined) out.pg_search_literal_1GB_MB_per_s = check(search >= 300, search, 300, search / 300, 'pg_search_literal_1GB_MB_per_s >= 300');
  return out;
}
