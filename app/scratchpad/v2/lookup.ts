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
  if (where.by === 'legacy') {
    const row = ctx
      .stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE id_key = @key AND ${LEGACY_ID_WHERE} AND id = @id${filter.sql}`)
      .get({ key: where.key, id, ...filter.params }) as ObservationRow | undefined;
    return row === undefined || !sameId(row.id, id) ? null : row;
  }
  // The suffix is the encrypted row number (since migration 5) or the plain one (ids written before): the two
  // candidate rows in one statement; only the one whose whole stored id equals the asked id answers.
  const cipher = ctx.idCipher();
  const sealed = cipher === null ? where.pk : cipher.decrypt(where.pk);
  const rows = ctx
    .stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE o.pk IN (@sealed, @plain)${filter.sql}`)
    .all({ sealed, plain: where.pk, ...filter.params }) as ObservationRow[];
  return rows.find((row) => sameId(row.id, id)) ?? null;
}
