import { parseEntryId, sameId } from '../ids';
import type { OwnerScope } from '../core/backend';
import type { StoreContext } from './context';
import { META_COLUMNS, META_FROM, type ObservationRow } from './rows';
import { LEGACY_ID_WHERE } from './schema';
import { scopeSql } from './scope';

/**
 * The row of `id` in `scope`, or null for a missing, a foreign and a malformed id alike (a malformed id never
 * reaches SQL). An id since schema 4 names its row number: that one row is fetched and its stored id compared
 * in constant time; a legacy 32-hex id goes through the legacy index (schema.ts). Call inside a transaction.
 */
export function findInScope(ctx: StoreContext, scope: OwnerScope, id: string): ObservationRow | null {
  const where = parseEntryId(id);
  if (where === null) return null;
  const filter = scopeSql(scope, 'o.owner');
  const row = (
    where.by === 'pk'
      ? ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE o.pk = @pk${filter.sql}`).get({ pk: where.pk, ...filter.params })
      : ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE id_key = @key AND ${LEGACY_ID_WHERE} AND id = @id${filter.sql}`).get({ key: where.key, id, ...filter.params })
  ) as ObservationRow | undefined;
  return row === undefined || !sameId(row.id, id) ? null : row;
}
