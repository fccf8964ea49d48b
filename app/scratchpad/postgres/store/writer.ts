import type { SyntheticHandle } from '../../../contract';
import type { BackendWriter, NewObservation } from '../../core/backend';
import { buildHandle, refHint } from '../../handle';
import { detectType, MAGIC_PREFIX_BYTES } from '../../magic';
import { summarizeBinary, summarizeStructured, summarizeText } from '../../summary';
import { encodeBinary, encodeText, type EncodedContent } from '../../core/encode';
import { packHandle } from '../../core/stored-handle';
import type { ChunkLayout } from '../../core/chunk-layout';
import { formatNotice } from '../data/notify';
import { putObservationRow } from '../data/put';
import { insertRead } from '../data/readlog';
import { SCHEMA } from '../names';
import { inTransaction, type PgTarget } from '../transaction';
import { gcInBatches } from './gc';
import { findEntry } from './reader';
import { createScratchPool } from './scratch';
import { bindingOf, ownerCondition } from './rows';

/** An id of the right shape, for the handle built before the server assigns the real one (packHandle drops it). */
const PLACEHOLDER_ID = '0'.repeat(44);

/**
 * The write side over PostgreSQL (core/backend.ts): each method one transaction (gc: one per batch, each whole)
 * bound to the owner or the operator view, the owner also in the SQL. Times are the core's (the store's clock),
 * never the server's now(). Commits send change notices (put/gc/ttl) for live refresh.
 */
export function createPgWriter(target: PgTarget, layout: ChunkLayout): BackendWriter {
  const scratches = createScratchPool();
  /** The row of `row` with its content already encoded as `enc` (bytes, chunk cuts, sha256), written in one put. */
  async function insertEncoded(row: NewObservation, enc: EncodedContent): Promise<SyntheticHandle> {
    const obs = row.observation;
    const chunkUnits = obs.kind === 'text' ? layout.textChunkCodePoints : layout.binaryChunkBytes;
    const summary =
      obs.kind === 'binary'
        ? summarizeBinary(enc.bytes.length, enc.sha256)
        : obs.structured
          ? summarizeStructured(obs.value)
          : summarizeText(obs.text, enc.lengthUnits);
    const detectedType = obs.kind === 'binary' ? detectType(enc.bytes.subarray(0, MAGIC_PREFIX_BYTES)) : null;
    // The handle's stored part does not depend on the id (packHandle drops it): built once, the id filled in after.
    const draft = buildHandle({ id: PLACEHOLDER_ID, stepNum: row.stepNum, sizeBytes: enc.bytes.length, kind: obs.kind, summary, source: obs.source });
    const { id } = await putObservationRow(
      target,
      { owner: row.owner, operator: false },
      {
        owner: row.owner,
        turnId: row.turnId,
        stepNum: row.stepNum,
        executorName: row.executorName,
        kind: obs.kind,
        structured: obs.structured,
        chunkUnits,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
        actor: row.actor,
        channel: row.channel,
        detectedType,
        summary,
        handle: packHandle(draft),
      },
      enc,
    );
    const listField = typeof draft.list_field === 'string' ? draft.list_field : null;
    return { ...draft, scratchpad_id: id, ref_hint: refHint(id, row.stepNum, listField) };
  }

  return {
    async insert(row: NewObservation): Promise<SyntheticHandle> {
      const obs = row.observation;
      // The text's bytes are a view into `scratch` until the write below has settled (scratch.ts).
      const scratch = obs.kind === 'text' ? scratches.borrow(obs.text.length) : undefined;
      try {
        return await insertEncoded(
          row,
          obs.kind === 'text' ? encodeText(obs.text, layout.textChunkCodePoints, scratch) : encodeBinary(obs.bytes, layout.binaryChunkBytes),
        );
      } finally {
        scratches.giveBack(scratch);
      }
    },
    deleteExpired: (scope, now) => gcInBatches(target, scope, now),
    async setExpiry(scope, t, expiresAt) {
      return inTransaction(
        target,
        bindingOf(scope),
        { operation: 'write', notify: (n: number) => (n > 0 ? formatNotice({ kind: 'ttl', count: n }) : null) },
        async (c) => {
          const params: unknown[] = [expiresAt];
          if ('entryId' in t) {
            const found = await findEntry(c, scope, t.entryId);
            if (found === null) return 0;
            params.push(found.row.pk);
            return (await c.query(`UPDATE ${SCHEMA}.observations SET expires_at = $1 WHERE pk = $2${ownerCondition(scope, params)}`, params)).rowCount ?? 0;
          }
          params.push(t.turnId);
          return (await c.query(`UPDATE ${SCHEMA}.observations SET expires_at = $1 WHERE turn_id = $2${ownerCondition(scope, params)}`, params)).rowCount ?? 0;
        },
      );
    },
    async appendReadLog(scope, r) {
      return inTransaction(target, bindingOf(scope), { operation: 'write' }, async (c) => {
        const found = await findEntry(c, scope, r.entryId);
        if (found === null) return false;
        await insertRead(c, {
          entryPk: found.row.pk,
          owner: found.record.owner as string,
          principal: r.principal,
          mode: r.mode,
          unit: found.row.kind === 'text' ? 'code_points' : 'bytes',
          start: r.start,
          end: r.end,
          truncated: r.truncated,
          at: r.at,
        });
        return true;
      });
    },
  };
}
