import { ID_RANDOM_HEX, legacyIdKey, parseEntryId, sameId } from '../ids';
import type { OwnerScope } from '../core/backend';
import type { StoreContext } from './context';
import { META_COLUMNS, META_FROM, type ObservationRow } from './rows';
import { LEGACY_ID_WHERE } from './schema';
import { scopeSql } from './scope';

/**
 * The row of `id` in `scope`, or null for a missing, a foreign and a malformed id alike (a malformed id never
 * reaches SQL). An id since schema 4 names its row number: that one row is fetched and its stored id compared
 * in constant time; a legacy 32-hex id goes through the legacy index (schema.ts). Call inside a transaction.
 * CORRUPT when the file has no id key.
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
  // The suffix hides the row number under a pad of the id's random part (id-cipher.ts): that one row. Ids written
  // before migration 9 (suffix a plain or Feistel-permuted row number) are found through the legacy index by
  // their first 13 hex digits. Only a row whose whole stored id equals the asked id answers.
  const pk = ctx.idCipher().open(Buffer.from(id.slice(0, ID_RANDOM_HEX), 'hex'), where.pk);
  const rows = ctx
    .stmt(
      `SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE o.pk = @pk${filter.sql}
      UNION ALL SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE id_key = @key AND ${LEGACY_ID_WHERE} AND id = @id${filter.sql}`,
    )
    .all({ pk, key: legacyIdKey(id), id, ...filter.params }) as ObservationRow[];
  return rows.find((row) => sameId(row.id, id)) ?? null;
}
