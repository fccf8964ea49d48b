import type { EntryKind } from '../../contract';
import type { EntryRecord } from '../core/backend';
import type { V1Context } from './context';
import { ID_KEY_SQL, idMatch, isMarkedTurnKey, TURN_KEY_SQL } from './keys';

/**
 * What reading a row's content needs. Every field sits before `content` in the record or in its header, so
 * SQLite answers without walking the value's overflow pages (the columns after `content` cost that walk).
 */
export interface V1ValueRow {
  /** The id's key (keys.ts): the stored id, or `rowid:N` for a NULL, BLOB, empty or too long one. */
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
  /** The turn's key (keys.ts): the stored turn id, or a marked form for a NULL, '' or BLOB one. */
  readonly turnId: string;
  readonly stepNum: unknown;
  /** step_num as text (exact, where a JS number would round above 2^53). */
  readonly stepText: string | null;
  readonly executorName: unknown;
  readonly summary: unknown;
  readonly createdAt: unknown;
  readonly expiresAt: unknown;
}

function valueColumnsSql(ctx: V1Context): string {
  return `${ID_KEY_SQL} AS id, rowid, content_kind AS contentKind, ${ctx.bytesSql} AS sizeBytes, typeof(content) AS storage`;
}

/** Select list of {@link V1Row}; never reads `content` itself (length and type come from the record header). */
export function metaColumnsSql(ctx: V1Context): string {
  return `${valueColumnsSql(ctx)}, ${TURN_KEY_SQL} AS turnId, step_num AS stepNum, CAST(step_num AS TEXT) AS stepText, executor_name AS executorName,
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

/** The row's kind: `text` when content_kind is exactly 'text', else `binary` (as the original reads it). */
export function kindOf(row: V1ValueRow): EntryKind {
  return row.contentKind === 'text' ? 'text' : 'binary';
}

/** SQL of a column as a finite number, else `fallback` (TEXT, BLOB, NULL and infinities). */
export function finiteSql(column: string, fallback: string): string {
  return `CASE WHEN typeof(${column}) IN ('integer', 'real') AND abs(${column}) < 9e999 THEN ${column} ELSE ${fallback} END`;
}

/**
 * SQL of expires_at as gc sees it: the number itself (infinities included), +Infinity for anything else
 * (TEXT, BLOB, NULL), since SQLite orders every such value above (or outside) `expires_at <= now`.
 */
export const EXPIRES_SQL = "CASE WHEN typeof(expires_at) IN ('integer', 'real') THEN expires_at ELSE 9e999 END";

/**
 * The expiry of a row as gc treats it (`expires_at <= now` in SQL): a number (infinities included) as is;
 * TEXT, BLOB and NULL never satisfy that comparison, so they never expire (+Infinity).
 */
export function expiresOf(value: unknown): number {
  return typeof value === 'number' && !Number.isNaN(value) ? value : Number.POSITIVE_INFINITY;
}

/** A step as stored: a safe integer as a number, anything else (2.5, above 2^53, TEXT) as its text; null when NULL. */
export function stepOf(value: unknown, text: string | null): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'bigint') return value.toString();
  return text ?? String(value);
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
    stepNum: stepOf(row.stepNum, row.stepText),
    executorName: typeof row.executorName === 'string' ? row.executorName : null,
    kind,
    structured: looksStructured(kind, summary),
    sizeBytes: row.sizeBytes ?? 0,
    lengthUnits: kind === 'binary' ? (row.sizeBytes ?? 0) : lengthUnits,
    summary,
    createdAt: numberOr(row.createdAt, 0),
    expiresAt: expiresOf(row.expiresAt),
    actor: null,
    channel: null,
  };
}

/** The value facts of the row of id key `id` (keys.ts; cheap: no overflow walk), or undefined. */
export function findValueRow(ctx: V1Context, id: string): V1ValueRow | undefined {
  const match = idMatch(id);
  return ctx.stmt(`SELECT ${valueColumnsSql(ctx)} FROM entries WHERE ${match.sql}`).get(...match.params) as V1ValueRow | undefined;
}

/** The row of id key `id` (keys.ts), or undefined. */
export function findRow(ctx: V1Context, id: string): V1Row | undefined {
  const match = idMatch(id);
  return ctx.stmt(`SELECT ${metaColumnsSql(ctx)} FROM entries WHERE ${match.sql}`).get(...match.params) as V1Row | undefined;
}

/**
 * The rows of the turn of key `turnId` (keys.ts), by step (NULL steps last), then creation time, then id. A
 * stored turn id uses the runtime's turn index; a marked key (NULL, '' or BLOB turn ids) scans the table.
 */
export function rowsOfTurn(ctx: V1Context, turnId: string): V1Row[] {
  const where = isMarkedTurnKey(turnId) ? `${TURN_KEY_SQL} = ?` : 'turn_id = ?';
  return ctx.stmt(`SELECT ${metaColumnsSql(ctx)} FROM entries WHERE ${where} ORDER BY step_num IS NULL, step_num, created_at, id`).all(turnId) as V1Row[];
}

/** Every row (metadata only), in file order: what a search over the whole file lists. */
export function allRows(ctx: V1Context): V1Row[] {
  return ctx.stmt(`SELECT ${metaColumnsSql(ctx)} FROM entries`).all() as V1Row[];
}
