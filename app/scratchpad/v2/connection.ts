import { chmodSync, closeSync, linkSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ResolvedOptions } from '../options';
import { ScratchpadError } from '../types';
import { mapSqliteError, nativeBindingError } from '../sqlite-errors';
import { StoreContext } from './context';
import { DEFAULT_CHUNK_LAYOUT, type ChunkLayout } from '../core/chunk-layout';
import { LATEST_VERSION, migrate, PAGE_SIZE } from './schema';
import { createV2Backend } from './backend';
import { assertV2Schema } from './schema-check';
import { walSideFiles } from '../file-access';
import type { SnapshotWatch } from '../snapshot';
import { releaseSideFiles } from '../side-files';
import { openScanConnection } from './scan-connection';
import type { ScratchpadBackend } from '../core/backend';

/** Page cache per connection, in KiB (SQLite's negative cache_size). */
const CACHE_KIB = 16_384;

/**
 * Creates a new v2 file at `path` atomically: a complete file (mode 0600, 4 KiB pages, WAL, latest schema)
 * built under a temporary name and linked into place, so another process never sees a half-made file. If another
 * process created `path` first, its file is kept. A missing folder is NOT_FOUND and nothing is created (a typo
 * in a path must not leave folders behind; the app creates its own user-data folder itself).
 */
export function createV2File(path: string, options: ResolvedOptions, migrateTo = LATEST_VERSION): void {
  try {
    new Database(':memory:', { nativeBinding: options.nativeBinding }).close(); // a bad addon fails before any file exists
  } catch (err) {
    throw nativeBindingError(err, options.nativeBinding) ?? err;
  }
  const folder = dirname(path);
  if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() !== true) {
    throw new ScratchpadError('NOT_FOUND', `cannot create ${path}: folder ${folder} does not exist (nothing created)`);
  }
  const tmp = `${path}.${randomUUID().slice(0, 8)}.creating`;
  try {
    closeSync(openSync(tmp, 'wx', 0o600));
    chmodSync(tmp, 0o600);
    const db = new Database(tmp, { nativeBinding: options.nativeBinding });
    try {
      db.pragma(`page_size = ${PAGE_SIZE}`);
      db.pragma('journal_mode = WAL');
      migrate(db, migrateTo);
    } finally {
      db.close();
    }
    try {
      linkSync(tmp, path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw err;
      renameSync(tmp, path);
    }
  } catch (err) {
    if (err instanceof ScratchpadError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') throw new ScratchpadError('READ_ONLY', `${path}: cannot create (${(err as Error).message})`);
    throw nativeBindingError(err, options.nativeBinding) ?? mapSqliteError(err, path, 'write');
  } finally {
    for (const p of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(p, { force: true });
  }
}

/** How {@link openV2} reaches the file: from memory (probe.ts snapshot) or in place. */
export interface V2Source {
  /** The file's bytes to open in memory instead of the file (a WAL file in a read-only folder), or null. */
  readonly snapshot: Buffer | null;
  /** With a snapshot: tells when the file changed, so the view takes a new snapshot (snapshot.ts). */
  readonly watch?: SnapshotWatch | null;
}

/** A read-only in-memory connection over snapshot `bytes` of the v2 file `path`, its schema checked. */
function openSnapshot(bytes: Buffer, path: string, options: ResolvedOptions): Database.Database {
  const db = new Database(bytes, { readonly: true, nativeBinding: options.nativeBinding });
  try {
    db.pragma(`cache_size = -${CACHE_KIB}`);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== LATEST_VERSION) {
      throw new ScratchpadError(
        'UNSUPPORTED_FORMAT',
        `${path}: its schema changed to ${version} while viewed (this one reads ${LATEST_VERSION}); open it again`,
      );
    }
    assertV2Schema(db, path);
    return db;
  } catch (err) {
    db.close();
    throw err instanceof ScratchpadError ? err : mapSqliteError(err, path, 'read');
  }
}

/**
 * Opens an existing v2 file: busy timeout, WAL, synchronous=NORMAL, a 16 MiB page cache, and the pending
 * migrations (writable opens only). UNSUPPORTED_FORMAT for a file of a newer schema, or an older one opened
 * read-only (it must be upgraded by one writable open first; the message says why the open was read-only).
 * CORRUPT for a damaged schema (schema-check.ts) or one a migration cannot apply. A read-only open removes the
 * empty `-wal` and the `-shm` its connection made when it closes (side-files.ts). Over a snapshot with a
 * `watch`, each call first checks whether the file changed and then reads a new snapshot (context.ts).
 */
export function openV2(
  path: string,
  options: ResolvedOptions,
  layout: ChunkLayout = DEFAULT_CHUNK_LAYOUT,
  source: V2Source = { snapshot: null },
): ScratchpadBackend {
  let db: Database.Database | undefined;
  const before = walSideFiles(path);
  const release = () => {
    if (options.readonly && source.snapshot === null) releaseSideFiles(path, before, options.nativeBinding);
  };
  try {
    db =
      source.snapshot === null
        ? new Database(path, {
            readonly: options.readonly,
            fileMustExist: true,
            timeout: Math.floor(options.busyTimeoutMs),
            nativeBinding: options.nativeBinding,
          })
        : new Database(source.snapshot, { readonly: true, nativeBinding: options.nativeBinding });
    db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
    db.pragma(`cache_size = -${CACHE_KIB}`);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > LATEST_VERSION) {
      throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: written by a newer version (schema ${version}; this one knows up to ${LATEST_VERSION})`);
    }
    if (!options.readonly) {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // Truncate the WAL back to 64 MiB after a checkpoint (a 500 MB put would otherwise leave a 500 MB WAL).
      db.pragma('journal_size_limit = 67108864');
      if (version < LATEST_VERSION) migrate(db);
    } else if (version < LATEST_VERSION) {
      const why = options.readOnlyBecause === undefined ? '' : ` (it opened read-only because ${options.readOnlyBecause})`;
      throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: schema ${version} is older than ${LATEST_VERSION}; open it writable once to upgrade it${why}`);
    }
    assertV2Schema(db, path);
    const watch = source.watch ?? null;
    const refresh =
      watch === null
        ? null
        : () => {
            const bytes = watch.changed();
            return bytes === null ? null : openSnapshot(bytes, path, options);
          };
    const scan = source.snapshot === null ? () => openScanConnection(path, options) : null;
    const backend = createV2Backend(new StoreContext(db, path, options, layout, refresh, scan));
    return {
      ...backend,
      async close() {
        const open = db?.open === true;
        await backend.close();
        if (open) release();
      },
    };
  } catch (err) {
    db?.close();
    if (db !== undefined) release();
    const mapped = (db === undefined ? nativeBindingError(err, options.nativeBinding) : null) ?? mapSqliteError(err, path, options.readonly ? 'read' : 'write');
    // Any other SQLite error here comes from the schema itself (a table or column a migration expects is gone).
    if (!(mapped instanceof ScratchpadError) && (err as { code?: unknown }).code === 'SQLITE_ERROR') {
      throw new ScratchpadError('CORRUPT', `${path}: damaged v2 schema (${(err as Error).message})`);
    }
    throw mapped;
  }
}
