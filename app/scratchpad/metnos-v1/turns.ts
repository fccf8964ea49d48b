import { ListTurnsOptionsSchema, type ListTurnsOptions, type ListTurnsResult, type TurnSummary } from '../../contract';
import { ScratchpadError } from '../types';
import type { V1Context } from './context';

/** Default page size of listTurns. */
export const DEFAULT_TURNS_PAGE = 100;

type Sort = NonNullable<ListTurnsOptions['sort']>;

/** Position after the last turn of a page: the sort key's value and the turn id (ties broken by turn id). */
interface Cursor {
  readonly sort: Sort;
  readonly key: number;
  readonly turnId: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.turnId]), 'utf8').toString('base64url');
}

function decodeCursor(text: string, sort: Sort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || typeof parsed[1] !== 'number' || typeof parsed[2] !== 'string') {
    throw new ScratchpadError('INVALID_ARGUMENT', 'cursor is not one this store returned');
  }
  if (parsed[0] !== sort) throw new ScratchpadError('INVALID_ARGUMENT', `cursor was made for sort "${String(parsed[0])}", not "${sort}"`);
  return { sort, key: parsed[1], turnId: parsed[2] };
}

function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Validated listTurns options with defaults; INVALID_ARGUMENT for bad options or a cursor of another sort. */
export function parseListTurnsOptions(options: ListTurnsOptions | undefined): { limit: number; after: Cursor | undefined; query: string | undefined; sort: Sort } {
  const parsed = ListTurnsOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) throw new ScratchpadError('INVALID_ARGUMENT', `bad listTurns options: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const { limit = DEFAULT_TURNS_PAGE, cursor, query, sort = 'lastCreated' } = parsed.data;
  return { limit, after: cursor ? decodeCursor(cursor, sort) : undefined, query, sort };
}

interface TurnRow {
  turnId: string;
  entryCount: number;
  totalBytes: number;
  firstCreatedAt: number;
  lastCreatedAt: number;
  earliestExpiresAt: number;
  expiredCount: number;
  executors: string;
}

/**
 * One page of turns (operator's view: every row), most recent last creation first (`lastCreated`) or largest
 * first (`totalBytes`), ties by turn id descending. `query` keeps the turns whose id or any executor name contains
 * it (case-insensitive for ASCII); their figures still cover all their rows. The cursor is opaque (keyset: stable
 * while rows are added). INVALID_ARGUMENT for bad options or a cursor from another sort.
 */
export function listV1Turns(ctx: V1Context, options: ListTurnsOptions | undefined, now: number): ListTurnsResult {
  const { limit, after, query, sort } = parseListTurnsOptions(options);
  const keySql = sort === 'lastCreated' ? 'max(created_at)' : `sum(${ctx.bytesSql})`;
  const where = query ? "WHERE turn_id IN (SELECT turn_id FROM entries WHERE turn_id LIKE @q ESCAPE '\\' OR executor_name LIKE @q ESCAPE '\\')" : '';
  const having = after ? `HAVING ${keySql} < @key OR (${keySql} = @key AND turn_id < @turnId)` : '';
  const sql = `SELECT turn_id AS turnId, count(*) AS entryCount, coalesce(sum(${ctx.bytesSql}), 0) AS totalBytes,
      min(created_at) AS firstCreatedAt, max(created_at) AS lastCreatedAt, min(expires_at) AS earliestExpiresAt,
      sum(expires_at <= @now) AS expiredCount, json_group_array(DISTINCT executor_name) AS executors
    FROM entries ${where} GROUP BY turn_id ${having}
    ORDER BY ${keySql} DESC, turn_id DESC LIMIT @limit`;
  const params: Record<string, unknown> = { now, limit: limit + 1 };
  if (query) params.q = likePattern(query);
  if (after) Object.assign(params, { key: after.key, turnId: after.turnId });
  const rows = ctx.stmt(sql).all(params) as TurnRow[];
  const page = rows.slice(0, limit);
  const turns: TurnSummary[] = page.map((r) => ({
    turnId: r.turnId,
    entryCount: r.entryCount,
    totalBytes: r.totalBytes,
    firstCreatedAt: r.firstCreatedAt,
    lastCreatedAt: r.lastCreatedAt,
    earliestExpiresAt: r.earliestExpiresAt,
    expiredCount: r.expiredCount,
    executors: (JSON.parse(r.executors) as unknown[]).filter((e): e is string => typeof e === 'string').sort(),
    owners: [],
  }));
  const last = turns[turns.length - 1];
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ sort, key: sort === 'lastCreated' ? last.lastCreatedAt : last.totalBytes, turnId: last.turnId }) : null;
  return { turns, nextCursor };
}
