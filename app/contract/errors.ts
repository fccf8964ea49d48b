import { z } from 'zod';
import { ERROR_CODES, type StoreErrorCode } from './codes';

/** Store error codes: {@link StoreErrorCode} (the name the store's modules use). */
export type ScratchpadErrorCode = StoreErrorCode;

/**
 * The only error the store throws on purpose, `{ code, message }` with a code of {@link STORE_ERROR_CODES}.
 * `message` names the cause; it never carries another owner's data. Here rather than in the store so that
 * ownership rules (app/access) and every front end can raise and recognise it without importing the store.
 */
export class ScratchpadError extends Error {
  override readonly name = 'ScratchpadError';
  constructor(
    readonly code: ScratchpadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Schema of the one error shape every failure is mapped to: `{ code, message }`. */
export const ErrorShapeSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string() });

/** The one error shape every failure is mapped to. `message` never holds a stack or another owner's data. */
export type ErrorShape = Readonly<z.infer<typeof ErrorShapeSchema>>;

/** What crosses IPC: `{ ok: true, value }` or `{ ok: false, error }` (Electron drops an Error's own fields). */
export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorShape };

/** Builds the envelope schema for a value schema. */
export function envelopeSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ErrorShapeSchema })]);
}
