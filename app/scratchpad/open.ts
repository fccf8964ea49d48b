import { resolve } from 'node:path';
import { openPostgresBackend, type PostgresBackendOptions } from './postgres/backend';
import { isPostgresUrl } from './postgres/url';
import { isMetnosV1Candidate, openMetnosV1 } from './metnos-v1/index';
import { resolveOptions, type ResolvedOptions } from './options';
import type { ScratchpadBackend } from './core/backend';
import { createScratchpad } from './core/scratchpad';
import { probeFile } from './probe';
import { ScratchpadError, type OpenOptions, type Scratchpad } from './types';
import { createV2File, openV2 } from './v2/connection';
import { DEFAULT_CHUNK_LAYOUT, type ChunkLayout } from './core/chunk-layout';
import { MARKER_TABLE } from './v2/schema';

/**
 * Opens a scratchpad file or a PostgreSQL database. A target starting with `postgres://` or `postgresql://`
 * (isPostgresUrl) is always a connection URL, never a file path: see postgres/backend.ts (`format: 'postgres'`,
 * `path`: the URL without its password; readonly: READ ONLY transactions, no migration). Otherwise a file,
 * its format detected without changing it:
 * - missing: creates the folder (0700) and a new v2 file (0600); read-only: NOT_FOUND;
 * - v2 marker table present: this project's format (`format === 'v2'`);
 * - an `entries` table: the original runtime's format (`'metnos-v1'`, opened read-only by its module);
 * - anything else: UNSUPPORTED_FORMAT naming the tables found. Not SQLite, empty or truncated: CORRUPT.
 * A failed open leaves the file byte-identical. INVALID_ARGUMENT for a bad path or options. All errors reject.
 */
export async function openScratchpad(path: string, options?: OpenOptions): Promise<Scratchpad> {
  return openScratchpadWithLayout(path, options, DEFAULT_CHUNK_LAYOUT);
}

/**
 * {@link openScratchpad} of a PostgreSQL URL with connection options: `env` for the PG* variables and the
 * password file (the CLI passes its own), the pool size, the chunk layout of new rows. INVALID_ARGUMENT when
 * `url` is not a postgres:// URL; otherwise the errors of openScratchpad.
 */
export async function openPostgresScratchpad(url: string, options: OpenOptions | undefined, pg: PostgresBackendOptions = {}): Promise<Scratchpad> {
  if (!isPostgresUrl(url)) throw new ScratchpadError('INVALID_ARGUMENT', 'not a postgres:// or postgresql:// URL');
  const resolved = resolveOptions(options);
  return createScratchpad(await openPostgresBackend(url, resolved, pg), resolved);
}

/** {@link openScratchpad} with an explicit chunk layout for new v2 rows (tests use small chunks). */
export async function openScratchpadWithLayout(path: string, options: OpenOptions | undefined, layout: ChunkLayout): Promise<Scratchpad> {
  const resolved = resolveOptions(options);
  const opened = isPostgresUrl(path)
    ? await openPostgresBackend(path, resolved, { layout: { textChunkCodePoints: layout.textChunkCodePoints, binaryChunkBytes: layout.binaryChunkBytes } })
    : openBackend(path, resolved, layout);
  return createScratchpad(opened, resolved);
}

/** The backend of the file's format (see openScratchpad for the detection rules). */
function openBackend(path: string, resolved: ResolvedOptions, layout: ChunkLayout): ScratchpadBackend {
  if (typeof path !== 'string' || path.length === 0 || path.includes('\0')) {
    throw new ScratchpadError('INVALID_ARGUMENT', 'path must be a non-empty file path');
  }
  if (resolved.nativeBinding !== undefined && (typeof resolved.nativeBinding !== 'string' || resolved.nativeBinding.length === 0)) {
    throw new ScratchpadError('INVALID_ARGUMENT', 'nativeBinding must be the path of a better-sqlite3 addon');
  }
  const file = resolve(path);
  let probe = probeFile(file, resolved.nativeBinding);
  if (probe === null) {
    if (resolved.readonly) throw new ScratchpadError('NOT_FOUND', `${file}: no such file (not created: opened read-only)`);
    createV2File(file, resolved);
    probe = probeFile(file, resolved.nativeBinding);
    if (probe === null) throw new ScratchpadError('NOT_FOUND', `${file}: removed while being created`);
  }
  if (probe.tables.includes(MARKER_TABLE)) return openV2(file, resolved, layout);
  if (isMetnosV1Candidate(probe.tables)) return openMetnosV1(file, resolved);
  const found = probe.tables.length === 0 ? 'no tables' : `tables: ${probe.tables.join(', ')}`;
  throw new ScratchpadError('UNSUPPORTED_FORMAT', `${file}: not a scratchpad file (${found})`);
}
