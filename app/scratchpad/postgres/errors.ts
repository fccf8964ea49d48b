import { ScratchpadError, type ScratchpadErrorCode } from '../types';
import { redactSecrets } from './url';

/*
 * Driver errors -> the store's codes. node-postgres raises a DatabaseError carrying the SQLSTATE in `code`
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html), Node's socket errors (`code` ECONNREFUSED,
 * ENOTFOUND...), or plain Errors for its own timeouts and lost connections (matched by message).
 */

/** What went wrong, finer than the code, so a front end can tell "cannot reach" from "busy" (CLI exit 5 vs 3). */
export type PgFailure = 'unreachable' | 'auth' | 'no_database' | 'read_only' | 'conflict' | 'busy' | 'connection_lost' | 'privilege' | 'too_large' | 'corrupt';

/** A {@link ScratchpadError} from the PostgreSQL backend, with the finer {@link PgFailure} and the SQLSTATE if any. */
export class PostgresStoreError extends ScratchpadError {
  constructor(
    code: ScratchpadErrorCode,
    message: string,
    readonly failure: PgFailure,
    readonly sqlState: string | null = null,
  ) {
    super(code, message);
  }
}

/** What the store was doing: a read (select, probe) or a write (put, gc, migrate, read log). */
export type PgOperation = 'read' | 'write';

const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const LOST_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  // Node's happy-eyeballs connect (localhost -> ::1 and 127.0.0.1) fails with an AggregateError of both.
  const inner = (err as { errors?: unknown[] } | null)?.errors;
  return Array.isArray(inner) && inner.length > 0 ? codeOf(inner[0]) : null;
}

/** SQLSTATE classes and codes retried by {@link withRetry}: serialization failure, deadlock. */
export function isRetryable(err: unknown): boolean {
  const code = codeOf(err);
  return code === '40001' || code === '40P01';
}

/** The failure, code and wording for one driver error; null when it is not a driver or socket error (a bug). */
function classify(err: unknown, operation: PgOperation): [ScratchpadErrorCode, PgFailure, string] | null {
  const code = codeOf(err);
  const msg = err instanceof Error ? err.message : String(err);
  if (code !== null && UNREACHABLE_SOCKET.has(code)) return ['UNAVAILABLE', 'unreachable', `cannot reach the server (${code})`];
  if (code !== null && LOST_SOCKET.has(code)) return ['BUSY', 'connection_lost', `connection lost (${code}); the transaction was rolled back`];
  if (/connection timeout|timeout expired/i.test(msg)) return ['UNAVAILABLE', 'unreachable', 'cannot reach the server (connection timeout)'];
  if (/Connection terminated|Client has encountered a connection error|not queryable/i.test(msg)) {
    return ['BUSY', 'connection_lost', 'connection lost; the transaction was rolled back'];
  }
  // The server asked for a password (SCRAM) and the URL, PGPASSWORD and the password file gave none: the
  // driver raises a plain Error before anything is sent.
  if (/^SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a (non-empty )?string$/.test(msg)) {
    return ['INVALID_ARGUMENT', 'auth', 'authentication failed (the server asks for a password and none was given: put it in PGPASSWORD or the password file)'];
  }
  if (code === null || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '28P01' || code === '28000') return ['INVALID_ARGUMENT', 'auth', `authentication failed (${msg})`];
  if (code === '3D000') return ['NOT_FOUND', 'no_database', msg];
  if (code === '25006') {
    // Both a hot standby and a login with default_transaction_read_only answer 25006; say which to check.
    return ['READ_ONLY', 'read_only', `read-only: the server is a standby or this login has default_transaction_read_only on (${msg})`];
  }
  if (code === '40001' || code === '40P01') return ['BUSY', 'conflict', `conflict with another transaction, retries exhausted (${msg})`];
  if (code === '55P03' || code === '57014' || code === '53300' || code === '57P03' || code === '53400') return ['BUSY', 'busy', msg];
  if (code === '57P01' || code === '57P02' || code.startsWith('08'))
    return ['BUSY', 'connection_lost', `connection lost (${msg}); the transaction was rolled back`];
  if (code === '42501') {
    return operation === 'write'
      ? ['READ_ONLY', 'privilege', `this role may not write (${msg})`]
      : ['INVALID_ARGUMENT', 'privilege', `this role lacks a privilege (${msg}); see scripts/postgres-roles.sql`];
  }
  if (code === '53100' || code === '54000') return ['TOO_LARGE', 'too_large', msg];
  if (code.startsWith('XX') || code.startsWith('23') || code === '42P01' || code === '42703') return ['CORRUPT', 'corrupt', msg];
  return null;
}

/**
 * Maps a driver error to a {@link PostgresStoreError} naming `label` (a redacted URL), with every secret scrubbed:
 * unreachable (ECONNREFUSED, DNS failure, connect timeout) -> UNAVAILABLE/unreachable;
 * wrong or missing password -> INVALID_ARGUMENT/auth; missing database -> NOT_FOUND; read-only server (25006) -> READ_ONLY;
 * serialization failure or deadlock (after retries) -> BUSY/conflict; lock timeout, cancel, too many connections,
 * starting up -> BUSY/busy; connection lost (reset, terminated, admin shutdown, 08xxx) -> BUSY/connection_lost;
 * missing privilege -> READ_ONLY on a write, INVALID_ARGUMENT on a read; disk full or too large -> TOO_LARGE;
 * internal errors, integrity violations, missing tables or columns -> CORRUPT. A ScratchpadError passes
 * through; anything else is returned unchanged (a bug, not a user error).
 */
export function mapPgError(err: unknown, label: string, operation: PgOperation, secrets: readonly (string | null)[] = []): unknown {
  if (err instanceof ScratchpadError) return err;
  const c = classify(err, operation);
  if (c === null) return err;
  const sqlState = codeOf(err);
  return new PostgresStoreError(c[0], redactSecrets(`${label}: ${c[2]}`, secrets), c[1], sqlState !== null && /^[0-9A-Z]{5}$/.test(sqlState) ? sqlState : null);
}
