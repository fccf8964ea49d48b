import type { ErrorCode, ErrorShape } from '../../app/contract';
import { ScratchpadError } from '../../app/scratchpad/types';

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

/** Generic message of an unexpected failure: never a stack, a path or another owner's data. */
export const INTERNAL_MESSAGE = 'internal error in the main process';

/**
 * Maps any thrown value to the one error shape. The store's `ScratchpadError` (the worker client rebuilds one
 * by its code) and {@link IpcError} keep code and message; anything else becomes INTERNAL with
 * {@link INTERNAL_MESSAGE}.
 */
export function toErrorShape(err: unknown): ErrorShape {
  if (err instanceof IpcError || err instanceof ScratchpadError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: INTERNAL_MESSAGE };
}
