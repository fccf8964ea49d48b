import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import type { ObservationRow } from './rows';
import { CHUNK_KEY_SPAN } from './schema';
import { chunkCodePoints } from '../core/chunk-codepoints';
import { restoreInlineText, SHARED_SUMMARY_SQL } from './inline-text';

// The entry check makes the one statement answer "removed" too (after gc a new entry may reuse the row number).
const SELECT_CHUNKS =
  'SELECT key, cp_index, data FROM chunks WHERE key BETWEEN ? AND ? AND EXISTS (SELECT 1 FROM observations WHERE pk = ? AND id = ?) ORDER BY key';

// Content written inline (schema 10): the one chunk is the row's own, part of it in its summary (schema 11).
const SELECT_INLINE = `SELECT 0 AS key, cp_index, data, ${SHARED_SUMMARY_SQL} FROM observations WHERE pk = ? AND id = ?`;

interface ChunkRow {
  readonly key: number;
  readonly cp_index: Buffer | null;
  readonly data: Buffer;
  /** Inline rows: the summary's bytes when `data` leaves part of the text to it (inline-text.ts). */
  readonly shared?: Buffer | null;
}

/**
 * The chunks of `row` holding units [start, end) (an inline row: its one chunk, from the row): only those are read, in one statement (one snapshot). null
 * when the entry is gone; CORRUPT when some of its chunks are missing.
 */
function chunksFor(ctx: StoreContext, row: ObservationRow, start: number, end: number): { first: number; rows: ChunkRow[] } | null {
  if (end <= start) return { first: 0, rows: [] };
  const first = Math.floor(start / row.chunk_units);
  const last = Math.floor((end - 1) / row.chunk_units);
  const base = row.pk * CHUNK_KEY_SPAN;
  if (row.inline === 1) {
    const one = ctx.stmt(SELECT_INLINE).get(row.pk, row.id) as ChunkRow | undefined;
    if (one === undefined) return null;
    return { first, rows: [{ ...one, data: restoreInlineText(one.data, row, one.shared ?? null, ctx.path, row.id) }] };
  }
  const rows = ctx.stmt(SELECT_CHUNKS).all(base + first, base + last, row.pk, row.id) as ChunkRow[];
  if (rows.length === 0) return null;
  if (rows.length !== last - first + 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: content of entry ${row.id} is missing chunks`);
  return { first, rows };
}

/** Text of code points [start, end) of a text row; null when the row is gone. */
export function readTextSlice(ctx: StoreContext, row: ObservationRow, start: number, end: number): string | null {
  const found = chunksFor(ctx, row, start, end);
  if (found === null) return null;
  const { first, rows } = found;
  let out = '';
  rows.forEach((chunk, i) => {
    const unitStart = (first + i) * row.chunk_units;
    const inChunk = Math.min(row.chunk_units, row.length_units - unitStart);
    out += chunkCodePoints(chunk.data, chunk.cp_index, Math.max(0, start - unitStart), Math.min(inChunk, end - unitStart), inChunk);
  });
  return out;
}

/** Bytes [start, end) of a binary row; null when the row is gone. */
export function readByteSlice(ctx: StoreContext, row: ObservationRow, start: number, end: number): Buffer | null {
  const found = chunksFor(ctx, row, start, end);
  if (found === null) return null;
  const { first, rows } = found;
  const parts = rows.map((chunk, i) => {
    const unitStart = (first + i) * row.chunk_units;
    return chunk.data.subarray(Math.max(0, start - unitStart), Math.min(chunk.data.length, end - unitStart));
  });
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
}
