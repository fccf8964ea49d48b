import { ScratchpadError } from './types';
import { isPlainObject } from './summary';

/**
 * An observation sorted into what the store keeps: a text or bytes, plus the handle's source. A text may hold
 * lone surrogates: UTF-8 encoding stores each as U+FFFD (one code point either way), and summaries are made
 * well-formed on their own.
 */
export type NormalizedObservation =
  | { readonly kind: 'text'; readonly structured: boolean; readonly text: string; readonly value: unknown; readonly source: Record<string, unknown> | null }
  | { readonly kind: 'binary'; readonly structured: false; readonly bytes: Uint8Array; readonly source: Record<string, unknown> | null };

function invalid(message: string): never {
  throw new ScratchpadError('INVALID_ARGUMENT', message);
}

/** JSON data of `value` (what JSON.stringify keeps); INVALID_ARGUMENT when it cannot be serialized. */
function toJsonData(value: unknown, what: string): { json: string; data: unknown } {
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, 2);
  } catch (err) {
    invalid(`${what} is not JSON-serializable (${err instanceof Error ? err.message : String(err)})`);
  }
  if (json === undefined) invalid(`${what} is not JSON-serializable`);
  return { json, data: JSON.parse(json) as unknown };
}

/**
 * Sorts an observation (PutInput.observation) as the original runtime: a bare string or Uint8Array is
 * `{ content }`; an object whose `content` is a Uint8Array is binary, a string is text (lone surrogates become
 * U+FFFD when stored); any other object or array is structured: stored as 2-space JSON text. Other fields of an object
 * with content feed the handle's metadata and light fields. INVALID_ARGUMENT for null, undefined, numbers,
 * booleans, functions, or values JSON cannot serialize (cycles, BigInt).
 */
export function normalizeObservation(observation: unknown): NormalizedObservation {
  if (typeof observation === 'string') return { kind: 'text', structured: false, text: observation, value: null, source: null };
  if (observation instanceof Uint8Array) return { kind: 'binary', structured: false, bytes: observation, source: null };
  if (typeof observation !== 'object' || observation === null) {
    invalid(`observation must be a string, a Uint8Array or an object, got ${observation === null ? 'null' : typeof observation}`);
  }
  const content = isPlainObject(observation) ? observation.content : undefined;
  if (typeof content === 'string' || content instanceof Uint8Array) {
    const { content: _omit, ...rest } = observation as Record<string, unknown>;
    // `{ content }` alone (the common case): its source is the empty object, no JSON round trip needed.
    let onlyContent = true;
    for (const _key in rest) {
      onlyContent = false;
      break;
    }
    const source = onlyContent ? {} : (toJsonData(rest, 'observation').data as Record<string, unknown>);
    return typeof content === 'string'
      ? { kind: 'text', structured: false, text: content, value: null, source }
      : { kind: 'binary', structured: false, bytes: content, source };
  }
  const { json, data } = toJsonData(observation, 'observation');
  return { kind: 'text', structured: true, text: json, value: data, source: isPlainObject(data) ? data : null };
}
