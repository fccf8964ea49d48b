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

/** Count of bytes in [a, b) whose value is not in `mask`-class; shared SWAR core (4 bytes per step). */
function countWords(buf: Uint8Array, a: number, b: number, perByte: (x: number) => number, perWord: (w: number) => number): number {
  let n = 0;
  let i = a;
  if (b - a < 64) {
    // Short gaps (between nearby hits): a typed-array view would cost more than the bytes.
    for (; i < b; i++) n += perByte(buf[i]!);
    return n;
  }
  while (i < b && ((buf.byteOffset + i) & 3) !== 0) n += perByte(buf[i++]!);
  const words = (b - i) >>> 2;
  if (words > 0) {
    const view = new Uint32Array(buf.buffer, buf.byteOffset + i, words);
    for (let w = 0; w < words; w++) n += perWord(view[w]!);
    i += words * 4;
  }
  while (i < b) n += perByte(buf[i++]!);
  return n;
}

const cpByte = (x: number): number => ((x & 0xc0) !== 0x80 ? 1 : 0);
// A byte is a continuation byte when bit 7 is set and bit 6 clear; count the others.
const cpWord = (w: number): number => {
  const cont = (w & ~(w << 1)) & 0x80808080;
  return 4 - (((cont >>> 7) * 0x01010101) >>> 24);
};
const nlByte = (x: number): number => (x === 0x0a ? 1 : 0);
// Zero bytes of w ^ 0x0a0a0a0a are the newlines; exact zero-byte test (no false positives from borrows).
const nlWord = (w: number): number => {
  const x = w ^ 0x0a0a0a0a;
  const nonZero = (((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080;
  return 4 - (((nonZero >>> 7) * 0x01010101) >>> 24);
};

/** Code points in bytes [a, b) of well-formed UTF-8 (a and b at code-point starts). */
export function countCodePoints(buf: Uint8Array, a = 0, b = buf.length): number {
  return countWords(buf, a, b, cpByte, cpWord);
}

/** `\n` bytes in [a, b). */
export function countNewlines(buf: Uint8Array, a = 0, b = buf.length): number {
  return countWords(buf, a, b, nlByte, nlWord);
}

/** Byte offset of code point `cp` counted from byte `from` (a code-point start) in well-formed UTF-8; clipped to the end. */
export function byteOfCodePoint(buf: Uint8Array, cp: number, from = 0): number {
  let count = 0;
  for (let i = from; i < buf.length; i++) {
    if ((buf[i]! & 0xc0) !== 0x80) {
      if (count === cp) return i;
      count++;
    }
  }
  return buf.length;
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
  for (let seen = 0; i > 0 && seen < k; ) {
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
