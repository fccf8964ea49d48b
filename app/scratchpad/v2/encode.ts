import { createHash } from 'node:crypto';
import { hasSurrogates, unitOffset } from '../codepoints';

/** Content ready to store: all its bytes, the chunk boundaries, its length in units and its sha256. */
export interface EncodedContent {
  /** The whole value as bytes (UTF-8 for text). Chunks are views into it, never copies. */
  readonly bytes: Uint8Array;
  /** Byte offset where each chunk starts, plus the total length at the end (chunks + 1 numbers). */
  readonly byteOffsets: readonly number[];
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
  return { bytes, byteOffsets: offsets, lengthUnits: bytes.length, sha256: sha256Hex(bytes) };
}

/**
 * Encodes a well-formed text as UTF-8, cut every `chunkCodePoints` code points (never inside one). One pass of
 * native encoding: ASCII text is copied as is; other text is written chunk by chunk into one buffer, each
 * write telling where the next chunk starts. Only text with surrogate pairs walks its code points in JS.
 */
export function encodeText(text: string, chunkCodePoints: number): EncodedContent {
  const byteLength = Buffer.byteLength(text, 'utf8');
  if (byteLength === text.length) {
    const bytes = Buffer.from(text, 'latin1');
    return { ...encodeBinary(bytes, chunkCodePoints), lengthUnits: text.length };
  }
  const bytes = Buffer.allocUnsafe(byteLength);
  const offsets: number[] = [];
  const pairs = hasSurrogates(text);
  let unit = 0;
  let byte = 0;
  let codePoints = 0;
  while (unit < text.length) {
    offsets.push(byte);
    const next = pairs ? unitOffset(text, chunkCodePoints, unit) : Math.min(unit + chunkCodePoints, text.length);
    byte += bytes.write(text.slice(unit, next), byte, 'utf8');
    codePoints += pairs ? 0 : next - unit;
    if (pairs) codePoints += next === text.length ? countTail(text, unit) : chunkCodePoints;
    unit = next;
  }
  offsets.push(byte);
  return { bytes, byteOffsets: offsets, lengthUnits: codePoints, sha256: sha256Hex(bytes) };
}

/** Code points from `unit` to the end of `text` (the last, possibly short, chunk). */
function countTail(text: string, unit: number): number {
  let n = 0;
  for (let i = unit; i < text.length; n++) i = unitOffset(text, 1, i);
  return n;
}
