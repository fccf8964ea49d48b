import { createHash } from 'node:crypto';
import { codePointLength, hasSurrogates, unitOffset } from '../codepoints';
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
 * Encodes a well-formed text as UTF-8, cut every `chunkCodePoints` code points (never inside one). ASCII text
 * is copied as is. Other text is written into one buffer block by block (CP_INDEX_STEP code points each, by
 * native encoding): each write tells where the next block starts, which gives the chunk boundaries and each
 * chunk's cp_index for free. Only text with surrogate pairs walks its code points in JS.
 */
export function encodeText(text: string, chunkCodePoints: number): EncodedContent {
  const byteLength = Buffer.byteLength(text, 'utf8');
  if (byteLength === text.length) {
    const bytes = Buffer.from(text, 'latin1');
    return { ...encodeBinary(bytes, chunkCodePoints), lengthUnits: text.length };
  }
  const bytes = Buffer.allocUnsafe(byteLength);
  const offsets: number[] = [];
  const indexes: (Buffer | null)[] = [];
  const pairs = hasSurrogates(text);
  let unit = 0;
  let byte = 0;
  let codePoints = 0;
  while (unit < text.length) {
    const chunkStart = byte;
    const chunkCp = codePoints;
    const marks: number[] = [];
    offsets.push(byte);
    for (let sub = 0; sub < chunkCodePoints && unit < text.length; sub += CP_INDEX_STEP) {
      if (sub > 0) marks.push(byte - chunkStart);
      const want = Math.min(CP_INDEX_STEP, chunkCodePoints - sub);
      const next = pairs ? unitOffset(text, want, unit) : Math.min(unit + want, text.length);
      const block = text.slice(unit, next);
      byte += bytes.write(block, byte, 'utf8');
      codePoints += next < text.length ? want : pairs ? codePointLength(block) : next - unit;
      unit = next;
    }
    const ascii = byte - chunkStart === codePoints - chunkCp;
    indexes.push(marks.length === 0 || ascii ? null : cpIndexOf(marks));
  }
  offsets.push(byte);
  return { bytes, byteOffsets: offsets, cpIndexes: indexes, lengthUnits: codePoints, sha256: sha256Hex(bytes) };
}

/** A cp_index blob: the offsets as uint32 little-endian. */
function cpIndexOf(marks: readonly number[]): Buffer {
  const out = Buffer.allocUnsafe(marks.length * 4);
  marks.forEach((m, i) => out.writeUInt32LE(m, i * 4));
  return out;
}
