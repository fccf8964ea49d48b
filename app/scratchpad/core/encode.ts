import { createHash, hash } from 'node:crypto';
import { countNewlines } from '../search/bytes';
import { CP_INDEX_STEP } from './chunk-layout';
import { Utf8Scanner } from './utf8-scan';

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
  /** Text: the `\n` count of each chunk (as many as chunks); null for binary. */
  readonly newlines: readonly number[] | null;
}

/** Full sha256 as 64 lowercase hex: the one-shot `crypto.hash` (Node >= 20.12; no Hash object per put) when present. */
function sha256Hex(bytes: Uint8Array): string {
  return typeof hash === 'function' ? hash('sha256', bytes, 'hex') : createHash('sha256').update(bytes).digest('hex');
}

/** Cuts bytes every `chunkBytes` bytes (binary rows). */
export function encodeBinary(input: Uint8Array, chunkBytes: number): EncodedContent {
  // A Buffer view over the same memory: better-sqlite3 binds Buffers, and no byte is copied.
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const offsets: number[] = [];
  for (let b = 0; b < bytes.length; b += chunkBytes) offsets.push(b);
  offsets.push(bytes.length);
  return { bytes, byteOffsets: offsets, cpIndexes: null, lengthUnits: bytes.length, sha256: sha256Hex(bytes), newlines: null };
}

/** Texts up to this many UTF-16 units are encoded into a 3-bytes-per-unit buffer, skipping a length pass. */
const UPPER_BOUND_UNITS = 16 * 1024 * 1024;

/**
 * UTF-8 bytes of `text`: one native pass (a length pass first only for very long texts). With `scratch` and a
 * text that surely fits (3 bytes per UTF-16 unit), the bytes are written into it: no allocation.
 */
function utf8(text: string, scratch?: Buffer): Buffer {
  if (scratch !== undefined && text.length * 3 <= scratch.length) return scratch.subarray(0, scratch.write(text, 0, 'utf8'));
  if (text.length <= UPPER_BOUND_UNITS) {
    const buf = Buffer.allocUnsafe(text.length * 3);
    return buf.subarray(0, buf.write(text, 0, 'utf8'));
  }
  const buf = Buffer.allocUnsafe(Buffer.byteLength(text, 'utf8'));
  buf.write(text, 0, 'utf8');
  return buf;
}

/**
 * Encodes a well-formed text as UTF-8, cut every `chunkCodePoints` code points (never inside one), with each
 * chunk's cp_index (byte offsets of its code points CP_INDEX_STEP, 2 x CP_INDEX_STEP...) and `\n` count. One
 * native encoding pass; ASCII text (as many bytes as units) is then cut by arithmetic and its `\n` counted, other
 * text cut, indexed and counted in one pass over the bytes (utf8-scan.ts). With `scratch`, a short text's bytes are a view into
 * it, valid only until the scratch is written again (put binds them at once; SQLite copies bound blobs).
 */
export function encodeText(text: string, chunkCodePoints: number, scratch?: Buffer): EncodedContent {
  const bytes = utf8(text, scratch);
  if (bytes.length !== text.length) return encodeByBytes(bytes, chunkCodePoints);
  const enc = encodeBinary(bytes, chunkCodePoints);
  const offsets = enc.byteOffsets;
  const newlines: number[] = [];
  for (let seq = 0; seq < offsets.length - 1; seq++) newlines.push(countNewlines(bytes, offsets[seq], offsets[seq + 1]));
  return { ...enc, lengthUnits: text.length, newlines };
}

/** Non-ASCII UTF-8: one pass over the bytes finds chunk starts, index marks and `\n` counts. */
function encodeByBytes(bytes: Buffer, chunkCodePoints: number): EncodedContent {
  const scan = new Utf8Scanner(bytes);
  const offsets: number[] = [];
  const indexes: (Buffer | null)[] = [];
  const newlines: number[] = [];
  let codePoints = 0;
  let at = 0;
  while (at < bytes.length) {
    const chunkStart = at;
    const marks: number[] = [];
    let inChunk = 0;
    let lines = 0;
    offsets.push(at);
    while (inChunk < chunkCodePoints && at < bytes.length) {
      if (inChunk > 0) marks.push(at - chunkStart);
      at = scan.skip(at, Math.min(CP_INDEX_STEP, chunkCodePoints - inChunk));
      inChunk += scan.skipped;
      lines += scan.newlines;
    }
    codePoints += inChunk;
    indexes.push(marks.length === 0 || at - chunkStart === inChunk ? null : cpIndexOf(marks));
    newlines.push(lines);
  }
  offsets.push(bytes.length);
  return { bytes, byteOffsets: offsets, cpIndexes: indexes, lengthUnits: codePoints, sha256: sha256Hex(bytes), newlines };
}

/**
 * Where a summary cuts the UTF-8 bytes of a text encoded by `encodeText(text, chunkCodePoints)` as `enc`: the byte
 * offset just past its first `count` code points and the one where its last `count` code points start. The tail
 * is found from the nearest cp_index mark, so at most CP_INDEX_STEP + `count` code points are walked in all.
 */
export function textByteCuts(enc: EncodedContent, chunkCodePoints: number, count: number): { head: number; tail: number } {
  const length = enc.lengthUnits;
  if (enc.bytes.length === length) return { head: Math.min(count, length), tail: Math.max(0, length - count) };
  const scan = new Utf8Scanner(enc.bytes);
  const head = scan.skip(0, count);
  const tailCp = Math.max(0, length - count);
  const seq = Math.floor(tailCp / chunkCodePoints);
  let from = enc.byteOffsets[seq] ?? 0;
  let left = tailCp - seq * chunkCodePoints;
  const index = enc.cpIndexes?.[seq] ?? null;
  const mark = index === null ? 0 : Math.min(Math.floor(left / CP_INDEX_STEP), index.length >>> 2);
  if (mark > 0) {
    from += index!.readUInt32LE(4 * (mark - 1));
    left -= mark * CP_INDEX_STEP;
  }
  return { head, tail: scan.skip(from, left) };
}

/**
 * Where a summary cuts `text` (encoded by `encodeText(text, chunkCodePoints)` as `enc`): the UTF-16 index just
 * past its first `count` code points and the one where its last `count` code points start (a code point of
 * 4 UTF-8 bytes is 2 UTF-16 units, any other 1: a lone surrogate was written as U+FFFD). Found from the bytes
 * ({@link textByteCuts}).
 */
export function textCuts(text: string, enc: EncodedContent, chunkCodePoints: number, count: number): { head: number; tail: number } {
  const cuts = textByteCuts(enc, chunkCodePoints, count);
  if (enc.bytes.length === text.length) return cuts; // ASCII: bytes are units
  const length = enc.lengthUnits;
  const scan = new Utf8Scanner(enc.bytes);
  const head = Math.min(count, length) + scan.fourByteStarts(0, cuts.head);
  return { head, tail: text.length - Math.min(count, length) - scan.fourByteStarts(cuts.tail, enc.bytes.length) };
}

/** A cp_index blob: the offsets as uint32 little-endian. */
function cpIndexOf(marks: readonly number[]): Buffer {
  const out = Buffer.allocUnsafe(marks.length * 4);
  for (let i = 0; i < marks.length; i++) out.writeUInt32LE(marks[i]!, i * 4);
  return out;
}
