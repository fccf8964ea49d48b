import { lineOfOffset, lineTable, readLines, totalLines, type ChunkReader, type LineTable, type LinesSlice } from '../search/lines';
import { ScratchpadError } from '../types';
import type { BackendReader, EntryRecord } from './backend';

/*
 * Lines over a backend: the search module's line rules (search/lines.ts: `\n` and `\r\n` break, a lone `\r`
 * does not; "a\n" has one line) over the backend's line index and its chunks. Every answer reads the index and
 * the chunks it names (the one holding a slice's start, the last one), never the whole value.
 */

/** A text entry's line table and a reader of its chunks by index (memoised for the call). */
export interface EntryLines {
  readonly table: LineTable;
  readonly read: ChunkReader;
}

/**
 * The lines of a text `entry`, or null when `build` is false and the backend has no index at hand.
 * NOT_FOUND when the entry was removed meanwhile.
 */
export async function entryLines(reader: BackendReader, entry: EntryRecord, build: boolean): Promise<EntryLines | null> {
  const index = await reader.lineIndex(entry, { build });
  if (index === null) {
    if (!build) return null;
    throw new ScratchpadError('NOT_FOUND', `entry ${entry.id} was removed`);
  }
  const table = lineTable(index);
  const memo = new Map<number, Uint8Array>();
  const read: ChunkReader = async (i) => {
    const known = memo.get(i);
    if (known !== undefined) return known;
    const want = table.chunks[i]!;
    for await (const chunk of reader.chunks(entry, want.cpStart)) {
      if (chunk.start !== want.cpStart) throw new ScratchpadError('CORRUPT', `entry ${entry.id}: chunk ${i} is not where its line index says`);
      memo.set(i, chunk.bytes);
      return chunk.bytes;
    }
    throw new ScratchpadError('NOT_FOUND', `entry ${entry.id} was removed`);
  };
  return { table, read };
}

/** Line facts for a read's meta: 1-based line of code point `start` and the line count. */
export async function lineFacts(lines: EntryLines, start: number): Promise<{ startLine: number; totalLines: number }> {
  const total = await totalLines(lines.table, lines.read);
  return { startLine: await lineOfOffset(lines.table, lines.read, Math.min(start, lines.table.lengthCodePoints)), totalLines: total };
}

/** Lines [start, end) (0-based) without terminators, at most `maxCodePoints` read; see search/lines.ts readLines. */
export function linesOf(lines: EntryLines, start: number, end: number, maxCodePoints: number): Promise<LinesSlice> {
  return readLines(lines.table, lines.read, start, end, maxCodePoints);
}
