/*
 * UTF-8 decoding in "segments", exactly as the WHATWG Encoding Standard's UTF-8 decoder (TextDecoder without
 * `fatal`) decodes: every segment is either one valid sequence (1-4 bytes -> one code point) or one maximal
 * invalid subpart (1-3 bytes -> one U+FFFD). The decoded text is the concatenation of the segments' code points,
 * so "code point k" is "segment k", and a byte slice cut at segment boundaries decodes on its own to exactly the
 * code points a full decode gives for that part.
 *
 * A byte that is not a continuation byte (0x80-0xBF) always starts a segment, so boundaries can be found from
 * any such byte without decoding from the start of the value.
 */

/**
 * Byte length of the segment starting at `i` (a segment boundary) in `bytes[..end)`.
 * Returns 0 when the segment runs past `end` and `end` is not the end of the value (more bytes are needed).
 * At the end of the value an incomplete sequence is one segment (one U+FFFD), as in the WHATWG decoder.
 */
export function segmentLength(bytes: Uint8Array, i: number, end: number, atValueEnd: boolean): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  let need: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) lower = 0xa0;
    else if (lead === 0xed) upper = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) lower = 0x90;
    else if (lead === 0xf4) upper = 0x8f;
  } else return 1; // 0x80-0xC1 and 0xF5-0xFF are never valid leads: one U+FFFD each.
  for (let k = 1; k <= need; k++) {
    if (i + k >= end) return atValueEnd ? k : 0;
    const b = bytes[i + k]!;
    if (b < lower || b > upper) return k; // the byte is not consumed: it starts the next segment
    lower = 0x80;
    upper = 0xbf;
  }
  return need + 1;
}

/** Where a walk over segments stopped. */
export interface WalkResult {
  /** Byte index (in the window) of the first segment not walked: always a segment boundary. */
  readonly pos: number;
  /** Segments (= code points) walked. */
  readonly count: number;
}

/**
 * Walks whole segments from the boundary `pos` of `bytes[..end)`, stopping after `maxSegments` segments, at the
 * first segment starting at or after `stopAtByte`, or where a segment needs bytes past `end` (unless
 * `atValueEnd`).
 */
export function walkSegments(
  bytes: Uint8Array,
  pos: number,
  end: number,
  atValueEnd: boolean,
  maxSegments = Number.POSITIVE_INFINITY,
  stopAtByte = Number.POSITIVE_INFINITY,
): WalkResult {
  let count = 0;
  const limit = Math.min(end, stopAtByte);
  while (pos < limit && count < maxSegments) {
    // ASCII fast path: one byte, one segment.
    if (bytes[pos]! < 0x80) {
      pos++;
      count++;
      continue;
    }
    const len = segmentLength(bytes, pos, end, atValueEnd);
    if (len === 0) break;
    pos += len;
    count++;
  }
  return { pos, count };
}
