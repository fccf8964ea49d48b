import { z } from 'zod';
import { ERROR_CODES } from './codes';

export * from './codes';

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
