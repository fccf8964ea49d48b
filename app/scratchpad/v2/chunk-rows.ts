import type { ContentChunk } from '../core/backend';

/*
 * The statement that reads an entry's chunks, shared by the reader (reader.ts) and the search worker threads
 * (scan-worker.ts), so both read the same rows the same way.
 */

/**
 * One page of an entry's chunks in key order, one statement (its own snapshot). The entry check matters: after gc
 * a new entry may reuse the pk (and so the chunk keys). A text of one chunk keeps that chunk's `\n` count in its
 * row (migration 8); a longer one in chunk_lines.
 */
export const CHUNKS_OF_ENTRY = `SELECT c.data, CASE WHEN o.length_units <= o.chunk_units THEN o.newlines ELSE l.newlines END AS newlines
  FROM observations AS o JOIN chunks AS c ON c.key BETWEEN @from AND @to LEFT JOIN chunk_lines AS l ON l.key = c.key
  WHERE o.pk = @pk AND o.id = @id ORDER BY c.key`;

/** A row of {@link CHUNKS_OF_ENTRY} (or of the reader's inline statement, which adds `shared`). */
export interface ChunkRow {
  readonly data: Buffer;
  readonly newlines: number | null;
  readonly shared?: Buffer | null;
}

/** Bytes of content a page of {@link CHUNKS_OF_ENTRY} aims at (4 bytes per unit at most): bounded memory, few statements. */
export const PAGE_UNITS = 2 ** 18;

/** The fields of an observation row that place its chunks. */
export interface ChunkedRow {
  readonly length_units: number;
  readonly chunk_units: number;
}

/** Chunk `seq` of `row` (its stored `chunk`) as a backend chunk: units [start, end), the `\n` count of a text. */
export function chunkAt(row: ChunkedRow, seq: number, chunk: ChunkRow): ContentChunk {
  const start = seq * row.chunk_units;
  const end = Math.min(row.length_units, start + row.chunk_units);
  // v2 writes text chunks from JavaScript strings (encode.ts): always valid UTF-8.
  return chunk.newlines === null ? { bytes: chunk.data, start, end } : { bytes: chunk.data, start, end, newlines: chunk.newlines, wellFormed: true };
}

/** The message of the NOT_FOUND a scan ends with when its entry was removed mid-way. */
export const removedDuringScan = (id: string): string => `entry ${id} was removed during the export`;
