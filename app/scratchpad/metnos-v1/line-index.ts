import type { ContentChunk } from '../core/backend';
import { utf8ChunksSync } from '../core/utf8-chunks';
import type { ChunkLines } from '../search/lines';
import { chunkNewlines } from '../search/lines';
import { scanChunks, type ByteSource } from './byte-source';

/*
 * The line index of a v1 text value, built in memory on first need (the file is never written): one pass over
 * the value in the same windows as `chunks` (so the chunk boundaries are the same ones a search cursor names),
 * keeping per chunk its code points, its bytes and its `\n` count. A few numbers per window (~1 MiB), so a
 * 100 MB value's index is a few hundred objects; it lives in the row's ValueFacts while the value is unchanged.
 */

/** One chunk of the index: ChunkLines plus the bytes [byteStart, byteEnd) of the value it covers. */
export interface V1ChunkSpan extends ChunkLines {
  readonly byteStart: number;
  readonly byteEnd: number;
}

/** Scans `source` once in windows of `windowBytes`. Throws ValueChangedError when the value changes meanwhile. */
export function buildLineIndex(source: ByteSource, windowBytes: number): V1ChunkSpan[] {
  const spans: V1ChunkSpan[] = [];
  let byte = 0;
  for (const c of utf8ChunksSync(scanChunks(source, windowBytes))) {
    spans.push({ cpStart: c.start, cpEnd: c.end, newlines: chunkNewlines(c.bytes), byteStart: byte, byteEnd: byte + c.bytes.length });
    byte += c.bytes.length;
  }
  return spans;
}

/** Index of the span holding code point `cp` (spans.length when cp is at or past the end). */
export function spanOf(spans: readonly V1ChunkSpan[], cp: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.cpEnd <= cp) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The chunks from the one holding `fromUnit`, read by their recorded byte ranges (with their `\n` counts). */
export function* chunksFromIndex(source: ByteSource, spans: readonly V1ChunkSpan[], fromUnit: number): Generator<ContentChunk> {
  for (let i = spanOf(spans, fromUnit); i < spans.length; i++) {
    const s = spans[i]!;
    yield { bytes: source.read(s.byteStart, s.byteEnd - s.byteStart), start: s.cpStart, end: s.cpEnd, newlines: s.newlines };
  }
}
