import { ScratchpadError } from './types';

/** What the store was doing when SQLite failed: reading (probe, select) or writing (put, gc, migrate). */
export type SqliteOperation = 'read' | 'write';

/** True when `err` is an error thrown by better-sqlite3 (it carries a `code` like `SQLITE_BUSY`). */
function sqliteCode(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

/**
 * Maps an error thrown by better-sqlite3 to a {@link ScratchpadError}, naming the file: SQLITE_BUSY* and
 * SQLITE_LOCKED* -> BUSY; SQLITE_NOTADB and SQLITE_CORRUPT* -> CORRUPT; SQLITE_READONLY* -> READ_ONLY;
 * SQLITE_CANTOPEN -> READ_ONLY on a write, NOT_FOUND on a read; SQLITE_FULL / SQLITE_TOOBIG -> TOO_LARGE.
 * A ScratchpadError passes through unchanged. Anything else is returned as is (a bug, not a user error).
 */
export function mapSqliteError(err: unknown, file: string, operation: SqliteOperation): unknown {
  if (err instanceof ScratchpadError) return err;
  const code = sqliteCode(err);
  if (code === null) return err;
  const cause = err instanceof Error ? err.message : code;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new ScratchpadError('BUSY', `${file}: the database is locked by another connection (${cause})`);
  }
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new ScratchpadError('CORRUPT', `${file}: not a readable SQLite database (${cause})`);
  }
  if (code === 'SQLITE_READONLY_ROLLBACK') return hotJournalError(file);
  if (code.startsWith('SQLITE_READONLY')) return new ScratchpadError('READ_ONLY', `${file}: cannot write (${cause})`);
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return operation === 'write'
      ? new ScratchpadError('READ_ONLY', `${file}: cannot open for writing (${cause})`)
      : new ScratchpadError('NOT_FOUND', `${file}: cannot open (${cause})`);
  }
  if (code === 'SQLITE_FULL' || code === 'SQLITE_TOOBIG') return new ScratchpadError('TOO_LARGE', `${file}: ${cause}`);
  if (code.startsWith('SQLITE_IOERR')) return new ScratchpadError('CORRUPT', `${file}: I/O error (${cause})`);
  return err;
}

/**
 * BUSY for the hot journal `<file>-journal`: a writer stopped in the middle of a transaction (killed, or its
 * machine lost power) and SQLite must roll that transaction back before anyone reads the file. A read-only
 * connection may not (sqlite.org/lockingv3.html, "Hot Journals"), and doing it on a read-only open would change
 * the file, so the file and the journal are left as they are for the writer to roll back on its next open.
 */
export function hotJournalError(file: string): ScratchpadError {
  return new ScratchpadError(
    'BUSY',
    `${file}: a writer stopped in the middle of a transaction and left the hot journal ${file}-journal; reading needs that transaction rolled back, which changes the file, so it is left for the writer to roll back when it next opens the file`,
  );
}

/**
 * INVALID_ARGUMENT when `err` is the failure to load a `nativeBinding` addon (not an SQLite error), else null.
 * better-sqlite3 loads the addon when the first connection opens.
 */
export function nativeBindingError(err: unknown, nativeBinding: string | undefined): ScratchpadError | null {
  if (nativeBinding === undefined || err instanceof ScratchpadError || sqliteCode(err) !== null) return null;
  const cause = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
  return new ScratchpadError('INVALID_ARGUMENT', `nativeBinding ${nativeBinding} cannot be loaded (${cause})`);
}
