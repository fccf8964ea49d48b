import { readFileSync, statSync, type Stats } from 'node:fs';
import { fileOpenError, walSideFiles } from './file-access';
import { ScratchpadError } from './types';

/** Largest file read whole into memory to view it from a read-only folder, in bytes (512 MiB). */
export const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

/** SQLite errors of a read-only connection that cannot create the `-shm` (and `-wal`) of a WAL database. */
const NO_SIDE_FILES = new Set(['SQLITE_READONLY_DIRECTORY', 'SQLITE_READONLY_CANTINIT', 'SQLITE_CANTOPEN']);

/** True when `err` is SQLite refusing to read a WAL database because it cannot create its side files. */
export function isNoSideFilesError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NO_SIDE_FILES.has(code);
}

/**
 * The bytes of the WAL database `path` as a read-only snapshot, for when SQLite cannot read the file in place:
 * its folder is read-only and it has no `-shm`. SQLite reads a WAL database only with a `-shm` it can use or
 * create, or with the `immutable` URI parameter (sqlite.org/wal.html, "Read-Only Databases"), and this build of
 * better-sqlite3 takes no URI filenames. Nobody can write a WAL database whose folder allows no `-wal` to be
 * created, so the file alone is its whole content. The copy's header bytes 18-19 say "rollback journal", so
 * SQLite's in-memory database reads it; the file itself is never changed.
 * READ_ONLY, saying why, when its `-wal` holds transactions (they are not in the file and cannot be read
 * without a `-shm`) or when the file is larger than {@link MAX_SNAPSHOT_BYTES}.
 */
export function readOnlySnapshot(path: string): Buffer {
  const side = walSideFiles(path);
  const why = `its folder is read-only, so SQLite cannot create the ${path}-shm it needs to read a WAL database in place`;
  if (side.walBytes > 0) {
    throw new ScratchpadError(
      'READ_ONLY',
      `${path}: cannot be viewed: ${why}, and ${path}-wal holds transactions not yet in the file (${side.walBytes} bytes) that SQLite reads only through that -shm; open it where its folder is writable, or copy the file with its -wal to such a folder`,
    );
  }
  const size = statSync(path).size;
  if (size > MAX_SNAPSHOT_BYTES) {
    throw new ScratchpadError(
      'READ_ONLY',
      `${path}: cannot be viewed: ${why}, and at ${size} bytes it is too large to read into memory instead (limit ${MAX_SNAPSHOT_BYTES}); copy it to a writable folder`,
    );
  }
  const bytes = readFileSync(path);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return bytes;
}

/** What says a file changed: its size in bytes, its mtime in ms and its inode (a file renamed over it). */
function versionOf(st: Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ino}`;
}

/**
 * Watches the file a snapshot was taken of, so a view of it sees later writes by other processes.
 * `changed()` returns a new snapshot (readOnlySnapshot) when the file's size, mtime or inode differ from when
 * the last one was taken, else null. A copy read while the file changed (its stats differ before and after the
 * read) is not used: the next call tries again. Throws what readOnlySnapshot throws (READ_ONLY: it grew past
 * {@link MAX_SNAPSHOT_BYTES}, or its `-wal` now holds transactions) and NOT_FOUND saying why when the file is
 * gone or unreadable; the old snapshot stays in use until a new one is taken.
 */
export class SnapshotWatch {
  private version: string;

  constructor(
    private readonly path: string,
    taken: Stats = statSync(path),
  ) {
    this.version = versionOf(taken);
  }

  changed(): Buffer | null {
    const now = this.stat();
    if (versionOf(now) === this.version) return null;
    const bytes = readOnlySnapshot(this.path);
    const after = versionOf(this.stat());
    if (after !== versionOf(now)) return null;
    this.version = after;
    return bytes;
  }

  private stat(): Stats {
    try {
      return statSync(this.path);
    } catch (err) {
      throw fileOpenError(this.path, err);
    }
  }
}
