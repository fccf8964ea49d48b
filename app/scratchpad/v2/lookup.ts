import type { Principal } from '../../contract';
import { ownerFilter } from '../../access';
import { idKey, isEntryId, notFoundMessage } from '../ids';
import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import { META_COLUMNS, META_FROM, type ObservationRow } from './rows';

/**
 * The row of `id` if `principal` may see it; NOT_FOUND otherwise, with one message for a missing, a
 * foreign and a malformed id (a malformed id never reaches SQL). Call inside a transaction.
 */
export function findVisible(ctx: StoreContext, principal: Principal, id: unknown): ObservationRow {
  if (!isEntryId(id)) throw new ScratchpadError('NOT_FOUND', notFoundMessage(id));
  const filter = ownerFilter(principal);
  const row = ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE id_key = @key AND id = @id${filter.sql}`).get({ key: idKey(id), id, ...filter.params }) as
    | ObservationRow
    | undefined;
  if (row === undefined) throw new ScratchpadError('NOT_FOUND', notFoundMessage(id));
  return row;
}
