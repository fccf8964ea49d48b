import { ScratchpadError } from '../scratchpad/types';
import { jsonBytesOf } from './json-size';

/**
 * Default offload threshold, in bytes: an observation whose measured size ({@link measureObservationBytes})
 * is at most this many bytes goes to the model unchanged; above it, it is stored and the model sees a
 * synthetic handle (about 1,000 tokens of English text). Source: the engine
 * integration's requirements (an observation of ~1,000 tokens stays inline). This is the
 * one canonical setting; callers override it per call with `offloadObservation(..., { thresholdBytes })`.
 */
export const DEFAULT_OFFLOAD_THRESHOLD_BYTES = 4096;

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** UTF-8 bytes of the compact JSON of `value`, without building that JSON (app/engine/json-size.ts). */
function jsonBytes(value: unknown): number {
  let bytes: number | undefined;
  try {
    bytes = jsonBytesOf(value);
  } catch (e) {
    throw new ScratchpadError('INVALID_ARGUMENT', `observation is not JSON-serializable: ${(e as Error).message}`);
  }
  if (bytes === undefined) throw new ScratchpadError('INVALID_ARGUMENT', `observation is not JSON-serializable (${typeof value})`);
  return bytes;
}

/**
 * The size of an observation as the offload decision counts it, in bytes:
 * - a bare `Uint8Array`/`Buffer`: its byte length;
 * - an object whose `content` is a `Uint8Array`/`Buffer` (a binary observation): the byte length of
 *   `content`, plus the UTF-8 bytes of `JSON.stringify` of the object without `content` when it has other
 *   own enumerable fields (nothing is added when `content` is the only field);
 * - anything else (objects, arrays, strings, numbers...): the UTF-8 bytes of `JSON.stringify(observation)`,
 *   compact as it writes it (so a bare string counts its quotes and escapes), computed without building the
 *   JSON text, so a text too long for one JSON string is still measured.
 * Throws ScratchpadError INVALID_ARGUMENT when the value cannot be serialized (undefined, a function, a
 * BigInt, a cycle).
 */
export function measureObservationBytes(observation: unknown): number {
  if (observation instanceof Uint8Array) return observation.byteLength;
  if (isPlainRecord(observation) && observation.content instanceof Uint8Array) {
    const { content, ...rest } = observation;
    const restBytes = Object.keys(rest).length > 0 ? jsonBytes(rest) : 0;
    return (content as Uint8Array).byteLength + restBytes;
  }
  return jsonBytes(observation);
}
