import type { ErrorCode } from '../../../app/contract';

/**
 * One sentence telling the user what to do about an error code, or null when the message says enough. Used by
 * the error boxes and the connection dialog, so an unreachable server reads the same everywhere.
 */
export function errorHint(code: ErrorCode): string | null {
  switch (code) {
    case 'UNAVAILABLE':
      return 'The database server cannot be reached: check that it is running and that the host and port are right, then retry.';
    case 'BUSY':
      return 'The database is busy or locked by another process: retry in a moment.';
    default:
      return null;
  }
}
