/*
 * The error codes, without the error shape's schema (errors.ts): the renderer rebuilds typed errors from an
 * envelope's code and must not evaluate zod to do it (see names.ts).
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

/**
 * Every error code that crosses an API or IPC boundary: the store's, then FORBIDDEN and INTERNAL, which the IPC
 * layer adds.
 */
export const ERROR_CODES = [...STORE_ERROR_CODES, 'FORBIDDEN', 'INTERNAL'] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];
