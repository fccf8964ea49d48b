import type { TurnPageQuery, TurnSort } from '../../core/backend';
import { turnAfterSql, turnOrderSql } from '../../turn-order-sql';
import { SCHEMA } from '../names';

/*
 * SQL of the read side whose text depends on the question (every piece a constant of this file; values are
 * bound parameters). Each filters by owner itself when the scope is one owner; RLS filters again.
 */

/** SQL of each sort key over a turn's grouped rows: the same expression as its column ($now bound by the caller). */
function sortKeySql(sort: TurnSort, nowP: string): string {
  switch (sort) {
    case 'lastCreated':
      return 'max(created_at)';
    case 'totalBytes':
      return 'sum(size_bytes)';
    case 'turnId':
      return 'turn_id';
    case 'entryCount':
      return 'count(*)';
    case 'firstCreated':
      return 'min(created_at)';
    case 'earliestExpires':
      return 'min(expires_at)';
    case 'expiredCount':
      return `count(*) FILTER (WHERE expires_at <= ${nowP})`;
  }
}

/** HAVING condition of the query (turn id or an executor name holds it; the core lowercased it), bound as `p`. */
const matchSql = (p: string) => `(strpos(lower(turn_id), ${p}) > 0 OR bool_or(strpos(lower(coalesce(executor_name, '')), ${p}) > 0))`;

/** The rows in scope, with the text columns compared bytewise (COLLATE "C"), as in SQLite and as the cursor's keyset expects. */
const rowsInScope = (where: string) => `(SELECT turn_id COLLATE "C" AS turn_id, owner COLLATE "C" AS owner, executor_name COLLATE "C" AS executor_name,
          size_bytes, created_at, expires_at FROM ${SCHEMA}.observations WHERE true${where}) o`;

/** One page of turns: `params` gets the values in order. Reads the (owner, turn_id) index, never content. */
export function turnPageSql(q: TurnPageQuery, params: unknown[], ownerSql: (column?: string) => string): string {
  params.push(q.now);
  const nowP = `$${params.length}`;
  const key = sortKeySql(q.sort, nowP);
  const where = ownerSql();
  const having: string[] = [];
  if (q.query !== null) {
    params.push(q.query);
    having.push(matchSql(`$${params.length}`));
  }
  if (q.after !== null) {
    if (q.sort !== 'turnId') params.push(q.after.key);
    const ck = `$${params.length}`;
    params.push(q.after.turnId);
    having.push(turnAfterSql(key, 'turn_id', q.direction, ck, `$${params.length}`));
  }
  params.push(q.limit);
  const owners = q.scope.kind === 'all' ? 'array_agg(DISTINCT owner ORDER BY owner)' : "'{}'::text[]";
  return `SELECT turn_id, count(*) AS entry_count, sum(size_bytes) AS total_bytes, min(created_at) AS first_created,
      max(created_at) AS last_created, min(expires_at) AS earliest_expires, count(*) FILTER (WHERE expires_at <= ${nowP}) AS expired_count,
      coalesce(array_agg(DISTINCT executor_name ORDER BY executor_name) FILTER (WHERE executor_name IS NOT NULL), '{}') AS executors,
      ${owners} AS owners
    FROM ${rowsInScope(where)}
    GROUP BY turn_id ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}
    ORDER BY ${turnOrderSql(key, 'turn_id', q.direction)} LIMIT $${params.length}`;
}

/** How many turns in scope match `query` (null: all): `params` gets the values in order. */
export function turnCountSql(query: string | null, params: unknown[], ownerSql: (column?: string) => string): string {
  const where = ownerSql();
  if (query === null) return `SELECT count(DISTINCT turn_id) AS n FROM ${SCHEMA}.observations WHERE true${where}`;
  params.push(query);
  return `SELECT count(*) AS n FROM (SELECT turn_id FROM ${rowsInScope(where)} GROUP BY turn_id HAVING ${matchSql(`$${params.length}`)}) AS m`;
}

/** Read log columns joined with their observation (as `o`). */
export const LOG_SELECT = `SELECT o.id, o.turn_id, r.principal, r.mode, r.unit, r.start_unit, r.end_unit, r.truncated, r.at
  FROM ${SCHEMA}.read_log r JOIN ${SCHEMA}.observations o ON o.pk = r.entry_pk`;
