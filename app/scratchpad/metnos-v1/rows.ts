import type { EntryKind } from '../../contract';
import type { EntryRecord } from '../core/backend';
import type { V1Context } from './context';

/**
 * What reading a row's content needs. Every field sits before `content` in the record or in its header, so
 * SQLite answers without walking the value's overflow pages (the columns after `content` cost that walk).
 */
export interface V1ValueRow {
  readonly id: string;
  readonly rowid: number;
  readonly contentKind: unknown;
  /** Length of `content` in bytes, from the record header (null when content is NULL). */
  readonly sizeBytes: number | null;
  /** SQLite storage class of `content` ('blob', 'text', ...). */
  readonly storage: string;
}

/** One `entries` row without its content, as the meta queries return it. */
export interface V1Row extends V1ValueRow {
  readonly turnId: string;
  readonly stepNum: unknown;
  readonly executorName: unknown;
  readonly summary: unknown;
  readonly createdAt: unknown;
  readonly expiresAt: unknown;
}

function valueColumnsSql(ctx: V1Context): string {
  return `id, rowid, content_kind AS contentKind, ${ctx.bytesSql} AS sizeBytes, typeof(content) AS storage`;
}

/** Select list of {@link V1Row}; never reads `content` itself (length and type come from the record header). */
export function metaColumnsSql(ctx: V1Context): string {
  return `${valueColumnsSql(ctx)}, turn_id AS turnId, step_num AS stepNum, executor_name AS executorName,
    summary, created_at AS createdAt, expires_at AS expiresAt`;
}

const LIST_LINE = /^(matches|items|results|entries|files|paths): \d+ elementi/;

/**
 * Whether a v1 row held an object stored as JSON text, judged from its summary alone (listing never reads
 * content): the original writes `metadata: ...` or `<list field>: <N> elementi` first, or else the compact JSON
 * of the object, which starts with `{"` or is `{}`. A plain text that itself starts with `{"` is taken as
 * structured too: the v1 format does not record the difference.
 */
export function looksStructured(kind: EntryKind, summary: string): boolean {
  if (kind !== 'text') return false;
  return summary.startsWith('metadata: ') || LIST_LINE.test(summary) || /^\{("|\})/.test(summary);
}

/** The row's kind: `binary` when content_kind says so, else `text` (as the original reads it). */
export function kindOf(row: V1ValueRow): EntryKind {
  return row.contentKind === 'binary' ? 'binary' : 'text';
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The backend record of a v1 row (core/backend.ts): owner, actor and channel null (the format has none). */
export function toRecord(row: V1Row, lengthUnits: number | null = null): EntryRecord {
  const kind = kindOf(row);
  const summary = typeof row.summary === 'string' ? row.summary : '';
  return {
    id: row.id,
    owner: null,
    turnId: row.turnId,
    stepNum: typeof row.stepNum === 'number' && Number.isInteger(row.stepNum) ? row.stepNum : null,
    executorName: typeof row.executorName === 'string' ? row.executorName : null,
    kind,
    structured: looksStructured(kind, summary),
    sizeBytes: row.sizeBytes ?? 0,
    lengthUnits: kind === 'binary' ? (row.sizeBytes ?? 0) : lengthUnits,
    summary,
    createdAt: numberOr(row.createdAt, 0),
    expiresAt: numberOr(row.expiresAt, 0),
    actor: null,
    channel: null,
  };
}

/** The value facts of row `id` (cheap: no overflow walk), or undefined. */
export function findValueRow(ctx: V1Context, id: string): V1ValueRow | undefined {
  return ctx.stmt(`SELECT ${valueColumnsSql(ctx)} FROM entries WHERE id = ?`).get(id) as V1ValueRow | undefined;
}

/** The row of `id`, or undefined. */
export function findRow(ctx: V1Context, id: string): V1Row | undefined {
  return ctx.stmt(`SELECT ${metaColumnsSql(ctx)} FROM entries WHERE id = ?`).get(id) as V1Row | undefined;
}

/** The rows of one turn, by step (NULL steps last), then creation time, then id. */
export function rowsOfTurn(ctx: V1Context, turnId: string): V1Row[] {
  return ctx
    .stmt(`SELECT ${metaColumnsSql(ctx)} FROM entries WHERE turn_id = ? ORDER BY step_num IS NULL, step_num, created_at, id`)
    .all(turnId) as V1Row[];
}

/** Every row (metadata only), in file order: what a search over the whole file lists. */
export function allRows(ctx: V1Context): V1Row[] {
  return ctx.stmt(`SELECT ${metaColumnsSql(ctx)} FROM entries`).all() as V1Row[];
}
