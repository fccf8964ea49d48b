import { isErrorCode, ScratchpadError, type ErrorShape } from '../../app/contract';

/** Generic message of an unexpected failure: never a stack, a path or another owner's data. */
export const INTERNAL_MESSAGE = 'internal error in the main process';

/**
 * Maps any thrown value to the one error shape. A {@link ScratchpadError} (the store's, rebuilt by code by the
 * worker client, or raised by the IPC layer itself: FORBIDDEN, INVALID_ARGUMENT...) keeps its code and message
 * when its code may cross IPC (ERROR_CODES); anything else, INTERNAL and the CLI-only codes included, becomes
 * INTERNAL with {@link INTERNAL_MESSAGE} (an unexpected failure's message may hold a path or a stack).
 */
export function toErrorShape(err: unknown): ErrorShape {
  if (err instanceof ScratchpadError && isErrorCode(err.code) && err.code !== 'INTERNAL') return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: INTERNAL_MESSAGE };
}
