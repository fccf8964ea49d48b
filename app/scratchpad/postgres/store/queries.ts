import type { TurnPageQuery } from '../../core/backend';
import { SCHEMA } from '../names';

/*
 * SQL of the read side whose text depends on the question (every piece a constant of this file; values are
 * bound parameters). Each filters by owner itself when the scope is one owner; RLS filters again.
 */

const SORT_EXPR = { lastCreated: 'max(created_at)', totalBytes: 'sum(size_bytes)' } as const;

/** One page of turns: `params` gets the values in order. Reads the (owner, turn_id) index, never content. */
export function turnPageSql(q: TurnPageQuery, params: unknown[], ownerSql: (column?: string) => string): string {
  const key = SORT_EXPR[q.sort];
  params.push(q.now);
  const nowP = `$${params.length}`;
  const where = ownerSql();
  const having: string[] = [];
  if (q.query !== null) {
    params.push(q.query);
    const p = `$${params.length}`;
    having.push(`(strpos(lower(turn_id), ${p}) > 0 OR bool_or(strpos(lower(coalesce(executor_name, '')), ${p}) > 0))`);
  }
  if (q.after !== null) {
    params.push(q.after.key, q.after.turnId);
    const k = `$${params.length - 1}`;
    const t = `$${params.length}`;
    having.push(`(${key} < ${k} OR (${key} = ${k} AND turn_id < ${t}))`);
  }
  params.push(q.limit);
  const owners = q.scope.kind === 'all' ? 'array_agg(DISTINCT owner ORDER BY owner)' : "'{}'::text[]";
  // COLLATE "C": turn ids compare bytewise, as in SQLite (and as the cursor's keyset expects).
  return `SELECT turn_id, count(*) AS entry_count, sum(size_bytes) AS total_bytes, min(created_at) AS first_created,
      max(created_at) AS last_created, min(expires_at) AS earliest_expires, count(*) FILTER (WHERE expires_at <= ${nowP}) AS expired_count,
      coalesce(array_agg(DISTINCT executor_name ORDER BY executor_name) FILTER (WHERE executor_name IS NOT NULL), '{}') AS executors,
      ${owners} AS owners
    FROM (SELECT turn_id COLLATE "C" AS turn_id, owner COLLATE "C" AS owner, executor_name COLLATE "C" AS executor_name, size_bytes, created_at, expires_at
          FROM ${SCHEMA}.observations WHERE true${where}) o
    GROUP BY turn_id ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}
    ORDER BY ${key} DESC, turn_id DESC LIMIT $${params.length}`;
}

/** Read log columns joined with their observation (as `o`). */
export const LOG_SELECT = `SELECT o.id, o.turn_id, r.principal, r.mode, r.unit, r.start_unit, r.end_unit, r.truncated, r.at
  FROM ${SCHEMA}.read_log r JOIN ${SCHEMA}.observations o ON o.pk = r.entry_pk`;
