import type { Principal, SyntheticHandle } from '../../contract';
import { requireUser } from '../../access';
import { buildHandle } from '../handle';
import { newEntryId } from '../ids';
import { detectType, MAGIC_PREFIX_BYTES } from '../magic';
import { normalizeObservation } from '../observation';
import { DEFAULT_TTL_SECONDS } from '../options';
import { summarizeBinary, summarizeStructured, summarizeText } from '../summary';
import { ScratchpadError } from '../types';
import { optionalName, requireCount, requireFinite, requireName, requireObject } from '../validate';
import type { StoreContext } from './context';
import { encodeBinary, encodeText } from './encode';
import { CHUNK_KEY_SPAN, NO_LEGACY_KEY } from './schema';
import { packHandle } from './stored-handle';

const INSERT_OBSERVATION = `INSERT INTO observations
  (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units, chunk_units,
   created_at, expires_at, actor, channel, detected_type, sha256, handle)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/** The next row number: rows are appended (max + 1, read inside the write transaction), and the id names it. */
const NEXT_PK = 'SELECT coalesce(max(pk), 0) + 1 FROM observations';
const INSERT_CHUNK = 'INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, ?, ?, ?)';
const EMPTY = Buffer.alloc(0);

/**
 * Where short texts are UTF-8 encoded (256 KiB: texts up to 87,381 UTF-16 units): no allocation per put. Safe
 * because a put is synchronous and SQLite copies bound blobs; the bytes are not used after the put returns.
 */
const SCRATCH = Buffer.allocUnsafe(262_144);

/**
 * Stores one observation for the user `principal` in one transaction and returns its synthetic handle.
 * Input as {@link PutInput}: turnId (1-256 chars), stepNum (integer >= 0 or null), executorName/actor/channel
 * (1-256 chars or null), ttlSeconds (finite seconds, default 3,600; negative: born expired).
 * INVALID_ARGUMENT for bad input or the operator; READ_ONLY on a read-only store. Nothing is written on error.
 */
export function putObservation(ctx: StoreContext, principal: Principal, input: unknown): SyntheticHandle {
  const owner = requireUser(principal, 'put observations');
  const i = requireObject(input, 'put input');
  const turnId = requireName(i.turnId, 'turnId');
  const stepNum = i.stepNum === null || i.stepNum === undefined ? null : requireCount(i.stepNum, 'stepNum');
  const executorName = optionalName(i.executorName, 'executorName');
  const ttlSeconds = i.ttlSeconds === undefined ? DEFAULT_TTL_SECONDS : requireFinite(i.ttlSeconds, 'ttlSeconds');
  const actor = optionalName(i.actor, 'actor');
  const channel = optionalName(i.channel, 'channel');
  if (ctx.options.readonly) throw new ScratchpadError('READ_ONLY', `${ctx.path}: opened read-only`);

  const obs = normalizeObservation(i.observation);
  const chunkUnits = obs.kind === 'text' ? ctx.layout.textChunkCodePoints : ctx.layout.binaryChunkBytes;
  const enc = obs.kind === 'text' ? encodeText(obs.text, chunkUnits, SCRATCH) : encodeBinary(obs.bytes, chunkUnits);
  const chunkCount = enc.byteOffsets.length - 1;
  if (chunkCount > CHUNK_KEY_SPAN) throw new ScratchpadError('TOO_LARGE', `observation too large: ${enc.bytes.length} bytes`);
  const summary =
    obs.kind === 'binary'
      ? summarizeBinary(enc.bytes.length, enc.sha256)
      : obs.structured
        ? summarizeStructured(obs.value)
        : summarizeText(obs.text, enc.lengthUnits);
  const createdAt = ctx.now();
  const detectedType = obs.kind === 'binary' ? detectType(enc.bytes.subarray(0, MAGIC_PREFIX_BYTES)) : null;
  return ctx.write(() => {
    const pk = ctx.stmt(NEXT_PK).pluck().get() as number;
    const id = newEntryId(pk);
    const handle = buildHandle({ id, stepNum, sizeBytes: enc.bytes.length, kind: obs.kind, summary, source: obs.source });
    // In the column order of INSERT_OBSERVATION (positional: cheaper to bind than 19 named parameters).
    ctx.stmt(INSERT_OBSERVATION).run(
      pk, id, NO_LEGACY_KEY, owner, turnId, stepNum, executorName, obs.kind, obs.structured ? 1 : 0,
      enc.bytes.length, enc.lengthUnits, chunkUnits, createdAt, createdAt + ttlSeconds,
      actor, channel, detectedType, enc.sha256, packHandle(handle),
    );
    const insertChunk = ctx.stmt(INSERT_CHUNK);
    // Chunk 0 carries the summary (schema.ts); an empty observation still gets an (empty) chunk 0 for it.
    for (let seq = 0; seq < Math.max(1, chunkCount); seq++) {
      const from = enc.byteOffsets[seq] ?? 0;
      const to = enc.byteOffsets[seq + 1] ?? from;
      const data = to > from ? enc.bytes.subarray(from, to) : EMPTY;
      const changes = insertChunk.run(pk * CHUNK_KEY_SPAN + seq, seq === 0 ? summary : null, from, seq * chunkUnits, enc.cpIndexes?.[seq] ?? null, data).changes;
      if (changes !== 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: chunk ${seq} of ${id} was not written`);
    }
    return handle;
  });
}
