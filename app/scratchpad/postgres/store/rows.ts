import type { EntryKind } from '../../../contract';
import type { EntryRecord, OwnerScope } from '../../core/backend';
import type { Binding } from '../binding';

/** Metadata columns of an observation (no content, no handle), as {@link toEntryRow} reads them. */
export const ENTRY_COLUMNS =
  'pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units, chunk_units, created_at, expires_at, actor, channel, summary';

/** What the backend keeps of a record it returned: where its content lives and how it is cut. */
export interface EntryRow {
  readonly pk: number;
  readonly id: string;
  readonly kind: EntryKind;
  /** Code points (text) or bytes (binary). */
  readonly lengthUnits: number;
  /** Units per chunk (the layout at put time). */
  readonly chunkUnits: number;
  readonly stepNum: number | string | null;
  readonly sizeBytes: number;
  readonly summary: string;
}

/** A metadata row (bigints come back as strings) as an {@link EntryRecord} and its {@link EntryRow}. */
export function toEntry(r: Record<string, unknown>): { record: EntryRecord; row: EntryRow } {
  const record: EntryRecord = {
    id: r.id as string,
    owner: r.owner as string,
    turnId: r.turn_id as string,
    stepNum: r.step_num as number | null,
    executorName: r.executor_name as string | null,
    kind: r.kind as EntryKind,
    structured: r.structured as boolean,
    sizeBytes: Number(r.size_bytes),
    lengthUnits: Number(r.length_units),
    summary: r.summary as string,
    createdAt: r.created_at as number,
    expiresAt: r.expires_at as number,
    actor: r.actor as string | null,
    channel: r.channel as string | null,
  };
  const row: EntryRow = {
    pk: Number(r.pk),
    id: record.id,
    kind: record.kind,
    lengthUnits: record.lengthUnits as number,
    chunkUnits: r.chunk_units as number,
    stepNum: record.stepNum,
    sizeBytes: record.sizeBytes,
    summary: record.summary,
  };
  return { record, row };
}

/**
 * The row number an id names (its last 12 hex digits, as in v2), or null for a string this store could never
 * have made (then nothing is queried).
 */
export function pkOfId(id: string): number | null {
  if (!/^[0-9a-f]{44}$/.test(id)) return null;
  const pk = Number.parseInt(id.slice(32), 16);
  return Number.isSafeInteger(pk) && pk > 0 ? pk : null;
}

/**
 * The row-level security binding of a scope: the operator view for `all` (honoured only for members of
 * scratchpad_operator), else the owner. The scope is applied in the SQL too ({@link ownerCondition}).
 */
export function bindingOf(scope: OwnerScope): Binding {
  return scope.kind === 'all' ? { owner: null, operator: true } : { owner: scope.owner, operator: false };
}

/**
 * ` AND <column> = $n` for an owner scope (the owner pushed onto `params`), '' for `all`: ownership in the
 * query itself, besides RLS.
 */
export function ownerCondition(scope: OwnerScope, params: unknown[], column = 'owner'): string {
  if (scope.kind === 'all') return '';
  params.push(scope.owner);
  return ` AND ${column} = $${params.length}`;
}
