import { ERROR_CODES, type ErrorCode, type ErrorShape } from '../../app/contract';

/** An error the IPC layer raises on purpose (FORBIDDEN, INVALID_ARGUMENT...): its message crosses IPC as is. */
export class IpcError extends Error {
  override readonly name = 'IpcError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const STORE_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'INVALID_ARGUMENT', 'TOO_LARGE', 'READ_ONLY', 'BUSY', 'CORRUPT', 'UNSUPPORTED_FORMAT']);

/** Generic message of an unexpected failure: never a stack, a path or another owner's data. */
export const INTERNAL_MESSAGE = 'internal error in the main process';

/**
 * Maps any thrown value to the one error shape. The store's `ScratchpadError` (recognised by name and code, since
 * one that crossed a worker thread is rebuilt) and {@link IpcError} keep code and message; anything else becomes
 * INTERNAL with {@link INTERNAL_MESSAGE}.
 */
export function toErrorShape(err: unknown): ErrorShape {
  if (err instanceof IpcError) return { code: err.code, message: err.message };
  if (err instanceof Error && err.name === 'ScratchpadError') {
    const code = (err as Error & { code?: unknown }).code;
    if (typeof code === 'string' && STORE_CODES.has(code) && (ERROR_CODES as readonly string[]).includes(code)) {
      return { code: code as ErrorCode, message: err.message };
    }
  }
  return { code: 'INTERNAL', message: INTERNAL_MESSAGE };
}
