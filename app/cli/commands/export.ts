import { ScratchpadError } from '../../contract';
import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Scratchpad } from '../../scratchpad/types';
import { checkTarget, commitTemp, tempPathBeside } from '../../files/replace';
import { formatBytes } from '../format';
import { writeAll, type CliIo } from '../io';
import { progressBar } from '../progress';
import { printJson, type CommonArgs } from './common';

/** Arguments of `export`. */
export interface ExportArgs extends CommonArgs {
  readonly id: string;
  /** The file to write, or `-` for stdout. */
  readonly file: string;
  /** Replace an existing regular file (default: an existing file is an error, exit 5). */
  readonly force?: boolean;
  /** Chunk size in bytes handed to iterateContent (default 1 MiB). */
  readonly chunkBytes?: number;
}

/** What `export` wrote. */
export interface ExportResult {
  readonly id: string;
  /** The file written, or `-` for stdout. */
  readonly path: string;
  readonly bytesWritten: number;
  /** sha256 of the bytes written, checked against the store's. */
  readonly sha256: string;
}

/**
 * `export ID FILE`: streams the raw content (text as its UTF-8 bytes) chunk by chunk with the store's
 * iterateContent, never holding the whole value, and verifies its sha256 against describe's; a progress bar on
 * stderr when it is a terminal. FILE is written as a temporary file beside it, fsynced, and renamed over FILE
 * only when complete and verified, so a failure leaves FILE exactly as it was. Refused without writing
 * anything (exit 5): an existing file without `force`, the open database and its -wal/-shm/-journal, a
 * directory, anything not a regular file. `-` streams to stdout (refused on a terminal and with --json).
 * JSON: {@link ExportResult}.
 */
export async function runExport(store: Scratchpad, args: ExportArgs, io: CliIo): Promise<ExportResult> {
  const toStdout = args.file === '-';
  if (toStdout && args.json) throw new ScratchpadError('USAGE', '--json cannot be combined with export to stdout (-)');
  if (toStdout && io.stdout.isTTY) throw new ScratchpadError('USAGE', 'refusing to write raw bytes to a terminal: redirect or pipe stdout');
  let target: ReturnType<typeof checkTarget> | null = null;
  if (!toStdout) target = checkTarget(args.file, { force: args.force === true, protect: [store.path] });
  const description = await store.describe(args.principal, args.id);
  const temp = target ? tempPathBeside(target.path) : null;
  let file;
  try {
    file = temp ? await open(temp, 'wx', 0o666) : null; // the umask applies, as for any new file
  } catch (e) {
    throw new ScratchpadError('IO', `cannot write ${args.file}: ${(e as Error).message}`);
  }
  const hash = createHash('sha256');
  const progress = progressBar(io.stderr, description.meta.sizeBytes, `export ${args.id}`);
  let written = 0;
  try {
    for await (const chunk of await store.iterateContent(args.principal, args.id, args.chunkBytes)) {
      hash.update(chunk);
      written += chunk.length;
      if (file) await file.write(chunk);
      else await writeAll(io.stdout, chunk);
      progress.update(written);
    }
    progress.finish();
    const sha256 = hash.digest('hex');
    if (sha256 !== description.sha256) throw new ScratchpadError('CORRUPT', `exported bytes of ${args.id} do not match its sha256 ${description.sha256}`);
    if (file && temp && target) {
      await file.sync();
      await file.close();
      file = null;
      if (target.existing) chmodSync(temp, target.existing.mode & 0o7777);
      commitTemp(temp, target.path, args.force === true);
    }
    const result: ExportResult = { id: args.id, path: args.file, bytesWritten: written, sha256 };
    if (args.json) printJson(io, result);
    else if (!toStdout) io.stdout.write(`Exported ${args.id} (${formatBytes(written)}, sha256 ${sha256.slice(0, 16)}…) to ${args.file}\n`);
    return result;
  } catch (e) {
    await file?.close().catch(() => {});
    if (temp) rmSync(temp, { force: true });
    throw e;
  }
}
