import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Principal } from '../../app/contract';
import type { Scratchpad } from '../../app/scratchpad/types';
import type { ExportProgress, ExportResult } from './client';

/** Default export chunk size, in bytes (1 MiB). */
export const DEFAULT_EXPORT_CHUNK_BYTES = 1_048_576;

/**
 * Streams one entry's raw content (text as UTF-8, binary as is) from `pad` to `targetPath`, chunk by chunk, via
 * a temporary sibling file renamed on success. Reports progress after every chunk; yields to the event loop between
 * chunks. NOT_FOUND (from the store) for missing or foreign ids, before any file is created.
 */
export async function exportEntryToFile(
  pad: Scratchpad,
  principal: Principal,
  id: string,
  targetPath: string,
  onProgress: (p: ExportProgress) => void = () => {},
  chunkBytes = DEFAULT_EXPORT_CHUNK_BYTES,
): Promise<ExportResult> {
  const totalBytes = (await pad.describe(principal, id)).meta.sizeBytes;
  const chunks = await pad.iterateContent(principal, id, chunkBytes);
  const temp = join(dirname(targetPath), `.${basename(targetPath)}.${process.pid}.${Date.now()}.partial`);
  const fd = openSync(temp, 'wx');
  let bytesWritten = 0;
  try {
    for await (const chunk of chunks) {
      let offset = 0;
      while (offset < chunk.byteLength) offset += writeSync(fd, chunk, offset, chunk.byteLength - offset);
      bytesWritten += chunk.byteLength;
      onProgress({ bytesWritten, totalBytes });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, targetPath);
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(temp, { force: true });
    throw err;
  }
  return { bytesWritten, totalBytes };
}
