import { mapSqliteError, type SqliteOperation } from '../sqlite-errors';
import { ScratchpadError } from '../types';

/**
 * Maps SQLite errors as the shared {@link mapSqliteError}, except a hot journal (SQLITE_READONLY_ROLLBACK: a writer
 * stopped in the middle of a transaction). Rolling it back would change the file, so it is BUSY with the cause:
 * the original runtime rolls it back the next time it opens the file.
 */
export function mapV1Error(error: unknown, path: string, operation: SqliteOperation): unknown {
  if ((error as { code?: unknown } | null)?.code === 'SQLITE_READONLY_ROLLBACK') {
    return new ScratchpadError(
      'BUSY',
      `${path}: a writer stopped in the middle of a transaction (hot journal ${path}-journal); it is rolled back when the runtime next opens the file, which this viewer does not change`,
    );
  }
  return mapSqliteError(error, path, operation);
}

/** Runs `fn`, rethrowing SQLite errors through {@link mapV1Error}. */
export function withV1Errors<T>(path: string, operation: SqliteOperation, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw mapV1Error(error, path, operation);
  }
}
