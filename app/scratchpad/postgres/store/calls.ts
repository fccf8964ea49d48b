import type { OwnerScope, StatsTotals } from '../../core/backend';
import { TOTALS_BUCKET_BOUNDS } from '../migrations/003-turn-totals-and-calls';
import { SCHEMA } from '../names';
import { queryOnce, type PgTarget } from '../transaction';
import { bindingOf } from './rows';

/*
 * The reader's one-call questions (migrations/003): each is one function call in its own implicit transaction,
 * the function binding the scope's principal for row-level security and filtering by owner itself. Named
 * statements, so each connection plans the call once.
 */

/** True when `bounds` are the buckets turn_totals keeps (the core's SIZE_BUCKETS), so stats can read the totals. */
export function totalsServe(bounds: readonly number[]): boolean {
  return bounds.length === TOTALS_BUCKET_BOUNDS.length && bounds.every((b, i) => b === TOTALS_BUCKET_BOUNDS[i]);
}

/**
 * Stats totals in scope at `now` (Unix seconds) from the per-turn totals (scratchpad.stats_from_totals): reads
 * one row per turn plus the expired rows, never every row or any content. Only for the stored bucket bounds
 * ({@link totalsServe}).
 */
export async function statsFromTotals(target: PgTarget, scope: OwnerScope, now: number): Promise<StatsTotals> {
  const b = bindingOf(scope);
  const res = await queryOnce(target, 'read', {
    name: 'scratchpad-stats-from-totals',
    text: `SELECT * FROM ${SCHEMA}.stats_from_totals($1, $2, $3)`,
    values: [b.owner, b.operator, now],
  });
  const t = res.rows[0] as Record<string, string | string[]>;
  const n = (k: string) => Number(t[k] ?? 0);
  const buckets = (t.buckets ?? []) as string[];
  return {
    rows: n('total_rows'),
    bytes: n('total_bytes'),
    textRows: n('total_text_rows'),
    textBytes: n('total_text_bytes'),
    binaryRows: n('total_rows') - n('total_text_rows'),
    binaryBytes: n('total_bytes') - n('total_text_bytes'),
    expiredRows: n('expired_rows'),
    expiredBytes: n('expired_bytes'),
    bucketRows: [...TOTALS_BUCKET_BOUNDS, null].map((_, i) => Number(buckets[i] ?? 0)),
  };
}

/** `needle` as a bytea LIKE pattern: `%`, `_` and `\` escaped with `\` (LIKE's default escape), `%` around it. */
export function likePattern(needle: Uint8Array): Buffer {
  const out: number[] = [0x25];
  for (const b of needle) {
    if (b === 0x25 || b === 0x5f || b === 0x5c) out.push(0x5c);
    out.push(b);
  }
  out.push(0x25);
  return Buffer.from(out);
}

/**
 * Row numbers among `pks` (entries in `scope`) whose stored bytes hold `needle`, inside a chunk or across a chunk
 * boundary (scratchpad.entries_holding): the scan runs where the content is, only row numbers come back. The
 * caller asks only for entries whose chunks are longer than the needle (a match then spans at most two chunks).
 */
export async function entriesHolding(target: PgTarget, scope: OwnerScope, pks: readonly number[], needle: Uint8Array): Promise<Set<number>> {
  const b = bindingOf(scope);
  const res = await queryOnce<{ pk: string }>(target, 'read', {
    name: 'scratchpad-entries-holding',
    text: `SELECT pk FROM ${SCHEMA}.entries_holding($1, $2, $3, $4, $5) AS pk`,
    values: [b.owner, b.operator, [...pks], likePattern(needle), needle.length],
  });
  return new Set(res.rows.map((r) => Number(r.pk)));
}
