import type { Binding } from '../binding';
import { SCHEMA } from '../names';
import { DEFAULT_ATTEMPTS, inTransaction, queryOnce, type PgTarget } from '../transaction';
import { insertObservation, type ChunkedContent, type ObservationInsert } from './insert';
import { countNewlines } from './newlines';
import { formatNotice } from './notify';
import { randomIdHex } from './random-id';

const PUT_ONE_CHUNK = `SELECT ${SCHEMA}.put_one_chunk($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) AS pk`;

/**
 * One whole put, bound to `binding` (its owner must be meta.owner, or RLS refuses the row); nothing is written on
 * error, errors come out mapped (errors.ts), and `put:<pk>` goes out on the change channel only if it commits.
 * An observation of one chunk (text up to 32,768 code points, binary up to 64 KiB: most puts) is one call of
 * scratchpad.put_one_chunk in its own implicit transaction: one round trip, as the raw floor (a serialization
 * failure or deadlock rolled the whole statement back, so it is tried again, as a transaction is). Larger ones take a
 * transaction (transaction.ts: retried on serialization failures and deadlocks) of 3 + chunks/16 round trips.
 */
export async function putObservationRow(
  target: PgTarget,
  binding: Binding,
  meta: ObservationInsert,
  content: ChunkedContent,
): Promise<{ pk: number; id: string }> {
  if (content.byteOffsets.length > 2 || binding.operator || binding.owner !== meta.owner) {
    return inTransaction(target, binding, { operation: 'write', notify: (v: { pk: number }) => formatNotice({ kind: 'put', count: v.pk }) }, (c) =>
      insertObservation(c, meta, content),
    );
  }
  const random = randomIdHex();
  // The encoder counted a text's newlines in its one pass; a binary's are counted here.
  const newlines = content.newlines?.length === 1 ? content.newlines[0]! : countNewlines(content.bytes);
  const res = await queryOnce<{ pk: string }>(
    target,
    'write',
    {
      name: 'scratchpad_put_one_chunk',
      text: PUT_ONE_CHUNK,
      values: [
        meta.owner,
        random,
        meta.turnId,
        meta.stepNum,
        meta.executorName,
        meta.kind,
        meta.structured,
        content.bytes.length,
        content.lengthUnits,
        meta.chunkUnits,
        newlines,
        meta.createdAt,
        meta.expiresAt,
        meta.actor,
        meta.channel,
        meta.detectedType,
        content.sha256,
        meta.summary,
        meta.handle,
        content.cpIndexes?.[0] ?? null,
        content.bytes,
      ],
    },
    DEFAULT_ATTEMPTS,
  );
  const pk = Number(res.rows[0]!.pk);
  return { pk, id: random + pk.toString(16).padStart(12, '0') };
}
