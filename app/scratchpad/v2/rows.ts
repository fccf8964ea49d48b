import type { EntryKind } from '../../contract';
import { codePointLength, unitOffset } from '../../common/codepoints';
import type { EntryRecord } from '../core/backend';
import { joinSummaryEdges, SUMMARY_EDGE, SUMMARY_WHOLE_LIMIT } from '../summary';
import { CHUNK_KEY_SPAN } from './schema';

/** Bytes that surely hold {@link SUMMARY_EDGE} code points of UTF-8 (4 bytes each at most). */
const EDGE_BYTES = 4 * SUMMARY_EDGE;
/** An inline row whose summary is not stored (plain text, schema 10): it is made from the content's ends. */
const DERIVED = `o.summary IS NULL AND typeof(o.data) = 'blob'`;

/**
 * Columns of an observation row that make its {@link EntryMeta} (no content, no handle); select them FROM
 * {@link META_FROM}. The summary of a row whose content is in chunks is chunk 0's (schema.ts, migration 3); an
 * inline row (schema 10) has its own, except a plain text's, which is its content when short and else is made
 * from the content's first and last {@link EDGE_BYTES} bytes (`summary_head`, `summary_tail`, see
 * {@link summaryOf}): storing it too made most 8 KiB puts one overflow page longer. `typeof` reads the record
 * header only, never the content.
 */
export const META_COLUMNS = `o.pk, o.id, o.owner, o.turn_id, o.step_num, o.executor_name, o.kind, o.structured, o.size_bytes, o.length_units,
  o.chunk_units, o.created_at, o.expires_at, o.actor, o.channel, typeof(o.data) = 'blob' AS inline,
  CASE WHEN o.summary IS NOT NULL THEN o.summary WHEN typeof(o.data) = 'blob' THEN NULL
    ELSE coalesce((SELECT c.summary FROM chunks AS c WHERE c.key = o.pk * ${CHUNK_KEY_SPAN}), '') END AS summary,
  CASE WHEN ${DERIVED} THEN CASE WHEN o.length_units <= ${SUMMARY_WHOLE_LIMIT} THEN o.data ELSE substr(o.data, 1, ${EDGE_BYTES}) END END AS summary_head,
  CASE WHEN ${DERIVED} AND o.length_units > ${SUMMARY_WHOLE_LIMIT} THEN substr(o.data, -${EDGE_BYTES}) END AS summary_tail`;

/** The observations, as `o`. */
export const META_FROM = 'observations AS o';

/** An observation row as selected with {@link META_COLUMNS}. */
export interface ObservationRow {
  readonly pk: number;
  readonly id: string;
  readonly owner: string;
  readonly turn_id: string;
  readonly step_num: number | null;
  readonly executor_name: string | null;
  readonly kind: EntryKind;
  readonly structured: number;
  readonly size_bytes: number;
  /** Code points (text) or bytes (binary). */
  readonly length_units: number;
  readonly chunk_units: number;
  readonly created_at: number;
  readonly expires_at: number;
  readonly actor: string | null;
  readonly channel: string | null;
  /** 1 when the content is in the row itself (one chunk, schema 10), 0 when it is in `chunks`. */
  readonly inline: number;
  /** The stored summary, or null when it is made from {@link summary_head} and {@link summary_tail}. */
  readonly summary: string | null;
  /** A plain inline text's content (up to SUMMARY_WHOLE_LIMIT code points) or its first EDGE_BYTES bytes. */
  readonly summary_head: Buffer | null;
  /** A plain inline text's last EDGE_BYTES bytes when it is longer than SUMMARY_WHOLE_LIMIT code points. */
  readonly summary_tail: Buffer | null;
}

/**
 * The summary of a row: the stored one, or summarizeText's (summary.ts) of an inline plain text, made from its
 * ends. v2 text content is UTF-8 encoded from JavaScript strings (well-formed), so decoding gives back the
 * well-formed text the summary was made of; a cut code point at the inner end of either edge lies beyond the
 * {@link SUMMARY_EDGE} code points kept.
 */
export function summaryOf(row: ObservationRow): string {
  if (row.summary !== null) return row.summary;
  const head = row.summary_head === null ? '' : row.summary_head.toString('utf8');
  if (row.summary_tail === null) return head;
  const tail = row.summary_tail.toString('utf8');
  return joinSummaryEdges(head.slice(0, unitOffset(head, SUMMARY_EDGE)), tail.slice(unitOffset(tail, codePointLength(tail) - SUMMARY_EDGE)), row.length_units);
}

/** The backend record of a row (core/backend.ts). */
export function toRecord(row: ObservationRow): EntryRecord {
  return {
    id: row.id,
    owner: row.owner,
    turnId: row.turn_id,
    stepNum: row.step_num,
    executorName: row.executor_name,
    kind: row.kind,
    structured: row.structured === 1,
    sizeBytes: row.size_bytes,
    lengthUnits: row.length_units,
    summary: summaryOf(row),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    actor: row.actor,
    channel: row.channel,
  };
}
