/*
 * The error codes and the one error type, without the error shape's schema (errors.ts): the renderer rebuilds
 * typed errors from an envelope's code and must not evaluate zod to do it (see names.ts).
 */

/**
 * The codes the store raises (`ScratchpadError`): listed here once; the worker and IPC layers rebuild by code.
 * UNAVAILABLE: the database server cannot be reached (connection refused, DNS failure, connect timeout); BUSY:
 * it was reached but is busy, locked or in conflict.
 */
export const STORE_ERROR_CODES = ['NOT_FOUND', 'INVALID_ARGUMENT', 'TOO_LARGE', 'READ_ONLY', 'BUSY', 'UNAVAILABLE', 'CORRUPT', 'UNSUPPORTED_FORMAT'] as const;

/** One of {@link STORE_ERROR_CODES}. */
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

/** True when `code` is one of {@link STORE_ERROR_CODES}. */
export function isStoreErrorCode(code: unknown): code is StoreErrorCode {
  return typeof code === 'string' && (STORE_ERROR_CODES as readonly string[]).includes(code);
}

/** Store error codes: {@link StoreErrorCode} (the name the store's modules use). */
export type ScratchpadErrorCode = StoreErrorCode;

/** Codes the IPC layer adds to the store's: FORBIDDEN (a sender that is not our page), INTERNAL (anything unexpected). */
export const IPC_ERROR_CODES = ['FORBIDDEN', 'INTERNAL'] as const;

/** Every error code that crosses an API or IPC boundary: the store's, then the IPC layer's. */
export const ERROR_CODES = [...STORE_ERROR_CODES, ...IPC_ERROR_CODES] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** True when `code` is one of {@link ERROR_CODES} (may cross IPC). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The listed extension only the command line raises (and a file it writes, shared with the app's first run):
 * USAGE (bad arguments), EXISTS (the target file exists, no --force), IO (a file or stream failed, or a target
 * that is never replaced). They never cross IPC: main reports them as INTERNAL.
 */
export const CLI_ERROR_CODES = ['USAGE', 'EXISTS', 'IO'] as const;

/** Every code a {@link ScratchpadError} may carry: {@link ERROR_CODES} and {@link CLI_ERROR_CODES}. */
export const ALL_ERROR_CODES = [...ERROR_CODES, ...CLI_ERROR_CODES] as const;

/** One of {@link ALL_ERROR_CODES}. */
export type FailureCode = (typeof ALL_ERROR_CODES)[number];

/** True when `code` is one of {@link ALL_ERROR_CODES}. */
export function isFailureCode(code: unknown): code is FailureCode {
  return typeof code === 'string' && (ALL_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The one error type of every layer (store, worker, IPC, CLI, renderer): `{ code, message }` with a code listed
 * above; recognised by `instanceof` or by its code, never by a name. `message` names the cause; it never carries
 * another owner's data. The store raises only {@link STORE_ERROR_CODES} (its modules name the type
 * `ScratchpadError<ScratchpadErrorCode>` where that matters). Here rather than in the store so that ownership
 * rules (app/access) and every front end can raise and recognise it without importing the store.
 */
export class ScratchpadError<C extends FailureCode = FailureCode> extends Error {
  override readonly name = 'ScratchpadError';
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Any thrown value as a {@link ScratchpadError}: itself when it is one, else INTERNAL with `internalMessage`
 * (default: its own message; main passes a generic one so no stack or path crosses IPC).
 */
export function asScratchpadError(err: unknown, internalMessage?: string): ScratchpadError {
  if (err instanceof ScratchpadError) return err;
  return new ScratchpadError('INTERNAL', internalMessage ?? (err instanceof Error ? err.message : String(err)));
}
