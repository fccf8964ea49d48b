import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import type { ObservationRow } from './rows';
import { CHUNK_KEY_SPAN } from './schema';
import { chunkCodePoints } from './utf8-chunk';

const SELECT_CHUNKS = 'SELECT key, cp_index, data FROM chunks WHERE key BETWEEN ? AND ? ORDER BY key';

interface ChunkRow {
  readonly key: number;
  readonly cp_index: Buffer | null;
  readonly data: Buffer;
}

/** The chunks of `row` holding units [start, end): only those are read. CORRUPT when one is missing. */
function chunksFor(ctx: StoreContext, row: ObservationRow, start: number, end: number): { first: number; rows: ChunkRow[] } {
  if (end <= start) return { first: 0, rows: [] };
  const first = Math.floor(start / row.chunk_units);
  const last = Math.floor((end - 1) / row.chunk_units);
  const base = row.pk * CHUNK_KEY_SPAN;
  const rows = ctx.stmt(SELECT_CHUNKS).all(base + first, base + last) as ChunkRow[];
  if (rows.length !== last - first + 1) throw new ScratchpadError('CORRUPT', `${ctx.path}: content of entry ${row.id} is missing chunks`);
  return { first, rows };
}

/** Text of code points [start, end) of a text row. */
export function readTextSlice(ctx: StoreContext, row: ObservationRow, start: number, end: number): string {
  const { first, rows } = chunksFor(ctx, row, start, end);
  let out = '';
  rows.forEach((chunk, i) => {
    const unitStart = (first + i) * row.chunk_units;
    const inChunk = Math.min(row.chunk_units, row.length_units - unitStart);
    out += chunkCodePoints(chunk.data, chunk.cp_index, Math.max(0, start - unitStart), Math.min(inChunk, end - unitStart), inChunk);
  });
  return out;
}

/** Bytes [start, end) of a binary row. */
export function readByteSlice(ctx: StoreContext, row: ObservationRow, start: number, end: number): Buffer {
  const { first, rows } = chunksFor(ctx, row, start, end);
  const parts = rows.map((chunk, i) => {
    const unitStart = (first + i) * row.chunk_units;
    return chunk.data.subarray(Math.max(0, start - unitStart), Math.min(chunk.data.length, end - unitStart));
  });
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
}
