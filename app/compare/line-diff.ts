import { diffLines } from 'diff';
import type { TextDiff } from '../contract';
import { ByteCursor, commonPrefixLength } from './byte-cursor';
import { HunkBuilder, splitLines } from './hunks';
import { findResync } from './resync';

const NL = 0x0a;
const decoder = new TextDecoder('utf-8');

/** Budgets of {@link diffLineStreams}; past any of them the diff stops with `truncated`. */
export interface LineDiffBudget {
  /** Lines of context around each change. */
  readonly context: number;
  /** Bytes looked at per step of the equal-stretch skip (default 1 MiB). */
  readonly windowBytes: number;
  /** Largest differing region, in bytes per side, handed to the diff library. */
  readonly maxRegionBytes: number;
  /** Stop after this many removed plus added lines. */
  readonly maxChangedLines: number;
  /** Deadline as a `now()` value, in ms. */
  readonly deadlineMs: number;
  readonly now: () => number;
}

/** A line diff, and why it stopped early (null when it ran to the end of both texts). */
export interface LineDiffOutcome {
  readonly diff: TextDiff;
  readonly truncatedReason: string | null;
}

/**
 * Line diff of two UTF-8 byte streams, memory and time bounded. Equal stretches are skipped by comparing raw
 * bytes in windows (cut back to a line break), counting their lines without decoding them; where the texts
 * differ, lines are read until both sides agree again on a run of lines ({@link findResync}), and only that
 * region goes to jsdiff's `diffLines`. So the work is linear in the input and superlinear only in the regions.
 * The hunks are exact for what they cover: applied to the old text they give the new one (when not truncated).
 */
export async function diffLineStreams(oldBytes: ByteCursor, newBytes: ByteCursor, budget: LineDiffBudget): Promise<LineDiffOutcome> {
  const b = new HunkBuilder(budget.context);
  let truncatedReason: string | null = null;
  let oldLines = 0;
  let newLines = 0;
  let want = budget.windowBytes;
  for (;;) {
    if (budget.now() > budget.deadlineMs) {
      truncatedReason = 'time budget reached';
      break;
    }
    await Promise.all([oldBytes.fill(want), newBytes.fill(want)]);
    if (oldBytes.atEnd && newBytes.atEnd) break;
    const skipped = skipEqual(oldBytes, newBytes, b);
    if (skipped === UNDECIDED) {
      // The next line agrees as far as the bytes held reach: read on until it ends or differs. Handing it to the
      // resync instead would make an equal line a change (and shift the anchor onto a repeat of it).
      const held = Math.min(oldBytes.available, newBytes.available);
      if (held > budget.maxRegionBytes) {
        truncatedReason = `a line is longer than ${budget.maxRegionBytes} bytes`;
        break;
      }
      want = Math.max(budget.windowBytes, 2 * held, held + 1);
      continue;
    }
    want = budget.windowBytes;
    oldLines += skipped;
    newLines += skipped;
    if (skipped > 0) continue;
    const region = await findResync(oldBytes, newBytes, budget.maxRegionBytes);
    if (region === null) {
      truncatedReason = `a differing region is larger than ${budget.maxRegionBytes} bytes`;
      break;
    }
    const parts = diffLines(region.oldText, region.newText, { timeout: Math.max(1, budget.deadlineMs - budget.now()) });
    if (parts === undefined) {
      truncatedReason = 'time budget reached';
      break;
    }
    oldBytes.consume(region.oldBytes);
    newBytes.consume(region.newBytes);
    applyParts(b, parts);
    oldLines += region.oldLineCount;
    newLines += region.newLineCount;
    if (b.changedLines > budget.maxChangedLines) {
      truncatedReason = `more than ${budget.maxChangedLines} changed lines`;
      break;
    }
  }
  const stats = b.finish();
  const complete = truncatedReason === null;
  return {
    diff: { context: budget.context, hunks: b.hunks, stats, oldLineCount: complete ? oldLines : null, newLineCount: complete ? newLines : null },
    truncatedReason,
  };
}

function applyParts(b: HunkBuilder, parts: ReturnType<typeof diffLines>): void {
  for (const part of parts) {
    const lines = splitLines(part.value);
    if (part.removed) b.removed(lines);
    else if (part.added) b.added(lines);
    else b.equalLines(lines);
  }
}

/** {@link skipEqual}'s answer when the next line agrees up to the end of the bytes one side holds. */
const UNDECIDED = -1;

/**
 * Skips the longest common, line-aligned prefix of what both cursors hold; returns the lines skipped, 0 when the
 * next lines differ, or UNDECIDED when the next line agrees as far as a side that has not ended holds bytes (a line
 * longer than the window, or one cut by the window's edge): the caller must read more before deciding.
 * Only the first 2 × context and last context lines of the stretch are decoded.
 */
function skipEqual(a: ByteCursor, c: ByteCursor, b: HunkBuilder): number {
  const va = a.view();
  const vc = c.view();
  const n = commonPrefixLength(va, vc);
  let cut: number;
  if (n === va.length && n === vc.length && a.ended && c.ended)
    cut = n; // both ended here: the rest is equal
  else cut = n === 0 ? 0 : va.lastIndexOf(NL, n - 1) + 1; // (lastIndexOf(x, -1) would search from the end)
  if (cut === 0) return (n === va.length && !a.ended) || (n === vc.length && !c.ended) ? UNDECIDED : 0;
  const stretch = va.subarray(0, cut);
  const count = countLines(stretch);
  b.equal(count, firstLines(stretch, 2 * b.context), lastLines(stretch, b.context));
  a.consume(cut);
  c.consume(cut);
  return count;
}

/** Lines in bytes that end at a line break, or at the end of the text. */
function countLines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(NL); at !== -1; at = bytes.indexOf(NL, at + 1)) count++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== NL ? count + 1 : count;
}

function firstLines(bytes: Uint8Array, k: number): string[] {
  const out: string[] = [];
  let from = 0;
  while (out.length < k && from < bytes.length) {
    const nl = bytes.indexOf(NL, from);
    const to = nl === -1 ? bytes.length : nl + 1;
    out.push(decoder.decode(bytes.subarray(from, to)));
    from = to;
  }
  return out;
}

function lastLines(bytes: Uint8Array, k: number): string[] {
  const out: string[] = [];
  let to = bytes.length;
  while (out.length < k && to > 0) {
    const from = to < 2 ? 0 : bytes.lastIndexOf(NL, to - 2) + 1;
    out.unshift(decoder.decode(bytes.subarray(from, to)));
    to = from;
  }
  return out;
}
