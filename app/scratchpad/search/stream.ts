import { ScratchpadError } from '../types';
import { asBuffer, byteOfCodePoint, wellFormedChunk } from './bytes';
import { encodeCursor, type SearchPosition } from './cursor';
import { HitEmitter, type HitFactory } from './emitter';
import type { StreamScanner } from './literal';
import type { SearchResult, SearchableEntry } from './types';

/*
 * The chunk loop shared by the literal and case-folding scans: reads the entry's chunks from the cursor's
 * position, makes text chunks well-formed, feeds the scanner, stops at the limit or on abort, completes the
 * open previews from the next chunks, and writes the cursor. Memory: the current chunk, the scanner's carry and
 * the emitter's short tail, whatever the entry's size.
 */

/** Where a scan could restart: a chunk start (code point, global byte) with the line count before it. */
interface Mark {
  readonly cpStart: number;
  readonly lines: number;
  readonly start: number;
}

/**
 * The cursor position for "no hit starts before unit `skip`": the chunk holding `skip`, and with `back` one
 * chunk further back when known (so the next page's first preview has its left context; that chunk is skipped,
 * not searched).
 */
function resumeAt(marks: readonly Mark[], skip: number, from: SearchPosition, back: boolean): SearchPosition {
  let k = marks.length - 1;
  while (k >= 0 && marks[k]!.cpStart > skip) k--;
  if (k === -1) return { chunkStart: from.chunkStart, linesBefore: from.linesBefore, skip: Math.max(skip, from.chunkStart) };
  const m = marks[back ? Math.max(0, k - 1) : k]!;
  return { chunkStart: m.cpStart, linesBefore: m.lines, skip };
}

/** Parameters of {@link runStream}. */
export interface StreamRun<H> {
  readonly entry: SearchableEntry;
  readonly scanner: StreamScanner;
  readonly from: SearchPosition;
  readonly limit: number;
  readonly previewContext: number;
  readonly fingerprint: string;
  readonly signal?: AbortSignal | undefined;
  readonly makeHit: HitFactory<H>;
}

/**
 * Runs the scan; INVALID_ARGUMENT when the cursor's chunk start is not a chunk start of this entry. The scanner
 * is closed when the call ends, whatever happened.
 */
export async function runStream<H>(run: StreamRun<H>): Promise<SearchResult<H>> {
  try {
    return await loop(run);
  } finally {
    await run.scanner.close?.();
  }
}

async function loop<H>(run: StreamRun<H>): Promise<SearchResult<H>> {
  const { entry, scanner, from, limit } = run;
  const binary = entry.kind === 'binary';
  const emit = new HitEmitter(binary, run.previewContext, scanner.keepBefore, from.linesBefore, run.makeHit);
  let start = 0;
  let scanned = 0;
  let first = true;
  let skipPending = from.skip > from.chunkStart;
  let resume: SearchPosition | null = null;
  let truncated = false;
  const marks: Mark[] = [];
  const lastEnd = (): number => (emit.count > 0 ? emit.lastEnd : from.skip);
  for await (const chunk of entry.chunks(from.chunkStart)) {
    if (first && chunk.cpStart !== from.chunkStart) throw new ScratchpadError('INVALID_ARGUMENT', 'cursor does not match the content');
    first = false;
    if (resume === null && run.signal?.aborted === true) {
      truncated = true;
      resume = resumeAt(marks, Math.max(lastEnd(), chunk.cpStart - scanner.carriedUnits(binary)), from, false);
    }
    if (resume !== null && !emit.wantsMore) break;
    const bytes = binary || chunk.wellFormed === true ? asBuffer(chunk.bytes) : wellFormedChunk(chunk.bytes);
    scanned += chunk.bytes.length;
    if (resume === null) {
      marks.push({ cpStart: chunk.cpStart, lines: emit.linesAtChunk, start });
      // Keep the chunk starts a resume may need: two at or before the carry's horizon, and all after it.
      while (marks.length > 3 && marks[2]!.start <= start - scanner.keepBefore) marks.shift();
    }
    emit.begin(bytes, start, chunk.cpStart);
    if (resume === null) {
      if (skipPending) {
        const rel = from.skip - chunk.cpStart;
        const within = from.skip < chunk.cpEnd;
        scanner.skip = start + (!within ? bytes.length : binary ? rel : byteOfCodePoint(bytes, rel));
        skipPending = !within;
      }
      const before = emit.count;
      const outcome = await scanner.scan(bytes, start, emit, limit, chunk.cpEnd);
      if (outcome === true) resume = resumeAt(marks, emit.lastEnd, from, true);
      else if (outcome === 'stop') {
        truncated = true;
        // Hits are reported in order: none starts before the last one's end; without one, every match starting
        // before the carry is decided. No step back then, so a call that reads past its carry makes progress.
        const decided = Math.max(lastEnd(), chunk.cpStart - scanner.carriedUnits(binary));
        resume = emit.count > before ? resumeAt(marks, emit.lastEnd, from, true) : resumeAt(marks, decided, from, false);
      }
    }
    emit.end(chunk.newlines);
    start += bytes.length;
  }
  const done = resume === null || resume.skip >= entry.lengthUnits;
  return {
    hits: emit.finish(),
    nextCursor: done ? null : encodeCursor(run.fingerprint, resume!),
    scannedBytes: scanned,
    truncated,
  };
}
