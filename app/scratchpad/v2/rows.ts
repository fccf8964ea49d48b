import type { EntryKind } from '../../contract';
import type { EntryRecord } from '../core/backend';
import { CHUNK_KEY_SPAN } from './schema';

/** Columns of an observation row that make its {@link EntryMeta} (no content, no handle); select them FROM {@link META_FROM}. */
export const META_COLUMNS =
  "o.pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units, chunk_units, created_at, expires_at, actor, channel, coalesce(c.summary, '') AS summary";

/** The observations (as `o`) with their chunk 0 (as `c`), which holds the summary (schema.ts, migration 3). */
export const META_FROM = `observations AS o LEFT JOIN chunks AS c ON c.key = o.pk * ${CHUNK_KEY_SPAN}`;

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
