import { ScratchpadError, type FailureCode } from '../contract';
import { EXIT, exitCodeOf, type ExitCode } from '../common/failures';

// Exit codes and their mapping from error codes are one table shared with the app (common/failures.ts).
export { EXIT, type ExitCode };

/** SQLite result codes (better-sqlite3's `SqliteError.code`) that escaped the store's own mapping. */
function fromSqliteCode(code: string): FailureCode | null {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'BUSY';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'CORRUPT';
  if (code.startsWith('SQLITE_READONLY')) return 'READ_ONLY';
  return null;
}

/** Maps any thrown value to `{ code, message, exitCode }`; the message is one line. */
export function describeFailure(error: unknown): { code: FailureCode; message: string; exitCode: ExitCode } {
  let code: FailureCode = 'INTERNAL';
  let message = error instanceof Error ? error.message : String(error);
  if (error instanceof ScratchpadError) code = error.code;
  else if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string') {
    const errno = (error as NodeJS.ErrnoException).code as string;
    code = fromSqliteCode(errno) ?? (errno === 'EEXIST' ? 'EXISTS' : errno.startsWith('E') ? 'IO' : 'INTERNAL');
  }
  message = message.replace(/\s*\n\s*/g, ' ').trim() || code;
  return { code, message, exitCode: exitCodeOf(code) };
}
