/*
 * One pass over well-formed UTF-8 (bytes written from a JavaScript string): a code point starts at every byte
 * that is not 10xxxxxx, and a `\n` is the byte 0x0a (never inside a multi-byte sequence). The put's encoder
 * walks a text's bytes once with {@link Utf8Scanner.skip}, getting chunk cuts, cp_index marks and `\n` counts
 * together; whole aligned 32-bit words are counted at once (SWAR), bytes one by one only around a target.
 */

/** Marks per byte lane: 1 in a lane whose byte starts a code point (is not 10xxxxxx). */
function startLanes(x: number): number {
  return ((~x >>> 7) | (x >>> 6)) & 0x01010101;
}

/** Marks per byte lane: 1 in a lane whose byte is `\n` (exact zero-byte test of x ^ 0x0a0a0a0a, no borrow errors). */
function newlineLanes(x: number): number {
  const y = x ^ 0x0a0a0a0a;
  return ~((((y & 0x7f7f7f7f) + 0x7f7f7f7f) | y) >>> 7) & 0x01010101;
}

/** The sum of the four byte lanes of `lanes` (each lane < 64). */
function laneSum(lanes: number): number {
  return Math.imul(lanes, 0x01010101) >>> 24;
}

/** Walks the UTF-8 bytes of a well-formed text from code point to code point, counting `\n` on the way. */
export class Utf8Scanner {
  /** 32-bit words of the 4-byte-aligned part: `words[w]` holds bytes `first + 4w` to `first + 4w + 3`. */
  private readonly words: Uint32Array;
  private readonly first: number;
  /** Code points the last {@link skip} passed (fewer than asked at the end of the bytes). */
  skipped = 0;
  /** `\n` bytes among the bytes the last {@link skip} passed. */
  newlines = 0;

  constructor(readonly bytes: Buffer) {
    const first = (4 - (bytes.byteOffset & 3)) & 3;
    const count = bytes.length > first ? (bytes.length - first) >>> 2 : 0;
    this.words = new Uint32Array(bytes.buffer, bytes.byteOffset + first, count);
    this.first = first;
  }

  /**
   * Byte offset just past `count` code points from byte `from` (a code-point start), or the end of the bytes;
   * sets {@link skipped} and {@link newlines} to what it passed. Successive skips from where the last stopped
   * visit every byte once.
   */
  skip(from: number, count: number): number {
    const bytes = this.bytes;
    const n = bytes.length;
    const first = this.first;
    let k = 0;
    let nl = 0;
    let i = from;
    for (; i < n && (i < first || ((i - first) & 3) !== 0); i++) {
      const b = bytes[i]!;
      if ((b & 0xc0) !== 0x80) {
        if (k === count) break;
        k++;
        if (b === 0x0a) nl++;
      }
    }
    if (i < n && k < count && i >= first) {
      const words = this.words;
      let w = (i - first) >>> 2;
      // 8 words (32 bytes) at a time: lane sums of at most 8 per lane, so no lane overflows; one multiply per
      // block adds the lanes. A block that would pass the target is left to the word and byte loops.
      for (; w + 8 <= words.length; w += 8) {
        let m = 0;
        let l = 0;
        for (let j = w; j < w + 8; j++) {
          const x = words[j]!;
          m += startLanes(x);
          l += newlineLanes(x);
        }
        const c = laneSum(m);
        if (k + c > count) break;
        k += c;
        nl += laneSum(l);
      }
      for (; w < words.length; w++) {
        const x = words[w]!;
        const c = laneSum(startLanes(x));
        if (k + c > count) break;
        k += c;
        nl += laneSum(newlineLanes(x));
      }
      i = first + 4 * w;
    }
    for (; i < n; i++) {
      const b = bytes[i]!;
      if ((b & 0xc0) !== 0x80) {
        if (k === count) break;
        k++;
        if (b === 0x0a) nl++;
      }
    }
    this.skipped = k;
    this.newlines = nl;
    return i;
  }

  /** Bytes in [a, b) that start a 4-byte sequence (11110xxx): each is a code point of two UTF-16 units. */
  fourByteStarts(a: number, b: number): number {
    const bytes = this.bytes;
    const first = this.first;
    let n = 0;
    let i = a;
    for (; i < b && (i < first || ((i - first) & 3) !== 0); i++) n += bytes[i]! >= 0xf0 ? 1 : 0;
    if (i < b) {
      const words = this.words;
      let w = (i - first) >>> 2;
      for (; first + 4 * w + 4 <= b; w++) {
        const x = words[w]!;
        // Bit 7 of a lane survives only when its byte's bits 7..4 are all set.
        n += laneSum((x & (x << 1) & (x << 2) & (x << 3) & 0x80808080) >>> 7);
      }
      i = first + 4 * w;
    }
    for (; i < b; i++) n += bytes[i]! >= 0xf0 ? 1 : 0;
    return n;
  }
}
