import { ScratchpadError } from '../scratchpad/types';

/**
 * Default offload threshold, in bytes: an observation whose measured size ({@link measureObservationBytes})
 * is at most this many bytes goes to the model unchanged; above it, it is stored and the model sees a
 * synthetic handle (about 1,000 tokens of English text). Source: issue 4 (engine integration). This is the
 * one canonical setting; callers override it per call with `offloadObservation(..., { thresholdBytes })`.
 */
export const DEFAULT_OFFLOAD_THRESHOLD_BYTES = 4096;

function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

function jsonBytes(value: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (e) {
    throw new ScratchpadError('INVALID_ARGUMENT', `observation is not JSON-serializable: ${(e as Error).message}`);
  }
  if (json === undefined) throw new ScratchpadError('INVALID_ARGUMENT', `observation is not JSON-serializable (${typeof value})`);
  return Buffer.byteLength(json, 'utf8');
}

/**
 * The size of an observation as the offload decision counts it, in bytes:
 * - a bare `Uint8Array`/`Buffer`: its byte length;
 * - an object whose `content` is a `Uint8Array`/`Buffer` (a binary observation): the byte length of
 *   `content`, plus the UTF-8 bytes of `JSON.stringify` of the object without `content` when it has other
 *   own enumerable fields (nothing is added when `content` is the only field);
 * - anything else (objects, arrays, strings, numbers...): the UTF-8 bytes of `JSON.stringify(observation)`,
 *   compact as it writes it (so a bare string counts its quotes and escapes).
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
