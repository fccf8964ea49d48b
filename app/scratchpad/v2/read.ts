import type { Principal, ReadResult } from '../../contract';
import { parseSliceRequest, resolveSlice } from '../slicing';
import { ScratchpadError } from '../types';
import type { EntryWithContent } from '../types';
import type { StoreContext } from './context';
import { findVisible } from './lookup';
import { toEntryMeta, type ObservationRow } from './rows';
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

/**
 * A slice of one entry (see {@link parseSliceRequest} and {@link resolveSlice}): text in code points as a
 * string, binary in bytes as base64. INVALID_ARGUMENT for bad options, NOT_FOUND for missing or foreign ids.
 */
export function readSlice(ctx: StoreContext, principal: Principal, id: unknown, options: unknown): ReadResult {
  const req = parseSliceRequest(options);
  return ctx.read(() => {
    const row = findVisible(ctx, principal, id);
    const b = resolveSlice(req, row.length_units, ctx.options.maxReadLength);
    const text = row.kind === 'text';
    return {
      content: text ? readTextSlice(ctx, row, b.start, b.end) : readByteSlice(ctx, row, b.start, b.end).toString('base64'),
      encoding: text ? 'utf8' : 'base64',
      meta: {
        id: row.id,
        kind: row.kind,
        unit: text ? 'code_points' : 'bytes',
        totalLength: row.length_units,
        start: b.start,
        end: b.end,
        returnedLength: b.end - b.start,
        truncated: b.truncated,
      },
    };
  });
}

/** The whole row with content; TOO_LARGE when longer than maxReadLength units. */
export function getEntry(ctx: StoreContext, principal: Principal, id: unknown): EntryWithContent {
  return ctx.read(() => {
    const row = findVisible(ctx, principal, id);
    if (row.length_units > ctx.options.maxReadLength) {
      const unit = row.kind === 'text' ? 'code points' : 'bytes';
      throw new ScratchpadError('TOO_LARGE', `entry ${row.id} has ${row.length_units} ${unit}, above the cap of ${ctx.options.maxReadLength}; read it in slices`);
    }
    const bytes = readByteSliceAll(ctx, row);
    const meta = toEntryMeta(row, ctx.now(), ctx.options.expiringWindowSeconds);
    return { meta, content: row.kind === 'text' ? bytes.toString('utf8') : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  });
}

/** Every byte of a row, in order. */
function readByteSliceAll(ctx: StoreContext, row: ObservationRow): Buffer {
  const { rows } = chunksFor(ctx, row, 0, row.length_units);
  return Buffer.concat(rows.map((r) => r.data));
}
