import type { EntryRecord, OwnerScope, StatsTotals } from '../../core/backend';
import { TOTALS_BUCKET_BOUNDS, TURN_ENTRY_FIELDS } from '../migrations/003-turn-totals-and-calls';
import { SPLIT_ENTRY_FIELDS, SUMMARY_SEPARATOR } from '../migrations/004-cheap-principal-and-calls';
import { SCHEMA } from '../names';
import { queryOnce, type PgTarget } from '../transaction';
import { bindingOf, toEntry, type EntryRow } from './rows';

/*
 * The reader's one-call questions (migrations/003): each is one function call in its own implicit transaction,
 * the function binding the scope's principal for row-level security and filtering by owner itself. Named
 * statements, so each connection plans the call once.
 */

/** A float8 as JSON gives it: a number, or the strings 'Infinity' / '-Infinity' (expiry of never / always). */
const float = (v: unknown): number => (typeof v === 'string' ? Number(v) : (v as number));

/** The listing of schema 3 (scratchpad.turn_entries_json): every field in JSON, summaries escaped. */
async function turnEntriesJson(target: PgTarget, scope: OwnerScope, turnId: string): Promise<Record<string, unknown>[]> {
  const b = bindingOf(scope);
  const res = await queryOnce<{ j: unknown[][] }>(target, 'read', {
    name: 'scratchpad-turn-entries-json',
    text: `SELECT ${SCHEMA}.turn_entries_json($1, $2, $3) AS j`,
    values: [b.owner, b.operator, turnId],
  });
  return (res.rows[0]?.j ?? []).map((a) => {
    const r: Record<string, unknown> = {};
    TURN_ENTRY_FIELDS.forEach((f, i) => (r[f] = a[i]));
    return r;
  });
}

/**
 * The listing fields without summaries and the summaries apart (scratchpad.turn_entries_split, schema 4), or null
 * when a summary holds the separator (the pieces then do not match the rows).
 */
async function turnEntriesSplit(target: PgTarget, scope: OwnerScope, turnId: string): Promise<Record<string, unknown>[] | null> {
  const b = bindingOf(scope);
  const res = await queryOnce<{ entries: unknown[][]; summaries: string }>(target, 'read', {
    name: 'scratchpad-turn-entries-split',
    text: `SELECT entries, summaries FROM ${SCHEMA}.turn_entries_split($1, $2, $3)`,
    values: [b.owner, b.operator, turnId],
  });
  const rows = res.rows[0]?.entries ?? [];
  if (rows.length === 0) return [];
  const summaries = (res.rows[0]?.summaries ?? '').split(SUMMARY_SEPARATOR);
  if (summaries.length !== rows.length) return null;
  return rows.map((a, i) => {
    const r: Record<string, unknown> = { summary: summaries[i] };
    SPLIT_ENTRY_FIELDS.forEach((f, k) => (r[f] = a[k]));
    return r;
  });
}

/**
 * A turn's entries in scope, in listing order: one round trip (turn_entries_split), one JSON.parse of the fields
 * without summaries and one split of the joined summaries; a second one (turn_entries_json) only for a turn whose
 * summaries hold U+001E.
 */
export async function turnEntries(target: PgTarget, scope: OwnerScope, turnId: string): Promise<{ record: EntryRecord; row: EntryRow }[]> {
  const rows = (await turnEntriesSplit(target, scope, turnId)) ?? (await turnEntriesJson(target, scope, turnId));
  return rows.map((r) => {
    r.created_at = float(r.created_at);
    r.expires_at = float(r.expires_at);
    return toEntry(r);
  });
}

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
