/*
 * How a backend that stores content in chunks (v2, postgres) cuts it: shared, so both cut and index chunks
 * the same way and the slicing code (encode.ts, chunk-codepoints.ts) serves both.
 */

/** How content is cut into chunks (injectable for tests). */
export interface ChunkLayout {
  /** Code points per chunk of a text row. */
  readonly textChunkCodePoints: number;
  /** Bytes per chunk of a binary row. */
  readonly binaryChunkBytes: number;
}

/** Default layout: 32,768 code points (32-128 KiB) per text chunk, 64 KiB per binary chunk. */
export const DEFAULT_CHUNK_LAYOUT: ChunkLayout = { textChunkCodePoints: 32_768, binaryChunkBytes: 65_536 };

/** Code points between two entries of a chunk's `cp_index`. */
export const CP_INDEX_STEP = 1_024;
