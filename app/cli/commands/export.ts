import { createHash } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { Scratchpad } from '../../scratchpad/types';
import { CliError } from '../exit-codes';
import { formatBytes } from '../format';
import type { CliIo } from '../io';
import { progressBar } from '../progress';
import { printJson, type CommonArgs } from './common';

/** Arguments of `export`. */
export interface ExportArgs extends CommonArgs {
  readonly id: string;
  readonly file: string;
  /** Replace an existing file (default: an existing file is an error, exit 5). */
  readonly force?: boolean;
  /** Chunk size in bytes handed to iterateContent (default 1 MiB). */
  readonly chunkBytes?: number;
}

/** What `export` wrote. */
export interface ExportResult {
  readonly id: string;
  readonly path: string;
  readonly bytesWritten: number;
  /** sha256 of the bytes written, checked against the store's. */
  readonly sha256: string;
}

/**
 * `export ID FILE`: streams the raw content (text as its UTF-8 bytes) to FILE chunk by chunk with the
 * store's iterateContent, never holding the whole value; a progress bar on stderr when it is a terminal.
 * Verifies the sha256 of what was written against describe's. On any failure the partial file is removed.
 * JSON: {@link ExportResult}.
 */
export async function runExport(store: Scratchpad, args: ExportArgs, io: CliIo): Promise<ExportResult> {
  const description = await store.describe(args.principal, args.id);
  const out = createWriteStream(args.file, { flags: args.force ? 'w' : 'wx', highWaterMark: 1024 * 1024 });
  try {
    await once(out, 'open');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError('EXISTS', `${args.file} already exists (use --force to replace it)`);
    throw new CliError('IO', `cannot write ${args.file}: ${(e as Error).message}`);
  }
  const hash = createHash('sha256');
  const progress = progressBar(io.stderr, description.meta.sizeBytes, `export ${args.id}`);
  let written = 0;
  try {
    for await (const chunk of await store.iterateContent(args.principal, args.id, args.chunkBytes)) {
      hash.update(chunk);
      written += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain'); // once() rejects if the stream errors meanwhile
      progress.update(written);
    }
    out.end();
    await once(out, 'finish');
    progress.finish();
    const sha256 = hash.digest('hex');
    if (sha256 !== description.sha256) throw new CliError('CORRUPT', `exported bytes of ${args.id} do not match its sha256 ${description.sha256}`);
    const result: ExportResult = { id: args.id, path: args.file, bytesWritten: written, sha256 };
    if (args.json) printJson(io, result);
    else io.stdout.write(`Exported ${args.id} (${formatBytes(written)}, sha256 ${sha256.slice(0, 16)}…) to ${args.file}\n`);
    return result;
  } catch (e) {
    out.destroy();
    rmSync(args.file, { force: true });
    throw e;
  }
}
