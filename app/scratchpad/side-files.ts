import Database from 'better-sqlite3';
import { walSideFiles, type WalSideFiles } from './file-access';

/**
 * Removes the empty `-wal` and the `-shm` that a read-only connection to the WAL database `path` left behind.
 * SQLite creates both to read a WAL database, and only a connection that may write deletes them when it closes
 * as the last one (sqlite.org/wal.html, "Persistence of WAL mode"). So this opens one short-lived writable
 * connection, reads the schema cookie and closes it, letting SQLite decide under its own locks: when another
 * connection still uses the files it keeps them. Does nothing when either file was there before the open
 * (`before`: someone else's), when the WAL holds frames (a writer's transactions, never ours to checkpoint into
 * the file), or when this process may not write the file (SQLite then opens read-only and keeps them). Never
 * throws; the database file's bytes are not changed (an empty WAL has nothing to checkpoint).
 */
export function releaseSideFiles(path: string, before: WalSideFiles, nativeBinding: string | undefined): void {
  if (before.wal || before.shm) return;
  const after = walSideFiles(path);
  if ((!after.wal && !after.shm) || after.walBytes > 0) return;
  try {
    const db = new Database(path, { fileMustExist: true, timeout: 0, ...(nativeBinding ? { nativeBinding } : {}) });
    try {
      db.pragma('schema_version', { simple: true });
    } finally {
      db.close();
    }
  } catch {
    // Locked or not writable: the files stay, as SQLite itself leaves them.
  }
}
