import type { OwnerScope } from '../core/backend';

/**
 * The SQL of an owner scope, to append to a WHERE clause: '' (all owners) or ` AND <column> = @owner` with
 * `owner` bound. The column is a constant of the caller, never input.
 */
export function scopeSql(scope: OwnerScope, column = 'owner'): { readonly sql: string; readonly params: { readonly owner?: string } } {
  return scope.kind === 'all' ? { sql: '', params: {} } : { sql: ` AND ${column} = @owner`, params: { owner: scope.owner } };
}
