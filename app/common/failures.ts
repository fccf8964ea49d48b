import type { FailureCode } from '../contract';

/*
 * What every error code means to a person, and the command line's exit code for it: one table, used by the
 * renderer (the title over a failed view, next to the code) and by the CLI (its exit status). The codes
 * themselves, with the few only a command line meets (CLI_ERROR_CODES), are listed once in app/contract/errors.ts.
 */

/**
 * The CLI's exit codes (README "Command line", `--help`): 0 success, 1 not found (entry, turn or database
 * file), 2 usage error (bad arguments, unknown command, invalid option values), 3 busy (another process holds
 * the database lock past the busy timeout, or the PostgreSQL server is busy or in conflict), 4 corrupt or
 * unsupported file or schema, 5 any other failure (the PostgreSQL server cannot be reached, file exists without
 * --force, read-only file, write error, internal error).
 */
export const EXIT = { OK: 0, NOT_FOUND: 1, USAGE: 2, BUSY: 3, CORRUPT: 4, FAILURE: 5 } as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What a code means: a short title for people and the CLI's exit code. */
export interface FailureMeaning {
  /** Sentence-case title, no final stop, e.g. "The database is busy". */
  readonly title: string;
  /** The CLI's exit status for it. */
  readonly exit: ExitCode;
  /** One sentence saying what to do about it, where the message alone does not (shown under error boxes). */
  readonly hint?: string;
}

/** The one table of {@link FailureMeaning}s, by code (exhaustive: a new code fails to compile until listed). */
export const FAILURES: Readonly<Record<FailureCode, FailureMeaning>> = {
  NOT_FOUND: { title: 'Not found (missing, deleted by gc, or not yours)', exit: EXIT.NOT_FOUND },
  INVALID_ARGUMENT: { title: 'Invalid request', exit: EXIT.USAGE },
  TOO_LARGE: { title: 'Too large to read at once', exit: EXIT.FAILURE },
  READ_ONLY: { title: 'The database is open read-only', exit: EXIT.FAILURE },
  BUSY: { title: 'The database is busy', exit: EXIT.BUSY, hint: 'The database is busy or locked by another process: retry in a moment.' },
  CORRUPT: { title: 'The database file is corrupt', exit: EXIT.CORRUPT },
  UNSUPPORTED_FORMAT: { title: 'Unsupported database format', exit: EXIT.CORRUPT },
  FORBIDDEN: { title: 'Not allowed', exit: EXIT.FAILURE },
  INTERNAL: { title: 'Internal error', exit: EXIT.FAILURE },
  USAGE: { title: 'Usage error', exit: EXIT.USAGE },
  EXISTS: { title: 'The file exists', exit: EXIT.FAILURE },
  IO: { title: 'A file or stream failed', exit: EXIT.FAILURE },
  UNAVAILABLE: {
    title: 'The database server cannot be reached',
    exit: EXIT.FAILURE,
    hint: 'The database server cannot be reached: check that it is running and that the host and port are right, then retry.',
  },
};

/** The title of `code` for people; an unknown code reads as INTERNAL's. */
export function failureTitle(code: string): string {
  return (FAILURES[code as FailureCode] ?? FAILURES.INTERNAL).title;
}

/** The CLI's exit status for `code`; an unknown code exits as INTERNAL (5). */
export function exitCodeOf(code: string): ExitCode {
  return (FAILURES[code as FailureCode] ?? FAILURES.INTERNAL).exit;
}

/**
 * What to do about `code`, one sentence, or null when the message says enough. Used by the error boxes and the
 * connection dialog, so an unreachable server reads the same everywhere.
 */
export function failureHint(code: string): string | null {
  return FAILURES[code as FailureCode]?.hint ?? null;
}
