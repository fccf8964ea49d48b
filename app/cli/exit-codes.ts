import { ScratchpadError } from '../scratchpad/types';

/**
 * The CLI's exit codes (documented in the README and `--help`): 0 success, 1 not found (entry, turn or
 * database file), 2 usage error (bad arguments, unknown command, invalid option values), 3 busy (another
 * process holds the database lock past the busy timeout, or the PostgreSQL server is busy or in conflict), 4
 * corrupt or unsupported file or schema, 5 any other failure (the PostgreSQL server cannot be reached, file exists
 * without --force, read-only file, write error, internal error).
 */
export const EXIT = { OK: 0, NOT_FOUND: 1, USAGE: 2, BUSY: 3, CORRUPT: 4, FAILURE: 5 } as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * The error kinds the CLI reports: the store's codes (UNAVAILABLE among them: the PostgreSQL server cannot be
 * reached) plus the CLI's own.
 */
export type CliErrorCode = ScratchpadError['code'] | 'USAGE' | 'EXISTS' | 'IO' | 'INTERNAL';

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

const BY_CODE: Record<CliErrorCode, ExitCode> = {
  NOT_FOUND: EXIT.NOT_FOUND,
  INVALID_ARGUMENT: EXIT.USAGE,
  USAGE: EXIT.USAGE,
  BUSY: EXIT.BUSY,
  CORRUPT: EXIT.CORRUPT,
  UNSUPPORTED_FORMAT: EXIT.CORRUPT,
  TOO_LARGE: EXIT.FAILURE,
  READ_ONLY: EXIT.FAILURE,
  EXISTS: EXIT.FAILURE,
  IO: EXIT.FAILURE,
  UNAVAILABLE: EXIT.FAILURE,
  INTERNAL: EXIT.FAILURE,
};

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
  return { code, message, exitCode: BY_CODE[code] };
}
