import { ScratchpadError } from '../types';
import { describeValue } from '../validate';
import { byteOfCodePoint, countCodePoints, countNewlines, wellFormedChunk } from './bytes';
import type { ContentChunk } from './types';

/*
 * The line index of a text entry: per chunk, its `\n` count. Line breaks are `\n`; `\r\n` is one break (its
 * `\r` is dropped from the line's text); a lone `\r` is no break and stays in the line (as in the files the
 * runtimes write, which are `\n` or `\r\n`; old Mac `\r` files would otherwise turn every `\r\n` question into
 * two). Lines are 0-based like the other modes' offsets; "line of an offset" answers 1-based, as editors show.
 * A text has as many lines as `\n`s, plus one when it is non-empty and does not end with `\n` (so "a\n" has one
 * line, "" none). Every answer reads at most the chunks it names, never the whole entry.
 */

/** One chunk of the index: its code points [cpStart, cpEnd) and its `\n` count. */
export interface ChunkLines {
  readonly cpStart: number;
  readonly cpEnd: number;
  readonly newlines: number;
}

/** Reads the bytes of chunk `index` (the same chunking as the index). */
export type ChunkReader = (index: number) => Promise<Uint8Array>;

/** An index ready for lookups: the chunks and the `\n` count before each (prefix sums). */
export interface LineTable {
  readonly chunks: readonly ChunkLines[];
  readonly before: readonly number[];
  readonly newlines: number;
  readonly lengthCodePoints: number;
}

/** The `\n` count of a chunk's bytes (what a backend stores per chunk at put, or a migration fills). */
export function chunkNewlines(bytes: Uint8Array): number {
  return countNewlines(bytes);
}

/** Builds the index from an entry's chunks (metnos-v1: on first need, kept in memory for the open file). */
export async function buildLineCounts(chunks: AsyncIterable<ContentChunk>): Promise<ChunkLines[]> {
  const out: ChunkLines[] = [];
  for await (const c of chunks) out.push({ cpStart: c.cpStart, cpEnd: c.cpEnd, newlines: c.newlines ?? countNewlines(c.bytes) });
  return out;
}

/** Prefix sums over the per-chunk counts (chunks in order, contiguous from 0). */
export function lineTable(chunks: readonly ChunkLines[]): LineTable {
  const before: number[] = [];
  let n = 0;
  for (const c of chunks) {
    before.push(n);
    n += c.newlines;
  }
  return { chunks, before, newlines: n, lengthCodePoints: chunks.length === 0 ? 0 : chunks[chunks.length - 1]!.cpEnd };
}

/** Index of the chunk holding code point `cp` (the last chunk for cp = length). */
function chunkOf(t: LineTable, cp: number): number {
  let lo = 0;
  let hi = t.chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (t.chunks[mid]!.cpStart <= cp) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Total number of lines (reads the last non-empty chunk to see whether the text ends with `\n`). */
export async function totalLines(t: LineTable, read: ChunkReader): Promise<number> {
  for (let i = t.chunks.length - 1; i >= 0; i--) {
    if (t.chunks[i]!.cpEnd === t.chunks[i]!.cpStart) continue;
    const bytes = await read(i);
    return t.newlines + (bytes[bytes.length - 1] === 0x0a ? 0 : 1);
  }
  return 0;
}

function checkCount(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new ScratchpadError('INVALID_ARGUMENT', `${name} must be an integer >= 0, got ${describeValue(v)}`);
  }
  return v;
}

/** 1-based line of code point `cp` (0 <= cp <= length; the line a cursor there is on). INVALID_ARGUMENT otherwise. */
export async function lineOfOffset(t: LineTable, read: ChunkReader, cp: number): Promise<number> {
  checkCount('offset', cp);
  if (cp > t.lengthCodePoints) throw new ScratchpadError('INVALID_ARGUMENT', `offset ${cp} is past the end (${t.lengthCodePoints})`);
  if (t.chunks.length === 0) return 1;
  const i = chunkOf(t, cp);
  const bytes = wellFormedChunk(await read(i));
  return 1 + t.before[i]! + countNewlines(bytes, 0, byteOfCodePoint(bytes, cp - t.chunks[i]!.cpStart));
}

/**
 * Code point where 0-based line `k` starts: 0 for line 0, else just after the k-th `\n`; the length when there
 * are not that many `\n`s (the end, where a line after the last would start).
 */
export async function lineStart(t: LineTable, read: ChunkReader, k: number): Promise<number> {
  checkCount('line', k);
  if (k === 0) return 0;
  if (k > t.newlines) return t.lengthCodePoints;
  let lo = 0;
  let hi = t.chunks.length - 1;
  while (lo < hi) {
    // first chunk whose count reaches k
    const mid = (lo + hi) >>> 1;
    if (t.before[mid]! + t.chunks[mid]!.newlines >= k) hi = mid;
    else lo = mid + 1;
  }
  const bytes = wellFormedChunk(await read(lo));
  let p = -1;
  for (let left = k - t.before[lo]!; left > 0; left--) p = bytes.indexOf(0x0a, p + 1);
  return t.chunks[lo]!.cpStart + countCodePoints(bytes, 0, p) + 1;
}

/** Text of code points [a, b), reading only the chunks it spans. */
export async function readCodePoints(t: LineTable, read: ChunkReader, a: number, b: number): Promise<string> {
  if (b <= a) return '';
  const parts: string[] = [];
  for (let i = chunkOf(t, a); i < t.chunks.length && t.chunks[i]!.cpStart < b; i++) {
    const c = t.chunks[i]!;
    const bytes = wellFormedChunk(await read(i));
    const from = a > c.cpStart ? byteOfCodePoint(bytes, a - c.cpStart) : 0;
    const to = b < c.cpEnd ? byteOfCodePoint(bytes, b - Math.max(a, c.cpStart), from) : bytes.length;
    parts.push(bytes.toString('utf8', from, to));
  }
  return parts.join('');
}

/** Result of a `lines` read: the lines without terminators, and where they lie. */
export interface LinesSlice {
  readonly lines: readonly string[];
  readonly meta: {
    /** Code points [startOffset, endOffset) of the slice (terminators of the lines included). */
    readonly startOffset: number;
    readonly endOffset: number;
    /** First line returned and the end of the range actually returned (0-based, end exclusive). */
    readonly start: number;
    readonly end: number;
    readonly totalLines: number;
    /** True when `maxCodePoints` cut the slice (its last line is then partial). */
    readonly truncated: boolean;
  };
}

/**
 * Lines [start, end) (0-based, end clipped to the line count), each without its `\n` or `\r\n`. At most
 * `maxCodePoints` code points are read (then `truncated`). INVALID_ARGUMENT for a negative or non-integer start/end,
 * or end < start.
 */
export async function readLines(t: LineTable, read: ChunkReader, start: number, end: number, maxCodePoints = Number.MAX_SAFE_INTEGER): Promise<LinesSlice> {
  checkCount('start', start);
  checkCount('end', end);
  if (end < start) throw new ScratchpadError('INVALID_ARGUMENT', `end (${end}) must be >= start (${start})`);
  const total = await totalLines(t, read);
  const s = Math.min(start, total);
  const e = Math.min(end, total);
  const a = await lineStart(t, read, s);
  let b = e >= total ? t.lengthCodePoints : await lineStart(t, read, e);
  const truncated = b - a > maxCodePoints;
  if (truncated) b = a + maxCodePoints;
  const text = await readCodePoints(t, read, a, b);
  const lines = text === '' ? [] : text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  const terminated = text.endsWith('\n') ? lines.length : lines.length - 1;
  for (let i = 0; i < terminated; i++) if (lines[i]!.endsWith('\r')) lines[i] = lines[i]!.slice(0, -1);
  return { lines, meta: { startOffset: a, endOffset: b, start: s, end: truncated ? s + lines.length : e, totalLines: total, truncated } };
}
