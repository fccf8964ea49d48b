import { ScratchpadError } from '../types';
import { asBuffer, byteOfCodePoint, wellFormedChunk } from './bytes';
import { encodeCursor, type SearchPosition } from './cursor';
import { HitEmitter } from './emitter';
import type { StreamScanner } from './literal';
import type { SearchResult, SearchableEntry } from './types';

/*
 * The chunk loop shared by the literal and case-folding scans: reads the entry's chunks from the cursor's
 * position, makes text chunks well-formed, feeds the scanner, stops at the limit or on abort, completes the
 * open previews from the next chunks, and writes the cursor. Memory: the current chunk, the scanner's carry and
 * the emitter's short tail, whatever the entry's size.
 */

/** Where a scan could restart: a chunk start with its line count. */
interface Mark {
  readonly cpStart: number;
  readonly lines: number;
  readonly bytes: number;
}

/**
 * Where to resume when stopping before the current chunk: every match starting more than `keepBefore` bytes
 * before it is known, so the previous chunk (when it is that long) is safe, else the chunk of the last hit's end.
 */
function safePoint(prev: Mark | null, lastEnd: { cp: number; mark: Mark }, keepBefore: number): SearchPosition {
  if (prev !== null && prev.bytes >= keepBefore && prev.cpStart >= lastEnd.mark.cpStart) {
    return { chunkStart: prev.cpStart, linesBefore: prev.lines, skip: Math.max(lastEnd.cp, prev.cpStart) };
  }
  return { chunkStart: lastEnd.mark.cpStart, linesBefore: lastEnd.mark.lines, skip: lastEnd.cp };
}

/** Parameters of {@link runStream}. */
export interface StreamRun {
  readonly entry: SearchableEntry;
  readonly scanner: StreamScanner;
  readonly from: SearchPosition;
  readonly limit: number;
  readonly previewContext: number;
  readonly fingerprint: string;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Runs the scan; INVALID_ARGUMENT when the cursor's chunk start is not a chunk start of this entry. The scanner
 * is closed when the call ends, whatever happened.
 */
export async function runStream(run: StreamRun): Promise<SearchResult> {
  try {
    return await loop(run);
  } finally {
    await run.scanner.close?.();
  }
}

async function loop(run: StreamRun): Promise<SearchResult> {
  const { entry, scanner, from, limit } = run;
  const binary = entry.kind === 'binary';
  const emit = new HitEmitter(binary, run.previewContext, scanner.keepBefore, from.linesBefore);
  let start = 0;
  let scanned = 0;
  let first = true;
  let skipPending = from.skip > from.chunkStart;
  let resume: SearchPosition | null = null;
  let truncated = false;
  let prev: Mark | null = null;
  let lastEnd = { cp: from.skip, mark: { cpStart: from.chunkStart, lines: from.linesBefore, bytes: 0 } as Mark };
  for await (const chunk of entry.chunks(from.chunkStart)) {
    if (first && chunk.cpStart !== from.chunkStart) throw new ScratchpadError('INVALID_ARGUMENT', 'cursor does not match the content');
    first = false;
    if (resume === null && run.signal?.aborted === true) {
      truncated = true;
      resume = safePoint(prev, lastEnd, scanner.keepBefore);
    }
    if (resume !== null && !emit.wantsMore) break;
    const bytes = binary ? asBuffer(chunk.bytes) : wellFormedChunk(chunk.bytes);
    scanned += chunk.bytes.length;
    const mark: Mark = { cpStart: chunk.cpStart, lines: emit.linesAtChunk, bytes: bytes.length };
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
      if (emit.count > before) lastEnd = { cp: emit.lastEnd, mark };
      // Resuming one chunk back gives the next page's first preview its left context (that chunk is not searched).
      const back = prev ?? mark;
      if (outcome === true) resume = { chunkStart: back.cpStart, linesBefore: back.lines, skip: emit.lastEnd };
      else if (outcome === 'stop') {
        truncated = true;
        // Hits of this chunk end in it: resume there; else before this chunk, where its carry began.
        resume = emit.count > before ? { chunkStart: back.cpStart, linesBefore: back.lines, skip: emit.lastEnd } : safePoint(prev, lastEnd, scanner.keepBefore);
      }
    }
    emit.end(chunk.newlines);
    start += bytes.length;
    prev = mark;
  }
  const done = resume === null || resume.skip >= entry.lengthUnits;
  return {
    hits: emit.finish(),
    nextCursor: done ? null : encodeCursor(run.fingerprint, resume!),
    scannedBytes: scanned,
    truncated,
  };
}
