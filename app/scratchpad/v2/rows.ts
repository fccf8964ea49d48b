import type { EntryKind } from '../../contract';
import type { EntryRecord } from '../core/backend';
import { CHUNK_KEY_SPAN } from './schema';

/**
 * Columns of an observation row that make its {@link EntryMeta} (no content, no handle); select them FROM
 * {@link META_FROM}. The summary is the row's own when its content is inline (schema 10), else chunk 0's
 * (schema.ts, migration 3): coalesce evaluates the chunk lookup only for a row without one. `typeof` reads the
 * record header only, never the content.
 */
export const META_COLUMNS = `o.pk, o.id, o.owner, o.turn_id, o.step_num, o.executor_name, o.kind, o.structured, o.size_bytes, o.length_units,
  o.chunk_units, o.created_at, o.expires_at, o.actor, o.channel,
  coalesce(o.summary, (SELECT c.summary FROM chunks AS c WHERE c.key = o.pk * ${CHUNK_KEY_SPAN}), '') AS summary, typeof(o.data) = 'blob' AS inline`;

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
  readonly summary: string;
  /** 1 when the content is in the row itself (one chunk, schema 10), 0 when it is in `chunks`. */
  readonly inline: number;
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
    summary: row.summary,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    actor: row.actor,
    channel: row.channel,
  };
}
