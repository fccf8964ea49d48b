import type { SortDirection } from '../contract';

/*
 * The ORDER BY and keyset condition of a turn page, for every SQL backend alike: sort value then turn id, both
 * in the page's direction. `key` and `turnId` are SQL expressions that are constants of the caller (never input);
 * the cursor's values are bound parameters, named @ck (sort value) and @ct (turn id) unless the caller names them
 * (PostgreSQL's $n).
 */

/** `ORDER BY` clause body: `<key> ASC, <turnId> ASC` (or DESC). */
export function turnOrderSql(key: string, turnId: string, direction: SortDirection): string {
  const d = direction === 'asc' ? 'ASC' : 'DESC';
  return key === turnId ? `${turnId} ${d}` : `${key} ${d}, ${turnId} ${d}`;
}

/** The keyset condition "strictly after (ck, ct) in this order" (for the turnId sort, after ct alone). */
export function turnAfterSql(key: string, turnId: string, direction: SortDirection, ck = '@ck', ct = '@ct'): string {
  const op = direction === 'asc' ? '>' : '<';
  return key === turnId ? `${turnId} ${op} ${ct}` : `(${key} ${op} ${ck} OR (${key} = ${ck} AND ${turnId} ${op} ${ct}))`;
}
