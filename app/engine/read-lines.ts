import type { EntryMeta, ErrorShape, Principal, ReadMeta } from '../contract';
import { codePointLength } from '../common/codepoints';
import type { Scratchpad } from '../scratchpad/types';
import type { ScratchpadReadArgs } from './tool';

/*
 * Mode "lines" of scratchpad_read over the store's lines mode (read(..., { mode: 'lines', start, end })): the
 * store finds lines through its line index (v2's chunk_lines, metnos-v1's in-memory index, PostgreSQL's), so
 * lines near the end of a huge entry cost what lines near its start cost. This file only resolves negative
 * numbers against the line count and fits whole lines into the tool's cap.
 */

/** A served lines read: what the tool returns, before the read log and metrics. */
export interface LinesAnswer {
  /** The lines joined with `\n` (each without its own `\n` or `\r\n`). */
  readonly content: string;
  readonly meta: ReadMeta;
  /** 0-based lines [start, end) returned; when one line is longer than the cap, [start, start + 1) holds its first part. */
  readonly lineRange: { readonly start: number; readonly end: number };
  readonly truncated: boolean;
  /** When truncated: the first line not returned whole, to pass as the next `start`. */
  readonly nextLine?: number;
  /** When one line was longer than the cap: the code point where the rest of that line starts (mode "range"). */
  readonly nextStart?: number;
  readonly hint?: string;
}

const invalid = (message: string): ErrorShape => ({ code: 'INVALID_ARGUMENT', message });

/** Line number `v` (negative: from the end) as a 0-based line, clamped to [0, total]. */
const fromEnd = (v: number, total: number): number => (v < 0 ? Math.max(0, total + v) : Math.min(v, total));

/** How many of `lines`, joined with `\n`, fit in `cap` code points (whole lines only). */
function wholeLinesWithin(lines: readonly string[], cap: number): number {
  let used = 0;
  for (let k = 0; k < lines.length; k++) {
    used += codePointLength(lines[k]!) + (k > 0 ? 1 : 0);
    if (used > cap) return k;
  }
  return lines.length;
}

/**
 * Lines [start, end) of the text entry `entry` for the tool, at most `cap` code points of content. Numbers are
 * 0-based; a negative start or end counts from the line count (start -100: the last 100 lines); end defaults to
 * start + n; both are clamped to the line count. Returns INVALID_ARGUMENT for a binary entry or an end before
 * start (after resolving negatives). Throws what the store throws (NOT_FOUND when removed meanwhile, BUSY, CORRUPT).
 * Longer than `cap`: the whole lines that fit, `truncated`, `nextLine`; a first line longer than `cap` alone
 * comes back cut at `cap` code points with `nextStart` for the rest of it.
 */
export async function readLinesForTool(
  store: Scratchpad,
  principal: Principal,
  entry: EntryMeta,
  a: ScratchpadReadArgs,
  cap: number,
): Promise<LinesAnswer | ErrorShape> {
  const id = entry.id;
  if (entry.kind !== 'text') return invalid(`scratchpad entry ${JSON.stringify(id)} is binary: mode "lines" reads text only; use head, tail or range`);
  const askedStart = a.start ?? 0;
  let total: number | null = null;
  if (askedStart < 0 || (a.end ?? 0) < 0) total = (await store.read(principal, id, { mode: 'lines', start: 0, end: 0 })).meta.totalLines ?? 0;
  const start = total === null ? askedStart : fromEnd(askedStart, total);
  const end = a.end === undefined ? Math.min(start + a.n, Number.MAX_SAFE_INTEGER) : total === null ? a.end : fromEnd(a.end, total);
  if (end < start)
    return invalid(`end (${a.end}) must be >= start (${askedStart}) in mode "lines"${total === null ? '' : ` (lines ${end} and ${start} of ${total})`}`);
  const all = await store.read(principal, id, { mode: 'lines', start, end });
  const lines = all.lines ?? [];
  const whole = all.meta.truncated ? lines.length - 1 : lines.length;
  const k = Math.min(whole, wholeLinesWithin(lines, cap));
  const first = all.meta.startLine! - 1;
  const askedEnd = Math.min(end, all.meta.totalLines ?? end);
  if (k === lines.length) return { content: all.content, meta: all.meta, lineRange: { start: first, end: first + k }, truncated: false };
  const rest = { scratchpad_id: id, mode: 'lines', start: first + k, end: askedEnd };
  if (k > 0) {
    const fit = await store.read(principal, id, { mode: 'lines', start: first, end: first + k });
    return {
      content: fit.content,
      meta: { ...fit.meta, truncated: true },
      lineRange: { start: first, end: first + k },
      truncated: true,
      nextLine: first + k,
      hint: `Returned lines ${first} to ${first + k} of ${fit.meta.totalLines} (counted from 0). For the next lines call scratchpad_read with ${JSON.stringify(rest)}.`,
    };
  }
  // The first line alone is longer than the cap: its first part, and where the rest of it starts.
  const part = await store.read(principal, id, { mode: 'range', start: all.meta.start, end: all.meta.start + cap });
  const lineEnd = all.meta.truncated ? null : all.meta.start + codePointLength(lines[0]!);
  const restOfLine = { scratchpad_id: id, mode: 'range', start: part.meta.end, ...(lineEnd === null ? {} : { end: lineEnd }) };
  const after = first + 1 < askedEnd ? ` For the lines after it call scratchpad_read with ${JSON.stringify({ ...rest, start: first + 1 })}.` : '';
  return {
    content: part.content,
    meta: { ...part.meta, truncated: true, startLine: first + 1, totalLines: all.meta.totalLines ?? null },
    lineRange: { start: first, end: first + 1 },
    truncated: true,
    nextLine: first + 1,
    nextStart: part.meta.end,
    hint: `Line ${first} is longer than ${cap} characters: returned its first ${part.meta.end - part.meta.start}. For the rest of it call scratchpad_read with ${JSON.stringify(restOfLine)}.${after}`,
  };
}
