import type { EntryMeta, ListTurnsResult, Principal, TurnSummary } from '../../contract';
import { ownerFilter, seesAllOwners } from '../../access';
import { ScratchpadError } from '../types';
import { describeValue, requireName, requireObject } from '../validate';
import type { StoreContext } from './context';
import { META_COLUMNS, META_FROM, toEntryMeta, type ObservationRow } from './rows';
import { decodeCursor, encodeCursor } from './cursor';

/**
 * A turn's entries visible to `principal`, ordered by step (nulls last) then creation. Reads metadata only.
 * INVALID_ARGUMENT for a bad turn id; an unknown turn gives [].
 */
export function listForTurn(ctx: StoreContext, principal: Principal, turnId: unknown): EntryMeta[] {
  const turn = requireName(turnId, 'turnId');
  const filter = ownerFilter(principal);
  return ctx.read(() => {
    const rows = ctx
      .stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE turn_id = @turn${filter.sql} ORDER BY step_num NULLS LAST, created_at, o.pk`)
      .all({ turn, ...filter.params }) as ObservationRow[];
    const now = ctx.now();
    return rows.map((r) => toEntryMeta(r, now, ctx.options.expiringWindowSeconds));
  });
}

interface TurnRow {
  readonly turn_id: string;
  readonly entry_count: number;
  readonly total_bytes: number;
  readonly first_created: number;
  readonly last_created: number;
  readonly earliest_expires: number;
  readonly expired_count: number;
  readonly executors: string;
  readonly owners: string | null;
}

const SORT_EXPR = { lastCreated: 'max(created_at)', totalBytes: 'sum(size_bytes)' } as const;
type SortKey = keyof typeof SORT_EXPR;

/** The SQL of one listTurns variant; every piece is a constant of this file. */
function turnsSql(sort: SortKey, owners: boolean, ownerSql: string, query: boolean, cursor: boolean): string {
  const key = SORT_EXPR[sort];
  const having: string[] = [];
  if (query) having.push("(instr(lower(turn_id), @q) > 0 OR max(instr(lower(coalesce(executor_name, '')), @q) > 0))");
  if (cursor) having.push(`(${key} < @ck OR (${key} = @ck AND turn_id < @ct))`);
  return `SELECT turn_id, count(*) AS entry_count, sum(size_bytes) AS total_bytes, min(created_at) AS first_created,
      max(created_at) AS last_created, min(expires_at) AS earliest_expires, sum(expires_at <= @now) AS expired_count,
      json_group_array(DISTINCT executor_name) AS executors${owners ? ', json_group_array(DISTINCT owner) AS owners' : ', NULL AS owners'}
    FROM observations WHERE 1 = 1${ownerSql} GROUP BY turn_id
    ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}
    ORDER BY ${key} DESC, turn_id DESC LIMIT @limit`;
}

function strings(json: string | null): string[] {
  if (json === null) return [];
  return (JSON.parse(json) as (string | null)[]).filter((s): s is string => s !== null).sort();
}

/**
 * One page of turns visible to `principal`, sorted descending by last creation (default) or total bytes,
 * keyset-paginated by an opaque cursor. `query` keeps turns whose id or any executor name contains it
 * (case-insensitive for ASCII). Per turn: entry count, total bytes, first/last creation, earliest expiry,
 * expired count at the clock, executors; owners for the operator only. For the operator, rows of several
 * owners sharing a turn id are one turn listing every owner. INVALID_ARGUMENT for bad options or cursor.
 */
export function listTurns(ctx: StoreContext, principal: Principal, options: unknown): ListTurnsResult {
  const o = options === undefined ? {} : requireObject(options, 'listTurns options');
  const limit = o.limit === undefined ? 100 : o.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ScratchpadError('INVALID_ARGUMENT', `limit must be an integer from 1 to 1000, got ${describeValue(limit)}`);
  }
  const sort = o.sort === undefined ? 'lastCreated' : o.sort;
  if (sort !== 'lastCreated' && sort !== 'totalBytes') {
    throw new ScratchpadError('INVALID_ARGUMENT', `sort must be lastCreated or totalBytes, got ${describeValue(sort)}`);
  }
  if (o.query !== undefined && (typeof o.query !== 'string' || o.query.length > 256)) {
    throw new ScratchpadError('INVALID_ARGUMENT', `query must be a string of at most 256 characters, got ${describeValue(o.query)}`);
  }
  const query = typeof o.query === 'string' && o.query.length > 0 ? o.query.toLowerCase() : null;
  const cursor = o.cursor === undefined ? null : decodeCursor(o.cursor, sort);
  const filter = ownerFilter(principal);
  const withOwners = seesAllOwners(principal);
  const sql = turnsSql(sort, withOwners, filter.sql, query !== null, cursor !== null);
  return ctx.read(() => {
    const now = ctx.now();
    const params: Record<string, unknown> = { now, limit: limit + 1, ...filter.params };
    if (query !== null) params.q = query;
    if (cursor !== null) Object.assign(params, { ck: cursor.key, ct: cursor.turnId });
    const rows = ctx.stmt(sql).all(params) as TurnRow[];
    const page = rows.slice(0, limit);
    const turns: TurnSummary[] = page.map((r) => ({
      turnId: r.turn_id,
      entryCount: r.entry_count,
      totalBytes: r.total_bytes,
      firstCreatedAt: r.first_created,
      lastCreatedAt: r.last_created,
      earliestExpiresAt: r.earliest_expires,
      expiredCount: r.expired_count,
      executors: strings(r.executors),
      owners: withOwners ? strings(r.owners) : [],
    }));
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined
        ? encodeCursor(sort, sort === 'lastCreated' ? last.last_created : last.total_bytes, last.turn_id)
        : null;
    return { turns, nextCursor };
  });
}
