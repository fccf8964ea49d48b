import { z } from 'zod';
import type { ErrorShape } from '../contract';
import { DEFAULT_SLICE_LENGTH } from '../common/limits';

/** A tool as declared to a model: name, English description, JSON Schema (draft 2020-12) of its arguments. */
export interface ToolDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** Default `n` of head and tail reads, in code points (text) or bytes (binary), as the original runtime. */
export const DEFAULT_READ_N = DEFAULT_SLICE_LENGTH;

const MAX_ID_LENGTH = 128;

/** Freezes a plain JSON value all the way down, so no caller can edit a shared tool declaration. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const position = (description: string) => ({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description }) as const;
// start/end may be negative in mode "lines" only (from the last line, as Python slices); checked by the zod twin.
const signedPosition = (description: string) =>
  ({ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description }) as const;

/**
 * The `scratchpad_read` tool declaration, to hand to the model when {@link toolsForTurn} lists it.
 * Units: code points for text entries, bytes for binary entries (returned base64-encoded).
 * Arguments are checked by {@link ScratchpadReadArgsSchema}, which accepts exactly what this schema does.
 */
export const SCRATCHPAD_READ_TOOL: ToolDeclaration = deepFreeze({
  name: 'scratchpad_read',
  description:
    'Read back part of a large tool observation that was stored in the scratchpad instead of being shown to you. ' +
    'Pass the scratchpad_id from the synthetic handle you received. Text is counted in characters (Unicode code ' +
    'points); binary content is counted in bytes and returned base64-encoded. One call returns a limited amount: ' +
    'when the result has "truncated": true, call again as its "hint" says (mode "range" with start set to its ' +
    '"nextStart"; in mode "lines", start set to its "nextLine"). Mode "lines" reads whole lines by number, ' +
    'counted from 0 (a negative start or end counts from the end: start -100 reads the last 100 lines).',
  parameters: {
    type: 'object',
    properties: {
      scratchpad_id: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_ID_LENGTH,
        description: 'The scratchpad_id of the synthetic handle.',
      },
      mode: {
        type: 'string',
        enum: ['full', 'head', 'tail', 'range', 'lines'],
        default: 'head',
        description:
          'full: the whole value; head: the first n units; tail: the last n units; range: units from start (inclusive) ' +
          'to end (exclusive); lines: lines from start (inclusive) to end (exclusive), each without its line break (text only).',
      },
      n: { ...position('Number of units for head and tail; in mode "lines", the number of lines read when end is not given.'), default: DEFAULT_READ_N },
      start: signedPosition(
        'Mode "range": first unit (inclusive, from 0), default 0. Mode "lines": first line (inclusive, from 0; negative counts from the end), default 0. Only >= 0 in mode "range".',
      ),
      end: signedPosition(
        'Mode "range": end unit (exclusive), default the end of the value. Mode "lines": end line (exclusive; negative counts from the end), default start + n. Only >= 0 in mode "range".',
      ),
    },
    required: ['scratchpad_id'],
    additionalProperties: false,
  },
});

const Position = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const SignedPosition = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/**
 * The zod twin of {@link SCRATCHPAD_READ_TOOL}'s parameters; fills mode (head) and n (2,000) defaults. One rule
 * the JSON Schema states only in words: a negative start or end is accepted in mode "lines" only.
 */
export const ScratchpadReadArgsSchema = z
  .strictObject({
    scratchpad_id: z.string().min(1).max(MAX_ID_LENGTH),
    mode: z.enum(['full', 'head', 'tail', 'range', 'lines']).default('head'),
    n: Position.default(DEFAULT_READ_N),
    start: SignedPosition.optional(),
    end: SignedPosition.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.mode === 'lines') return;
    for (const field of ['start', 'end'] as const) {
      const v = a[field];
      if (v !== undefined && v < 0)
        ctx.addIssue({ code: 'custom', path: [field], message: `must be >= 0 in mode "${a.mode}" (negative counts from the end in mode "lines" only)` });
    }
  });

/** Arguments of a scratchpad_read call, defaults filled. */
export type ScratchpadReadArgs = z.output<typeof ScratchpadReadArgsSchema>;

const MAX_MESSAGE = 500;

/**
 * Parses a model's arguments: an object, or a JSON string of one (as some model APIs deliver them).
 * Returns the arguments with defaults, or an INVALID_ARGUMENT error naming each offending field.
 */
export function parseScratchpadReadArgs(
  args: unknown,
): { readonly ok: true; readonly value: ScratchpadReadArgs } | { readonly ok: false; readonly error: ErrorShape } {
  return parseToolArgs(ScratchpadReadArgsSchema, args);
}

/**
 * Parses a model's arguments for one tool against its schema: an object, or a JSON string of one. Returns the
 * parsed value (defaults applied) or an INVALID_ARGUMENT error naming each offending field, at most 500
 * characters; never throws.
 */
export function parseToolArgs<S extends z.ZodType>(
  schema: S,
  args: unknown,
): { readonly ok: true; readonly value: z.output<S> } | { readonly ok: false; readonly error: ErrorShape } {
  let input = args;
  if (typeof args === 'string') {
    try {
      input = JSON.parse(args);
    } catch {
      return { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'arguments: not valid JSON' } };
    }
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ');
  return { ok: false, error: { code: 'INVALID_ARGUMENT', message: message.slice(0, MAX_MESSAGE) } };
}
