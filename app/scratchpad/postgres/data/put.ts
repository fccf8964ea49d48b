import type { Binding } from '../binding';
import { inTransaction, type PgTarget } from '../transaction';
import { insertObservation, type ChunkedContent, type ObservationInsert } from './insert';
import { formatNotice } from './notify';

/**
 * One whole put: a transaction bound to `binding` (its owner must be meta.owner, or RLS refuses the row) that
 * inserts the metadata and every chunk, and sends `put:<pk>` on the change channel with the COMMIT (the same
 * round trip). Three round trips for an observation of up to 16 chunks. Nothing is written on error; errors
 * come out mapped (transaction.ts), serialization failures and deadlocks retried.
 */
export function putObservationRow(target: PgTarget, binding: Binding, meta: ObservationInsert, content: ChunkedContent): Promise<{ pk: number; id: string }> {
  return inTransaction(target, binding, { operation: 'write', notify: (v: { pk: number }) => formatNotice({ kind: 'put', count: v.pk }) }, (c) =>
    insertObservation(c, meta, content),
  );
}
