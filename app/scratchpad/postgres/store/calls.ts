import type pg from 'pg';
import type { EntryKind } from '../../../contract';
import type { EntryRecord, OwnerScope, StatsTotals } from '../../core/backend';
import { TOTALS_BUCKET_BOUNDS } from '../migrations/003-turn-totals-and-calls';
import { SCHEMA } from '../names';
import { queryOnce, type PgTarget } from '../transaction';
import { bindingOf, type EntryRow } from './rows';

/*
 * The reader's one-call questions (migrations/003): each is one function call in its own implicit transaction,
 * the function binding the scope's principal for row-level security and filtering by owner itself. Named
 * statements, so each connection plans the call once.
 */

/**
 * A turn's entries in scope, in listing order: one call of scratchpad.turn_entries_rows (schema 6) in its own
 * implicit transaction, its rows read as arrays (LISTING_COLUMNS' order; node-postgres parses int4, bool and
 * float8, int8 comes as a string) and made into records here, the turn being the one asked for.
 */
export async function turnEntries(target: PgTarget, scope: OwnerScope, turnId: string): Promise<{ record: EntryRecord; row: EntryRow }[]> {
  const b = bindingOf(scope);
  const res = await queryOnce<unknown[]>(target, 'read', {
    name: 'scratchpad-turn-entries-rows',
    text: `SELECT * FROM ${SCHEMA}.turn_entries_rows($1, $2, $3)`,
    values: [b.owner, b.operator, turnId],
    rowMode: 'array',
  } as pg.QueryConfig);
  return res.rows.map((a) => listingEntry(a, turnId));
}

/** One row of turn_entries_rows (LISTING_COLUMNS: pk, id, owner, step_num, executor_name, kind, structured, size_bytes, length_units, chunk_units, created_at, expires_at, actor, channel, summary) of turn `turnId`. */
function listingEntry(a: readonly unknown[], turnId: string): { record: EntryRecord; row: EntryRow } {
  const record: EntryRecord = {
    id: a[1] as string,
    owner: a[2] as string,
    turnId,
    stepNum: a[3] as number | null,
    executorName: a[4] as string | null,
    kind: a[5] as EntryKind,
    structured: a[6] as boolean,
    sizeBytes: Number(a[7]),
    lengthUnits: Number(a[8]),
    summary: a[14] as string,
    createdAt: a[10] as number,
    expiresAt: a[11] as number,
    actor: a[12] as string | null,
    channel: a[13] as string | null,
  };
  const row: EntryRow = {
    pk: Number(a[0]),
    id: record.id,
    kind: record.kind,
    lengthUnits: record.lengthUnits as number,
    chunkUnits: a[9] as number,
    stepNum: record.stepNum,
    sizeBytes: record.sizeBytes,
    summary: record.summary,
  };
  return { record, row };
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
