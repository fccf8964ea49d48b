import { ScratchpadError, type ScratchpadErrorCode } from '../types';

/** SQLite result-code prefixes (better-sqlite3's `SqliteError.code`) and the store error each becomes. */
const CODES: readonly (readonly [string, ScratchpadErrorCode, string])[] = [
  ['SQLITE_BUSY', 'BUSY', 'the file is locked by another process'],
  ['SQLITE_LOCKED', 'BUSY', 'the file is locked by another connection'],
  ['SQLITE_NOTADB', 'CORRUPT', 'not an SQLite database'],
  ['SQLITE_CORRUPT', 'CORRUPT', 'the database is damaged or truncated'],
  ['SQLITE_IOERR', 'CORRUPT', 'the file could not be read'],
  ['SQLITE_CANTOPEN', 'CORRUPT', 'the file cannot be opened'],
  ['SQLITE_READONLY', 'READ_ONLY', 'the file is not writable'],
  ['SQLITE_TOOBIG', 'TOO_LARGE', 'the value is too large for SQLite'],
];

/**
 * Turns an error thrown by better-sqlite3 into a {@link ScratchpadError} whose message names the file and the
 * cause; a ScratchpadError passes through and anything else (a bug) is rethrown unchanged.
 */
export function toScratchpadError(error: unknown, path: string, doing: string): Error {
  if (error instanceof ScratchpadError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    for (const [prefix, mapped, cause] of CODES) {
      if (code === prefix || code.startsWith(`${prefix}_`)) {
        const detail = error instanceof Error ? error.message : String(error);
        return new ScratchpadError(mapped, `${path}: ${doing} failed: ${cause} (${code}: ${detail})`);
      }
    }
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Runs `fn`, mapping SQLite errors with {@link toScratchpadError}. */
export function mapSqlite<T>(path: string, doing: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw toScratchpadError(error, path, doing);
  }
}
