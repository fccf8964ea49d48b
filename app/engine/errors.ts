import type { ErrorShape } from '../contract';
import { ScratchpadError } from '../scratchpad/types';

/** The NOT_FOUND a model sees for an id it may not read, whatever the reason: one message for all of them. */
export function notFound(id: string): ErrorShape {
  return { code: 'NOT_FOUND', message: `scratchpad entry ${JSON.stringify(id)} not found in this turn` };
}

/**
 * Maps anything thrown inside the engine to the tool's error shape. Store errors keep their code and message
 * (NOT_FOUND becomes {@link notFound}, so a missing and a foreign id cannot be told apart); anything else is
 * INTERNAL with a fixed message (no stack, no content).
 */
export function toToolError(e: unknown, id: string): ErrorShape {
  if (e instanceof ScratchpadError) return e.code === 'NOT_FOUND' ? notFound(id) : { code: e.code, message: e.message };
  return { code: 'INTERNAL', message: 'internal error while reading the scratchpad' };
}
