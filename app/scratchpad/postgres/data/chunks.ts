import type pg from 'pg';
import { chunkCodePoints } from '../../core/chunk-codepoints';
import { SCHEMA } from '../names';

/** One stored chunk as read back. Offsets in bytes and units (code points for text, bytes for binary). */
export interface StoredChunk {
  readonly seq: number;
  readonly byteStart: number;
  readonly unitStart: number;
  readonly units: number;
  readonly newlines: number;
  readonly cpIndex: Buffer | null;
  readonly data: Buffer;
}

interface ChunkRow {
  seq: number;
  byte_start: string;
  unit_start: string;
  units: number;
  newlines: number;
  cp_index: Buffer | null;
  data: Buffer;
}

/*
 * Both layouts (migrations/005): an inline observation (its `data` not null, schema 5's one-chunk puts) is its
 * own chunk 0 and has no chunks rows; any other has chunks rows only. One statement reads either: a primary-key
 * probe of the observation (skipped unless chunk 0 is asked) and the chunks range.
 */
const READ_CHUNKS = `SELECT 0 AS seq, 0::bigint AS byte_start, 0::bigint AS unit_start, o.length_units::integer AS units, o.newlines::integer AS newlines,
    o.cp_index, o.data
  FROM ${SCHEMA}.observations o WHERE o.pk = $1 AND $2::integer = 0 AND o.data IS NOT NULL
  UNION ALL
  SELECT seq, byte_start, unit_start, units, newlines, cp_index, data FROM ${SCHEMA}.chunks WHERE entry_pk = $1 AND seq BETWEEN $2 AND $3
  ORDER BY seq`;

/**
 * Chunks `fromSeq` to `toSeq` inclusive of entry `pk`, in order, as RLS lets the bound principal see them (a
 * foreign entry reads as no chunks), from either layout (READ_CHUNKS). Reads only those rows: the primary keys
 * of observations and of chunks (entry_pk, seq), each a range scan. Named: planned once per connection.
 */
export async function readChunks(client: pg.ClientBase, pk: number, fromSeq: number, toSeq: number): Promise<StoredChunk[]> {
  const res = await client.query<ChunkRow>({ name: 'scratchpad-read-chunks', text: READ_CHUNKS, values: [pk, fromSeq, toSeq] });
  return res.rows.map((r) => ({
    seq: r.seq,
    byteStart: Number(r.byte_start),
    unitStart: Number(r.unit_start),
    units: r.units,
    newlines: r.newlines,
    cpIndex: r.cp_index,
    data: r.data,
  }));
}

/** What {@link readUnits} needs to know of the entry (from its metadata row). */
export interface UnitSource {
  readonly pk: number;
  readonly kind: 'text' | 'binary';
  /** Code points (text) or bytes (binary) of the whole entry. */
  readonly lengthUnits: number;
  readonly chunkUnits: number;
}

/**
 * Units [a, b) of an entry (clipped to its length): a string of code points for text, bytes for binary. Reads only
 * the chunks floor(a / chunkUnits) .. floor((b - 1) / chunkUnits) and, inside a non-ASCII text chunk, finds its
 * first byte through the chunk's cp_index (at most 1,024 code points scanned). Returns null when a needed chunk
 * is missing (the entry was removed by gc meanwhile, or is not visible to the bound principal).
 */
export async function readUnits(client: pg.ClientBase, entry: UnitSource, a: number, b: number): Promise<string | Buffer | null> {
  const end = Math.min(b, entry.lengthUnits);
  const start = Math.min(Math.max(0, a), end);
  if (start >= end) return entry.kind === 'text' ? '' : Buffer.alloc(0);
  const first = Math.floor(start / entry.chunkUnits);
  const last = Math.floor((end - 1) / entry.chunkUnits);
  const chunks = await readChunks(client, entry.pk, first, last);
  if (chunks.length !== last - first + 1) return null;
  if (entry.kind === 'binary') {
    const parts = chunks.map((c) => c.data.subarray(Math.max(0, start - c.unitStart), Math.min(c.data.length, end - c.unitStart)));
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }
  let out = '';
  for (const c of chunks) {
    out += chunkCodePoints(c.data, c.cpIndex, Math.max(0, start - c.unitStart), Math.min(c.units, end - c.unitStart), c.units);
  }
  return out;
}
