import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readOnlyReason } from './file-access';
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
 * - not writable (a mode without write bits such as 0444, even for root; another user's file; a read-only
 *   folder): opened read-only, `readonly: true`, even when a writable open was asked;
 * - a WAL file in a read-only folder without its `-shm`: read from memory (snapshot.ts), since SQLite cannot
 *   read it in place; READ_ONLY saying why when that is not possible either;
 * - v2 marker table present: this project's format (`format === 'v2'`);
 * - an `entries` table: the original runtime's format (`'metnos-v1'`, opened read-only by its module);
 * - anything else: UNSUPPORTED_FORMAT naming the tables found. Not SQLite, empty or truncated: CORRUPT.
 * A failed open leaves the file byte-identical. INVALID_ARGUMENT for a bad path or options; NOT_FOUND saying
 * why for a file this user may not read (permission denied) or a symlink loop; BUSY after `busyTimeoutMs` of a
 * lock held elsewhere, or naming a hot journal (probe.ts). All errors reject.
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
  if (isPostgresUrl(path)) {
    const layoutOf = { textChunkCodePoints: layout.textChunkCodePoints, binaryChunkBytes: layout.binaryChunkBytes };
    return createScratchpad(await openPostgresBackend(path, resolved, { layout: layoutOf }), resolved);
  }
  const opened = openBackend(path, resolved, layout);
  return createScratchpad(opened.backend, opened.options);
}

/**
 * The backend of the file's format (see openScratchpad for the detection rules), with the options it was opened
 * with: read-only when asked, and also when the file may not be written (readOnlyReason: its mode, this user,
 * its folder), so `readonly` says what the store can do.
 */
function openBackend(path: string, resolved: ResolvedOptions, layout: ChunkLayout): { backend: ScratchpadBackend; options: ResolvedOptions } {
  if (typeof path !== 'string' || path.length === 0 || path.includes('\0')) {
    throw new ScratchpadError('INVALID_ARGUMENT', 'path must be a non-empty file path');
  }
  if (resolved.nativeBinding !== undefined && (typeof resolved.nativeBinding !== 'string' || resolved.nativeBinding.length === 0)) {
    throw new ScratchpadError('INVALID_ARGUMENT', 'nativeBinding must be the path of a better-sqlite3 addon');
  }
  const file = resolve(path);
  let probe = probeFile(file, resolved);
  if (probe === null) {
    if (resolved.readonly) throw new ScratchpadError('NOT_FOUND', `${file}: no such file (not created: opened read-only)`);
    createV2File(file, resolved);
    probe = probeFile(file, resolved);
    if (probe === null) throw new ScratchpadError('NOT_FOUND', `${file}: removed while being created`);
  }
  const forced = resolved.readonly ? null : probe.snapshot === null ? readOnlyReason(file, statSync(file)) : 'its folder is read-only';
  const options: ResolvedOptions = forced === null ? resolved : { ...resolved, readonly: true, readOnlyBecause: forced };
  if (probe.tables.includes(MARKER_TABLE)) return { backend: openV2(file, options, layout, { snapshot: probe.snapshot, watch: probe.watch }), options };
  if (isMetnosV1Candidate(probe.tables)) return { backend: openMetnosV1(file, options), options };
  const found = probe.tables.length === 0 ? 'no tables' : `tables: ${probe.tables.join(', ')}`;
  throw new ScratchpadError('UNSUPPORTED_FORMAT', `${file}: not a scratchpad file (${found})`);
}
