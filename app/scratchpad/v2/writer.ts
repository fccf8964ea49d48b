import type Database from 'better-sqlite3';
import type { SyntheticHandle } from '../../contract';
import type { BackendWriter, NewObservation } from '../core/backend';
import { buildHandle, refHint } from '../handle';
import { sealedEntryId } from '../ids';
import { xor48, type IdDraw } from './id-cipher';
import { detectType, MAGIC_PREFIX_BYTES } from '../magic';
import { SUMMARY_EDGE, SUMMARY_WHOLE_LIMIT, summarizeBinary, summarizeStructured, summarizeTextAt } from '../summary';
import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import { encodeBinary, encodeText, textCuts, type EncodedContent } from '../core/encode';
import { findInScope } from './lookup';
import { CHUNK_KEY_SPAN, NO_LEGACY_KEY } from './schema';
import { scopeSql } from './scope';
import { packHandle } from '../core/stored-handle';
import { recomputeTurn } from './turn-totals';
import { deleteExpiredRows } from './gc';
import { splitInlineText } from './inline-text';

/**
 * Row numbers stop below 2^48: an id's suffix is 12 hex digits (chunk keys cap them lower still, CHUNK_KEY_SPAN).
 * Past it the id is NULL and the NOT NULL constraint fails the statement: nothing written. (A WHERE on the
 * numbering subquery would cost a scan: SQLite then no longer reads max(pk) from the end of the table.)
 */
const PK_LIMIT = 2 ** 48;

/**
 * The row, numbered in the same statement: its row number is the last one + 1 (read under the statement's write
 * lock, so two writers never take the same), its id made from it in SQL: the drawn random part, then the row
 * number XOR the drawn pad as 12 lowercase hex digits (`(a | b) - (a & b)` is XOR for non-negative integers),
 * the text {@link sealedEntryId} makes in JavaScript from `lastInsertRowid`. No JavaScript function is called
 * from the statement and no row is returned (RETURNING made SQLite buffer the row and better-sqlite3 build it).
 * Dense row numbers are safe to reuse after gc: an id hides its row number under a pad drawn from its own
 * random part (id-cipher.ts). The trigger of migration 10 adds the row to its turn's aggregates (turn-totals.ts).
 */
const INSERT_OBSERVATION = `INSERT INTO observations
  (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units, chunk_units,
   created_at, expires_at, actor, channel, detected_type, sha256, handle, newlines, summary, cp_index, data)
  SELECT next.pk, CASE WHEN next.pk < ${PK_LIMIT} THEN ? || printf('%012x', (next.pk | ?) - (next.pk & ?)) END,
    ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
  FROM (SELECT coalesce(max(pk), 0) + 1 AS pk FROM observations) AS next`;

const INSERT_CHUNK = 'INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, ?, ?, ?)';
const INSERT_LINES = 'INSERT INTO chunk_lines (key, newlines) VALUES (?, ?)';

/**
 * Where short texts are UTF-8 encoded (256 KiB: texts up to 87,381 UTF-16 units): no allocation per put. Safe
 * because the encoding and the insert run synchronously and SQLite copies bound blobs.
 */
const SCRATCH = Buffer.allocUnsafe(262_144);

/** The chunks of content longer than one chunk (with their `\n` counts, `lineCounts`); chunk 0 carries the summary. */
function insertChunks(
  ctx: StoreContext,
  pk: number,
  id: string,
  enc: EncodedContent,
  chunkUnits: number,
  summary: string,
  lineCounts: readonly number[] | null,
): void {
  const insertChunk = ctx.stmt(INSERT_CHUNK);
  const insertLines = lineCounts === null ? null : ctx.stmt(INSERT_LINES);
  for (let seq = 0; seq < enc.byteOffsets.length - 1; seq++) {
    const from = enc.byteOffsets[seq]!;
    const to = enc.byteOffsets[seq + 1]!;
    const key = pk * CHUNK_KEY_SPAN + seq;
    const changes = insertChunk.run(
      key,
      seq === 0 ? summary : null,
      from,
      seq * chunkUnits,
      enc.cpIndexes?.[seq] ?? null,
      enc.bytes.subarray(from, to),
    ).changes;
    if (changes !== 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: chunk ${seq} of ${id} was not written`);
    insertLines?.run(key, lineCounts![seq]);
  }
}

/**
 * Runs {@link INSERT_OBSERVATION} with its values; the new row's number and id. A module function, not a closure
 * made per put (a closure costs an allocation, and a name definition under the test and bench transform).
 */
function insertRow(ctx: StoreContext, values: readonly unknown[], draw: IdDraw): { pk: number; id: string } {
  // run() of a statement returning no row steps it to its end (SQLITE_DONE), where SQLite runs the WAL hook (the
  // auto-checkpoint); a RETURNING statement read with get() was reset before, so the WAL grew without bound
  // (115 MB after 4,000 puts, then 700 ms on the first read; v2-wal-checkpoint.test.ts).
  let info: Database.RunResult;
  try {
    info = ctx.stmt(INSERT_OBSERVATION).run(values);
  } catch (err) {
    if ((err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_NOTNULL' && String((err as Error).message).endsWith('observations.id')) {
      throw new ScratchpadError('TOO_LARGE', `${ctx.path}: no row number left below 2^48 for a new observation`);
    }
    throw err;
  }
  if (info.changes !== 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: the observation was not written`);
  // The observations row's rowid: inserts made by a trigger do not change it once the trigger has ended.
  const pk = Number(info.lastInsertRowid);
  return { pk, id: sealedEntryId(draw.randomHex, xor48(pk, draw.pad)) };
}

/** The summary of a plain text, cut where its UTF-8 bytes say (no second walk over its UTF-16 units). */
function textSummary(text: string, enc: EncodedContent, chunkUnits: number): string {
  if (enc.lengthUnits <= SUMMARY_WHOLE_LIMIT) return summarizeTextAt(text, enc.lengthUnits, 0, 0);
  const cuts = textCuts(text, enc, chunkUnits, SUMMARY_EDGE);
  return summarizeTextAt(text, enc.lengthUnits, cuts.head, cuts.tail);
}

/**
 * Encodes and inserts one observation atomically; returns its handle. Content of at most one chunk (most
 * observations; schema 10) is written inline: its summary, cp_index and bytes at the end of its observations
 * row (a plain text's bytes without those its summary holds, schema 11), so the put is one INSERT in autocommit that writes the row (leaf and overflow pages), its turn index
 * entry and, by trigger, its turn's aggregates. Longer content goes to `chunks` (the summary with chunk 0)
 * and `chunk_lines` in the same write transaction, and the row's summary, cp_index and data stay NULL.
 * TOO_LARGE beyond 2^20 chunks; SQLite errors mapped (BUSY after the busy timeout), nothing written then.
 */
function insertObservation(ctx: StoreContext, row: NewObservation): SyntheticHandle {
  const obs = row.observation;
  const chunkUnits = obs.kind === 'text' ? ctx.layout.textChunkCodePoints : ctx.layout.binaryChunkBytes;
  const enc = obs.kind === 'text' ? encodeText(obs.text, chunkUnits, SCRATCH) : encodeBinary(obs.bytes, chunkUnits);
  const chunkCount = enc.byteOffsets.length - 1;
  if (chunkCount > CHUNK_KEY_SPAN) throw new ScratchpadError('TOO_LARGE', `observation too large: ${enc.bytes.length} bytes`);
  const inline = chunkCount <= 1;
  // A plain text of one chunk stores only what its summary does not hold (inline-text.ts); its summary comes
  // from its bytes, so the two always fit together.
  const split = inline && obs.kind === 'text' && !obs.structured ? splitInlineText(enc, chunkUnits) : null;
  const summary =
    split !== null
      ? split.summary
      : obs.kind === 'binary'
        ? summarizeBinary(enc.bytes.length, enc.sha256)
        : obs.structured
          ? summarizeStructured(obs.value)
          : textSummary(obs.text, enc, chunkUnits);
  const detectedType = obs.kind === 'binary' ? detectType(enc.bytes.subarray(0, MAGIC_PREFIX_BYTES)) : null;
  // `\n` counts of a text (from the encoding pass): the whole text's in its row; per chunk in chunk_lines for a
  // text of two or more chunks.
  const chunkLines = enc.newlines;
  let newlines: number | null = null;
  if (chunkLines !== null) {
    newlines = 0;
    for (const n of chunkLines) newlines += n;
  }
  // The handle's stored part does not depend on the id: built once, the id filled in after the insert.
  const draft = buildHandle({ id: '', stepNum: row.stepNum, sizeBytes: enc.bytes.length, kind: obs.kind, summary, source: obs.source });
  // In the column order of INSERT_OBSERVATION after pk (positional: cheaper to bind than named parameters).
  const draw = ctx.idCipher().draw();
  const values = [
    draw.randomHex,
    draw.pad,
    draw.pad,
    NO_LEGACY_KEY,
    row.owner,
    row.turnId,
    row.stepNum,
    row.executorName,
    obs.kind,
    obs.structured ? 1 : 0,
    enc.bytes.length,
    enc.lengthUnits,
    chunkUnits,
    row.createdAt,
    row.expiresAt,
    row.actor,
    row.channel,
    detectedType,
    enc.sha256,
    packHandle(draft),
    newlines,
    inline ? summary : null,
    inline ? (enc.cpIndexes?.[0] ?? null) : null,
    inline ? (split?.data ?? enc.bytes) : null,
  ];
  // One chunk: one statement in autocommit. More: the row and its chunks in one write transaction.
  const { id } = inline
    ? ctx.writeOne(insertRow, ctx, values, draw)
    : ctx.write(() => {
        const r = insertRow(ctx, values, draw);
        insertChunks(ctx, r.pk, r.id, enc, chunkUnits, summary, chunkLines);
        return r;
      });
  return { ...draft, scratchpad_id: id, ref_hint: refHint(id, row.stepNum, typeof draft.list_field === 'string' ? draft.list_field : null) };
}

/** The write side of a v2 file (core/backend.ts): each method one BEGIN IMMEDIATE transaction. */
export function createV2Writer(ctx: StoreContext): BackendWriter {
  return {
    async insert(row) {
      return insertObservation(ctx, row);
    },
    async deleteExpired(scope, now) {
      return deleteExpiredRows(ctx, scope, now);
    },
    async setExpiry(scope, target, expiresAt) {
      return ctx.write(() => {
        if ('entryId' in target) {
          const row = findInScope(ctx, scope, target.entryId);
          if (row === null) return 0;
          const changed = ctx.stmt('UPDATE observations SET expires_at = @expiresAt WHERE pk = @pk').run({ expiresAt, pk: row.pk }).changes;
          recomputeTurn(ctx, row.owner, row.turn_id);
          return changed;
        }
        const filter = scopeSql(scope);
        const owners = ctx
          .stmt(`SELECT owner FROM turns WHERE turn_id = @turnId${filter.sql}`)
          .pluck()
          .all({ turnId: target.turnId, ...filter.params }) as string[];
        const changed = ctx
          .stmt(`UPDATE observations SET expires_at = @expiresAt WHERE turn_id = @turnId${filter.sql}`)
          .run({ expiresAt, turnId: target.turnId, ...filter.params }).changes;
        for (const owner of owners) recomputeTurn(ctx, owner, target.turnId);
        return changed;
      });
    },
    async appendReadLog(scope, r) {
      return ctx.write(() => {
        const row = findInScope(ctx, scope, r.entryId);
        if (row === null) return false;
        const changes = ctx
          .stmt('INSERT INTO read_log (entry_pk, principal, mode, unit, start, end, truncated, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(row.pk, r.principal, r.mode, row.kind === 'text' ? 'code_points' : 'bytes', r.start, r.end, r.truncated ? 1 : 0, r.at).changes;
        if (changes !== 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: read log not written`);
        return true;
      });
    },
  };
}
