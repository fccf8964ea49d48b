import { createHash } from 'node:crypto';
import { hasSurrogates } from '../codepoints';
import { CP_INDEX_STEP } from './schema';

/** Content ready to store: all its bytes, the chunk boundaries, its length in units and its sha256. */
export interface EncodedContent {
  /** The whole value as bytes (UTF-8 for text). Chunks are views into it, never copies. */
  readonly bytes: Buffer;
  /** Byte offset where each chunk starts, plus the total length at the end (chunks + 1 numbers). */
  readonly byteOffsets: readonly number[];
  /** Per chunk: its cp_index (see schema.ts) or null (binary, ASCII or short chunks). */
  readonly cpIndexes: readonly (Buffer | null)[] | null;
  /** Code points (text) or bytes (binary). */
  readonly lengthUnits: number;
  /** Full sha256 of the bytes, 64 lowercase hex. */
  readonly sha256: string;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Cuts bytes every `chunkBytes` bytes (binary rows). */
export function encodeBinary(input: Uint8Array, chunkBytes: number): EncodedContent {
  // A Buffer view over the same memory: better-sqlite3 binds Buffers, and no byte is copied.
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const offsets: number[] = [];
  for (let b = 0; b < bytes.length; b += chunkBytes) offsets.push(b);
  offsets.push(bytes.length);
  return { bytes, byteOffsets: offsets, cpIndexes: null, lengthUnits: bytes.length, sha256: sha256Hex(bytes) };
}

/**
 * Encodes a well-formed text as UTF-8, cut every `chunkCodePoints` code points (never inside one), with each
 * chunk's cp_index (byte offsets of its code points CP_INDEX_STEP, 2 x CP_INDEX_STEP...). ASCII text is copied
 * as is. Text without surrogates (one UTF-16 unit per code point) is written block by block by native encoding,
 * each write telling where the next block starts. Text with surrogate pairs is encoded at once and its code
 * points found in one pass over the bytes (a code point starts at every byte that is not 10xxxxxx).
 */
export function encodeText(text: string, chunkCodePoints: number): EncodedContent {
  const byteLength = Buffer.byteLength(text, 'utf8');
  if (byteLength === text.length) {
    const bytes = Buffer.from(text, 'latin1');
    return { ...encodeBinary(bytes, chunkCodePoints), lengthUnits: text.length };
  }
  return hasSurrogates(text) ? encodeByBytes(text, chunkCodePoints) : encodeByBlocks(text, byteLength, chunkCodePoints);
}

/** Text whose code points are its UTF-16 units: native writes of CP_INDEX_STEP code points at a time. */
function encodeByBlocks(text: string, byteLength: number, chunkCodePoints: number): EncodedContent {
  const bytes = Buffer.allocUnsafe(byteLength);
  const offsets: number[] = [];
  const indexes: (Buffer | null)[] = [];
  let byte = 0;
  for (let chunk = 0; chunk < text.length; chunk += chunkCodePoints) {
    const chunkStart = byte;
    const marks: number[] = [];
    offsets.push(byte);
    const chunkEnd = Math.min(chunk + chunkCodePoints, text.length);
    for (let unit = chunk; unit < chunkEnd; unit += CP_INDEX_STEP) {
      if (unit > chunk) marks.push(byte - chunkStart);
      byte += bytes.write(text.slice(unit, Math.min(unit + CP_INDEX_STEP, chunkEnd)), byte, 'utf8');
    }
    indexes.push(marks.length === 0 || byte - chunkStart === chunkEnd - chunk ? null : cpIndexOf(marks));
  }
  offsets.push(byte);
  return { bytes, byteOffsets: offsets, cpIndexes: indexes, lengthUnits: text.length, sha256: sha256Hex(bytes) };
}

/** Code points skipped by the last {@link skip} (fewer than asked at the end of the bytes). */
let skipped = 0;

/** Byte offset just past `count` code points from `from` (a code-point start); sets {@link skipped}. */
function skip(bytes: Buffer, from: number, count: number): number {
  const n = bytes.length;
  let k = 0;
  let i = from;
  for (; i < n; i++) {
    if ((bytes[i]! & 0xc0) !== 0x80) {
      if (k === count) break;
      k++;
    }
  }
  skipped = k;
  return i;
}

/** Any well-formed text: encoded at once, then one pass over the bytes finds chunk starts and index marks. */
function encodeByBytes(text: string, chunkCodePoints: number): EncodedContent {
  const bytes = Buffer.from(text, 'utf8');
  const offsets: number[] = [];
  const indexes: (Buffer | null)[] = [];
  let codePoints = 0;
  let at = 0;
  while (at < bytes.length) {
    const chunkStart = at;
    const marks: number[] = [];
    let inChunk = 0;
    offsets.push(at);
    while (inChunk < chunkCodePoints && at < bytes.length) {
      if (inChunk > 0) marks.push(at - chunkStart);
      at = skip(bytes, at, Math.min(CP_INDEX_STEP, chunkCodePoints - inChunk));
      inChunk += skipped;
    }
    codePoints += inChunk;
    indexes.push(marks.length === 0 || at - chunkStart === inChunk ? null : cpIndexOf(marks));
  }
  offsets.push(bytes.length);
  return { bytes, byteOffsets: offsets, cpIndexes: indexes, lengthUnits: codePoints, sha256: sha256Hex(bytes) };
}

/** A cp_index blob: the offsets as uint32 little-endian. */
function cpIndexOf(marks: readonly number[]): Buffer {
  const out = Buffer.allocUnsafe(marks.length * 4);
  marks.forEach((m, i) => out.writeUInt32LE(m, i * 4));
  return out;
}
