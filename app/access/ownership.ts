import type { Principal } from '../contract';

/**
 * The ownership rules of the store, as pure functions. Source: the store's isolation rule (README "The
 * library": "another owner's id behaves exactly like a missing one"): a user sees only rows it owns; the operator sees every row, including rows with no owner
 * (metnos-v1 files). Rows with no owner are invisible to users.
 */

/** True when `principal` may read (list, describe, gc, stat) a row owned by `owner` (null: no owner). */
export function canRead(principal: Principal, owner: string | null): boolean {
  if (principal.kind === 'operator') return true;
  return owner !== null && owner === principal.userId;
}

/** An owner filter for SQL: `sql` is '' (operator) or `AND <column> = @owner`; `params` binds `owner`. */
export interface OwnerFilter {
  readonly sql: string;
  readonly params: { readonly owner?: string };
}

/**
 * Builds the SQL owner filter of a principal, to append to a WHERE clause. The column name is a constant of
 * the caller (never user input); the owner is always a bound parameter.
 */
export function ownerFilter(principal: Principal, column = 'owner'): OwnerFilter {
  if (principal.kind === 'operator') return { sql: '', params: {} };
  return { sql: ` AND ${column} = @owner`, params: { owner: principal.userId } };
}

/** True when `principal` may see the list of owners and file-level figures (operator only). */
export function seesAllOwners(principal: Principal): boolean {
  return principal.kind === 'operator';
}
