import { ScratchpadError } from '../types';
import { scanChunks, ValueChangedError } from './byte-source';
import { notFound, type V1Env } from './env';
import { findValueRow } from './rows';
import { mapV1Error, withV1Errors } from './v1-errors';
import { rowByteSource } from './value-source';

/** Default chunk of {@link iterateEntryContent}, in bytes. */
export const DEFAULT_CHUNK_BYTES = 1_048_576;

/**
 * The raw content of a row in order, as chunks of at most `chunkBytes` bytes, read window by window inside
 * SQLite (never the whole value at once, no lock held between chunks). The row is looked up now (NOT_FOUND);
 * a row deleted or changed during the iteration ends it with BUSY. INVALID_ARGUMENT for a bad chunk size.
 * The result may be iterated more than once; each pass reads afresh.
 */
export function iterateEntryContent(env: V1Env, id: string, chunkBytes = DEFAULT_CHUNK_BYTES): Iterable<Uint8Array> {
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 1) {
    throw new ScratchpadError('INVALID_ARGUMENT', `chunkBytes must be an integer >= 1, got ${chunkBytes}`);
  }
  const { ctx, tuning } = env;
  const row = withV1Errors(ctx.path, 'read', () => findValueRow(ctx, id));
  if (!row) throw notFound(id);
  const source = rowByteSource(ctx, row);
  const windowBytes = Math.max(chunkBytes, tuning.scanWindowBytes(source.byteLength));
  function* chunks(): Generator<Uint8Array> {
    try {
      for (const window of scanChunks(source, windowBytes)) {
        for (let at = 0; at < window.length; at += chunkBytes) yield window.subarray(at, at + chunkBytes);
      }
    } catch (error) {
      if (error instanceof ValueChangedError) throw new ScratchpadError('BUSY', `${ctx.path}: entry ${id} changed or was deleted during the export`);
      throw mapV1Error(error, ctx.path, 'read');
    }
  }
  return { [Symbol.iterator]: chunks };
}
