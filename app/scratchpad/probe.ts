import { closeSync, openSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ScratchpadError } from './types';
import { fileOpenError, folderReadOnly, statTarget, walSideFiles } from './file-access';
import { releaseSideFiles } from './side-files';
import { isNoSideFilesError, readOnlySnapshot, SnapshotWatch } from './snapshot';
import { mapSqliteError, nativeBindingError } from './sqlite-errors';

/** What a probe found in an existing file: its table names, and its snapshot when it must be read from memory. */
export interface ProbeResult {
  readonly tables: string[];
  /** The file's bytes to open in memory (a WAL database in a read-only folder, see snapshot.ts), else null. */
  readonly snapshot: Buffer | null;
  /** With a snapshot: what tells a later call that the file changed since (see snapshot.ts), else null. */
  readonly watch: SnapshotWatch | null;
}

const HEADER = 'SQLite format 3\0';

function corrupt(path: string, cause: string): ScratchpadError {
  return new ScratchpadError('CORRUPT', `${path}: ${cause}`);
}

/** Reads the 100-byte SQLite header; CORRUPT when the file is not SQLite. */
function readHeader(path: string): Buffer {
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let got: number;
  try {
    got = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (got < 100 || header.toString('latin1', 0, 16) !== HEADER) throw corrupt(path, 'not a SQLite database (no "SQLite format 3" header)');
  return header;
}

/** True when a WAL file with frames sits beside `path`: a checkpoint may then be growing the file right now. */
function hasLiveWal(path: string): boolean {
  try {
    return statSync(`${path}-wal`).size > 0;
  } catch {
    return false;
  }
}

/**
 * CORRUPT when the file is shorter than the page count its header announces. Called inside a read transaction:
 * in rollback-journal mode our shared lock keeps writers off the file, so header and length agree unless the
 * file really is truncated. In WAL mode a checkpoint may write page 1 before the file has grown, so the check is
 * skipped while a WAL holds frames (SQLite then reports a short read itself, mapped to CORRUPT).
 */
function checkLength(path: string): void {
  const header = readHeader(path);
  const walMode = header[18] === 2 && header[19] === 2;
  if (walMode && hasLiveWal(path)) return;
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  // The in-header page count is valid only when "version-valid-for" equals the change counter.
  const pages = header.readUInt32BE(24) === header.readUInt32BE(92) ? header.readUInt32BE(28) : 0;
  const size = statSync(path).size;
  if (pages > 0 && size < pages * pageSize) {
    throw corrupt(path, `truncated: the header announces ${pages} pages of ${pageSize} bytes (${pages * pageSize} bytes) but the file has ${size} bytes`);
  }
}

/** How {@link probeFile} connects: the addon to load and how long to wait for a lock, in milliseconds. */
export interface ProbeOptions {
  readonly nativeBinding: string | undefined;
  readonly busyTimeoutMs: number;
}

/**
 * Looks at an existing file WITHOUT changing it (read-only connection, no writes, no pragmas that write).
 * Returns null when the file does not exist. Waits up to `busyTimeoutMs` for a lock (BUSY after that).
 * CORRUPT for a directory, an empty (0-byte) file, a file that is not SQLite, or a truncated one; NOT_FOUND
 * saying why for a file it may not read (permission denied) or a symlink loop; BUSY naming a hot journal.
 * A WAL database in a read-only folder without a `-shm` is read from an in-memory snapshot (`snapshot`, see
 * snapshot.ts). The empty `-wal` and the `-shm` its read-only connection made are removed (side-files.ts).
 */
export function probeFile(path: string, options: ProbeOptions): ProbeResult | null {
  const st = statTarget(path);
  if (st === null) return null;
  if (!st.isFile()) throw corrupt(path, 'not a regular file');
  if (st.size === 0) throw corrupt(path, 'empty file (0 bytes), not a SQLite database');
  try {
    readHeader(path);
  } catch (err) {
    if (err instanceof ScratchpadError) throw err;
    throw fileOpenError(path, err);
  }
  const before = walSideFiles(path);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: options.busyTimeoutMs, nativeBinding: options.nativeBinding });
    // One read transaction: the length check runs while our shared lock keeps writers from changing the file.
    // Reading the schema cookie (page 1 only) starts the transaction and takes the lock before anything else.
    db.exec('BEGIN');
    db.pragma('schema_version', { simple: true });
    checkLength(path);
    const tables = tableNames(db);
    db.exec('COMMIT');
    return { tables, snapshot: null, watch: null };
  } catch (err) {
    if (err instanceof ScratchpadError) throw err;
    if (db !== undefined && isNoSideFilesError(err) && folderReadOnly(path)) return probeSnapshot(path, options);
    const mapped = (db === undefined ? nativeBindingError(err, options.nativeBinding) : null) ?? mapSqliteError(err, path, 'read');
    // SQLite says only "malformed": name the cause when it is a file shorter than its header announces.
    if (mapped instanceof ScratchpadError && mapped.code === 'CORRUPT') checkLength(path);
    throw mapped;
  } finally {
    db?.close();
    if (db !== undefined) releaseSideFiles(path, before, options.nativeBinding);
  }
}

function tableNames(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

/** The probe of a WAL database in a read-only folder, over its in-memory snapshot. */
function probeSnapshot(path: string, options: ProbeOptions): ProbeResult {
  const watch = new SnapshotWatch(path); // its stats before the copy: a write during the copy is seen next call
  const snapshot = readOnlySnapshot(path);
  let db: Database.Database | undefined;
  try {
    db = new Database(snapshot, { readonly: true, nativeBinding: options.nativeBinding });
    return { tables: tableNames(db), snapshot, watch };
  } catch (err) {
    throw mapSqliteError(err, path, 'read');
  } finally {
    db?.close();
  }
}
