import { createHash, hash } from 'node:crypto';
import { CP_INDEX_STEP } from './chunk-layout';

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
  return { bytes, byteOffsets: offsets, cpIndexes: null, lengthUnits: bytes.length, sha256: sha256Hex(bytes) };
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
 * chunk's cp_index (byte offsets of its code points CP_INDEX_STEP, 2 x CP_INDEX_STEP...). One native encoding
 * pass; ASCII text (as many bytes as units) is then cut by arithmetic, other text by one pass over the bytes
 * (a code point starts at every byte that is not 10xxxxxx). With `scratch`, a short text's bytes are a view into
 * it, valid only until the scratch is written again (put binds them at once; SQLite copies bound blobs).
 */
export function encodeText(text: string, chunkCodePoints: number, scratch?: Buffer): EncodedContent {
  const bytes = utf8(text, scratch);
  if (bytes.length === text.length) return { ...encodeBinary(bytes, chunkCodePoints), lengthUnits: text.length };
  return encodeByBytes(bytes, chunkCodePoints);
}

/** Code points skipped by the last {@link skip} (fewer than asked at the end of the bytes). */
let skipped = 0;

/** A 4-byte-aligned word view of a buffer: `words[w]` holds bytes `first + 4w` to `first + 4w + 3`. */
interface WordView {
  readonly words: Uint32Array;
  readonly first: number;
}

function wordView(bytes: Buffer): WordView {
  const first = (4 - (bytes.byteOffset & 3)) & 3;
  const count = bytes.length > first ? (bytes.length - first) >>> 2 : 0;
  return { words: new Uint32Array(bytes.buffer, bytes.byteOffset + first, count), first };
}

/** Code-point starts (bytes not 10xxxxxx) among the 4 bytes of `w`. */
function startsInWord(w: number): number {
  const marks = ((~w >>> 7) | (w >>> 6)) & 0x01010101; // per byte: 1 unless bit 7 set and bit 6 clear
  return Math.imul(marks, 0x01010101) >>> 24;
}

/**
 * Byte offset just past `count` code points from `from` (a code-point start); sets {@link skipped}. Whole
 * aligned words are counted at once while they cannot hold the target; bytes are looked at one by one only
 * around it.
 */
function skip(bytes: Buffer, view: WordView, from: number, count: number): number {
  const n = bytes.length;
  let k = 0;
  let i = from;
  for (; i < n && (i < view.first || ((i - view.first) & 3) !== 0); i++) {
    if ((bytes[i]! & 0xc0) !== 0x80) {
      if (k === count) break;
      k++;
    }
  }
  if (i < n && k < count && i >= view.first) {
    let w = (i - view.first) >>> 2;
    const words = view.words;
    // 8 words (32 bytes) at a time: per-byte start marks summed lane-wise (at most 8 per lane, 32 in all, so no
    // lane overflows), one multiply per block to add the lanes.
    for (; w + 8 <= words.length; w += 8) {
      let m = 0;
      for (let j = w; j < w + 8; j++) {
        const x = words[j]!;
        m += ((~x >>> 7) | (x >>> 6)) & 0x01010101;
      }
      const c = Math.imul(m, 0x01010101) >>> 24;
      if (k + c > count) break;
      k += c;
    }
    for (; w < words.length; w++) {
      const c = startsInWord(view.words[w]!);
      if (k + c > count) break;
      k += c;
    }
    i = view.first + 4 * w;
  }
  for (; i < n; i++) {
    if ((bytes[i]! & 0xc0) !== 0x80) {
      if (k === count) break;
      k++;
    }
  }
  skipped = k;
  return i;
}

/** Non-ASCII UTF-8: one pass over the bytes finds chunk starts and index marks. */
function encodeByBytes(bytes: Buffer, chunkCodePoints: number): EncodedContent {
  const view = wordView(bytes);
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
      at = skip(bytes, view, at, Math.min(CP_INDEX_STEP, chunkCodePoints - inChunk));
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
