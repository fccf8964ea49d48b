import { isAscii } from 'node:buffer';
import { CP_INDEX_STEP } from './chunk-layout';

/*
 * Code-point slicing inside one stored text chunk (UTF-8 bytes), reading only the bytes it needs. A code point
 * starts at every byte that is not a continuation byte (10xxxxxx); invalid UTF-8 decodes as U+FFFD.
 */

/** Byte offset of the `n`-th code point counted from byte `from` (itself a code-point start); clipped to the end. */
function skipCodePoints(data: Uint8Array, from: number, n: number): number {
  let count = 0;
  for (let i = from; i < data.length; i++) {
    if (((data[i] as number) & 0xc0) !== 0x80) {
      if (count === n) return i;
      count++;
    }
  }
  return data.length;
}

/** Byte offset of code point `cp`, starting from the nearest known point: (knownCp, knownByte) or a cp_index mark. */
function locate(data: Uint8Array, cpIndex: Buffer | null, cp: number, knownCp: number, knownByte: number): number {
  const mark = Math.floor(cp / CP_INDEX_STEP);
  if (cpIndex !== null && mark > 0 && mark * CP_INDEX_STEP > knownCp && (mark - 1) * 4 + 4 <= cpIndex.length) {
    return skipCodePoints(data, cpIndex.readUInt32LE((mark - 1) * 4), cp - mark * CP_INDEX_STEP);
  }
  return skipCodePoints(data, knownByte, cp - knownCp);
}

/**
 * Code points [a, b) of a chunk holding `chunkCodePoints` code points. ASCII chunks are cut by byte; others find
 * the first byte through the chunk's cp_index (at most CP_INDEX_STEP code points scanned) and decode only
 * the bytes of the slice.
 */
export function chunkCodePoints(data: Buffer, cpIndex: Buffer | null, a: number, b: number, chunkCodePoints: number): string {
  if (b <= a) return '';
  if (isAscii(data)) return data.toString('latin1', a, Math.min(b, data.length));
  const from = a === 0 ? 0 : locate(data, cpIndex, a, 0, 0);
  const to = b >= chunkCodePoints ? data.length : locate(data, cpIndex, b, a, from);
  return data.toString('utf8', from, to);
}
