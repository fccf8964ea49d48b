import { EXIT, exitCodeOf, type ExitCode, type FailureCode } from '../common/failures';
import { ScratchpadError } from '../scratchpad/types';

// Exit codes and their mapping from error codes are one table shared with the app (common/failures.ts).
export { EXIT, type ExitCode };

/**
 * The error kinds the CLI reports: the store's codes (UNAVAILABLE among them: the PostgreSQL server cannot be
 * reached) plus the CLI's own (common/failures.ts CLI_ONLY_CODES).
 */
export type CliErrorCode = Exclude<FailureCode, 'FORBIDDEN'>;

/** An error the CLI reports as one line on stderr and an exit code. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly code: CliErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** SQLite result codes (better-sqlite3's `SqliteError.code`) that escaped the store's own mapping. */
function fromSqliteCode(code: string): CliErrorCode | null {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'BUSY';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'CORRUPT';
  if (code.startsWith('SQLITE_READONLY')) return 'READ_ONLY';
  return null;
}

/** Maps any thrown value to `{ code, message, exitCode }`; the message is one line. */
export function describeFailure(error: unknown): { code: CliErrorCode; message: string; exitCode: ExitCode } {
  let code: CliErrorCode = 'INTERNAL';
  let message = error instanceof Error ? error.message : String(error);
  if (error instanceof CliError || error instanceof ScratchpadError) code = error.code;
  else if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string') {
    const errno = (error as NodeJS.ErrnoException).code as string;
    code = fromSqliteCode(errno) ?? (errno === 'EEXIST' ? 'EXISTS' : errno.startsWith('E') ? 'IO' : 'INTERNAL');
  }
  message = message.replace(/\s*\n\s*/g, ' ').trim() || code;
  return { code, message, exitCode: exitCodeOf(code) };
}
