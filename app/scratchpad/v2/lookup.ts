import type { Principal } from '../../contract';
import { ownerFilter } from '../../access';
import { notFoundMessage, parseEntryId, sameId } from '../ids';
import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import { META_COLUMNS, META_FROM, type ObservationRow } from './rows';
import { LEGACY_ID_WHERE } from './schema';

/**
 * The row of `id` if `principal` may see it; NOT_FOUND otherwise, with one message for a missing, a
 * foreign and a malformed id (a malformed id never reaches SQL). An id since schema 4 names its row number: that
 * one row is fetched and its stored id compared in constant time; a legacy 32-hex id goes through the legacy
 * index (schema.ts). Call inside a transaction.
 */
export function findVisible(ctx: StoreContext, principal: Principal, id: unknown): ObservationRow {
  const where = parseEntryId(id);
  if (where === null) throw new ScratchpadError('NOT_FOUND', notFoundMessage(id));
  const asked = id as string;
  const filter = ownerFilter(principal);
  const row = (
    where.by === 'pk'
      ? ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE o.pk = @pk${filter.sql}`).get({ pk: where.pk, ...filter.params })
      : ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE id_key = @key AND ${LEGACY_ID_WHERE} AND id = @id${filter.sql}`).get({ key: where.key, id: asked, ...filter.params })
  ) as ObservationRow | undefined;
  if (row === undefined || !sameId(row.id, asked)) throw new ScratchpadError('NOT_FOUND', notFoundMessage(id));
  return row;
}
