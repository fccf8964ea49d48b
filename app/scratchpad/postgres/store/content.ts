import type pg from 'pg';
import type { ContentChunk } from '../../core/backend';
import { ScratchpadError } from '../../types';
import { readChunks } from '../data/chunks';
import type { EntryRow } from './rows';

/** Bytes of content fetched per query when streaming: large enough that a scan is not round-trip bound. */
const STREAM_BATCH_BYTES = 4 * 1024 * 1024;

/** Runs one read transaction (bound to the scope the entry was found with). */
export type ReadTx = <T>(fn: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

/**
 * The content of `row` in order, chunk by chunk, fetched in batches of about {@link STREAM_BATCH_BYTES} (one
 * short read transaction each, so a long scan holds no snapshot), the next batch requested while the caller
 * works on the current one. Text chunks are whole code points with their unit range. NOT_FOUND when chunks go
 * missing mid-way (the entry was removed by gc; row numbers come from a sequence, so they are never reused).
 */
export async function* streamChunks(read: ReadTx, row: EntryRow, fromUnit = 0): AsyncGenerator<ContentChunk> {
  const count = Math.max(1, Math.ceil(row.lengthUnits / row.chunkUnits));
  // Chunks hold chunkUnits units each (the last fewer), so the one holding fromUnit is found by division.
  const first = Math.floor(Math.max(0, fromUnit) / row.chunkUnits);
  if (fromUnit > 0 && first >= count) return;
  const maxChunkBytes = row.kind === 'text' ? row.chunkUnits * 4 : row.chunkUnits;
  const perBatch = Math.max(1, Math.min(256, Math.floor(STREAM_BATCH_BYTES / maxChunkBytes)));
  const fetch = (from: number) => read((c) => readChunks(c, row.pk, from, Math.min(count, from + perBatch) - 1));
  let pending: Promise<Awaited<ReturnType<typeof readChunks>>> | null = fetch(first);
  for (let from = first; pending !== null; from += perBatch) {
    const chunks = await pending;
    const expected = Math.min(count, from + perBatch) - from;
    if (chunks.length !== expected) throw new ScratchpadError('NOT_FOUND', `entry ${row.id} was removed while its content was read`);
    pending = from + perBatch < count ? fetch(from + perBatch) : null;
    // A rejected prefetch is reported when awaited; until then it must not count as unhandled.
    pending?.catch(() => undefined);
    for (const c of chunks) {
      if (row.lengthUnits === 0) return;
      yield {
        bytes: c.data,
        start: c.unitStart,
        end: c.unitStart + (row.kind === 'text' ? c.units : c.data.length),
        ...(row.kind === 'text' ? { newlines: c.newlines } : {}),
      };
    }
  }
}
