import { isUtf8 } from 'node:buffer';

/*
 * Byte-level helpers over UTF-8 chunks. Search works on well-formed UTF-8: there a code point starts at every
 * byte that is not 10xxxxxx, so counting code points is counting those bytes. A chunk that is not valid UTF-8
 * (metnos-v1 rows can hold any bytes) is first re-encoded from its WHATWG decoding (one U+FFFD per maximal
 * invalid subpart, as metnos-v1/utf8-segments.ts and TextDecoder count), which keeps its code points and their
 * count exactly.
 */

const decoder = new TextDecoder('utf-8');

/** `bytes` as a Buffer view (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The chunk as well-formed UTF-8 with the same code points: itself when valid, else its decoding re-encoded. */
export function wellFormedChunk(bytes: Uint8Array): Buffer {
  const buf = asBuffer(bytes);
  return isUtf8(buf) ? buf : Buffer.from(decoder.decode(buf), 'utf8');
}

/*
 * Counting by words (SWAR, 4 bytes per step) with the bit tricks written out in each loop: a shared loop taking
 * the per-word function as an argument cost a call per word. Short ranges (between nearby hits) go byte by byte:
 * a typed-array view would cost more than the bytes.
 */
const SHORT = 64;

/** Byte index from which `buf` can be read as 32-bit words (the view must be 4-byte aligned). */
const aligned = (buf: Uint8Array, i: number): number => i + ((4 - ((buf.byteOffset + i) & 3)) & 3);

/** Code points in bytes [a, b) of well-formed UTF-8 (a and b at code-point starts): bytes that are not 10xxxxxx. */
export function countCodePoints(buf: Uint8Array, a = 0, b = buf.length): number {
  let n = 0;
  let i = a;
  if (b - a >= SHORT) {
    for (const e = aligned(buf, a); i < e; i++) n += (buf[i]! & 0xc0) !== 0x80 ? 1 : 0;
    const words = (b - i) >>> 2;
    const view = new Uint32Array(buf.buffer, buf.byteOffset + i, words);
    let cont = 0;
    for (let w = 0; w < words; w++) {
      const x = view[w]!;
      // A continuation byte has bit 7 set and bit 6 clear; add up the marked bits' bytes.
      cont += (((x & ~(x << 1) & 0x80808080) >>> 7) * 0x01010101) >>> 24;
    }
    n += words * 4 - cont;
    i += words * 4;
  }
  for (; i < b; i++) n += (buf[i]! & 0xc0) !== 0x80 ? 1 : 0;
  return n;
}

/** `\n` bytes in [a, b). */
export function countNewlines(buf: Uint8Array, a = 0, b = buf.length): number {
  let n = 0;
  let i = a;
  if (b - a >= SHORT) {
    for (const e = aligned(buf, a); i < e; i++) n += buf[i] === 0x0a ? 1 : 0;
    const words = (b - i) >>> 2;
    const view = new Uint32Array(buf.buffer, buf.byteOffset + i, words);
    let other = 0;
    for (let w = 0; w < words; w++) {
      // Zero bytes of x are the newlines; exact zero-byte test (no false positives from borrows).
      const x = view[w]! ^ 0x0a0a0a0a;
      other += ((((((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080) >>> 7) * 0x01010101) >>> 24;
    }
    n += words * 4 - other;
    i += words * 4;
  }
  for (; i < b; i++) n += buf[i] === 0x0a ? 1 : 0;
  return n;
}

/** Code points and `\n` bytes of one range, as {@link countCodePointsAndNewlines} fills them. */
export interface UnitAndLineCount {
  codePoints: number;
  newlines: number;
}

/** Both counts of bytes [a, b) of well-formed UTF-8 in one pass, into `out` (no allocation per call). */
export function countCodePointsAndNewlines(buf: Uint8Array, a: number, b: number, out: UnitAndLineCount): void {
  let cp = 0;
  let nl = 0;
  let i = a;
  if (b - a >= SHORT) {
    for (const e = aligned(buf, a); i < e; i++) {
      const c = buf[i]!;
      cp += (c & 0xc0) !== 0x80 ? 1 : 0;
      nl += c === 0x0a ? 1 : 0;
    }
    const words = (b - i) >>> 2;
    const view = new Uint32Array(buf.buffer, buf.byteOffset + i, words);
    let cont = 0;
    let other = 0;
    // Per-byte-lane sums, added up every 127 words: a lane then holds at most 127, so the sums stay small integers.
    for (let w = 0; w < words;) {
      let laneC = 0;
      let laneO = 0;
      for (const e = Math.min(words, w + 127); w < e; w++) {
        const x = view[w]!;
        laneC += (x & ~(x << 1) & 0x80808080) >>> 7;
        const y = x ^ 0x0a0a0a0a;
        laneO += ((((y & 0x7f7f7f7f) + 0x7f7f7f7f) | y) & 0x80808080) >>> 7;
      }
      cont += (laneC & 0xff) + ((laneC >>> 8) & 0xff) + ((laneC >>> 16) & 0xff) + (laneC >>> 24);
      other += (laneO & 0xff) + ((laneO >>> 8) & 0xff) + ((laneO >>> 16) & 0xff) + (laneO >>> 24);
    }
    cp += words * 4 - cont;
    nl += words * 4 - other;
    i += words * 4;
  }
  for (; i < b; i++) {
    const c = buf[i]!;
    cp += (c & 0xc0) !== 0x80 ? 1 : 0;
    nl += c === 0x0a ? 1 : 0;
  }
  out.codePoints = cp;
  out.newlines = nl;
}

/**
 * Byte offset of code point `cp` counted from byte `from` (a code-point start) in well-formed UTF-8; clipped to
 * the end. Whole 32-bit words are skipped while the code points they start stay at or below `cp` (a resumed
 * search page and a line read look up a place deep in a chunk: byte by byte was most of a short call).
 */
export function byteOfCodePoint(buf: Uint8Array, cp: number, from = 0): number {
  let count = 0;
  let i = from;
  const end = buf.length;
  if (end - i >= SHORT) {
    for (const e = aligned(buf, i); i < e; i++) {
      if ((buf[i]! & 0xc0) !== 0x80) {
        if (count === cp) return i;
        count++;
      }
    }
    const words = (end - i) >>> 2;
    const view = new Uint32Array(buf.buffer, buf.byteOffset + i, words);
    let w = 0;
    for (; w < words; w++) {
      const x = view[w]!;
      // Code points starting in this word: 4 minus its continuation bytes (as countCodePoints counts them).
      const starts = 4 - ((((x & ~(x << 1) & 0x80808080) >>> 7) * 0x01010101) >>> 24);
      if (count + starts > cp) break;
      count += starts;
    }
    i += w * 4;
  }
  for (; i < end; i++) {
    if ((buf[i]! & 0xc0) !== 0x80) {
      if (count === cp) return i;
      count++;
    }
  }
  return end;
}

/** UTF-16 index in `head + cur` (head = carry decoded) of byte `b` of carry + cur (a code-point start). */
export function unitOfByte(carry: Buffer, cur: Buffer, head: string, b: number): number {
  if (b <= carry.length) return carry.toString('utf8', 0, b).length;
  return head.length + cur.toString('utf8', 0, Math.min(b - carry.length, cur.length)).length;
}

/** Bytes of the last `k` code points of carry + cur (well-formed UTF-8), as a copy (chunks may be reused). */
export function lastCodePointsBytes(carry: Buffer, cur: Buffer, k: number): Buffer {
  if (k === 0) return Buffer.alloc(0);
  const src = cur.length >= 4 * k ? cur : Buffer.concat([carry, cur]);
  let i = src.length;
  for (let seen = 0; i > 0 && seen < k;) {
    i--;
    if ((src[i]! & 0xc0) !== 0x80) seen++;
  }
  return Buffer.from(src.subarray(i));
}

/** First code-point start at or after `i` (skips continuation bytes). */
export function alignForward(buf: Uint8Array, i: number): number {
  while (i < buf.length && (buf[i]! & 0xc0) === 0x80) i++;
  return i;
}

/** Start of the code point that holds byte `i` (i < length), walking back over continuation bytes. */
export function alignBack(buf: Uint8Array, i: number): number {
  while (i > 0 && (buf[i]! & 0xc0) === 0x80) i--;
  return i;
}
