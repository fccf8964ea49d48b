// Only zod-free contract modules at run time (the page never evaluates a schema: main validates every request).
import { methodName } from '../../../app/contract/bridge';
import { ERROR_CODES, type ErrorCode } from '../../../app/contract/codes';
import { CHANNEL_NAMES, type ChannelName } from '../../../app/contract/names';
import type { ChannelRequest, ChannelResponse, Envelope, MethodName, ScratchpadBridge } from '../../../app/contract';

/**
 * A failed bridge call as a real Error with the contract's code (`NOT_FOUND`, `FORBIDDEN`, ...).
 * Electron drops an Error's own fields across IPC, so main sends `{ code, message }` and we rebuild it here.
 * What a code means to a person is common/failures.ts (`failureTitle`), the table the CLI's exit codes use.
 */
export class ApiError extends Error {
  /** One of the contract's ERROR_CODES. */
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** Turns anything thrown into an ApiError (unknown failures become INTERNAL). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error) return new ApiError('INTERNAL', error.message);
  return new ApiError('INTERNAL', String(error));
}

/** Returns the envelope's value or throws its error as an {@link ApiError}. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope && envelope.ok === true) return envelope.value;
  if (envelope && envelope.ok === false && envelope.error) {
    const code = (ERROR_CODES as readonly string[]).includes(envelope.error.code) ? envelope.error.code : 'INTERNAL';
    throw new ApiError(code, envelope.error.message);
  }
  throw new ApiError('INTERNAL', 'Malformed response from the main process.');
}

/** The renderer's API: one promise-returning method per channel (value unwrapped), plus `on`. */
export type Api = {
  readonly [C in ChannelName as MethodName<C>]: (request: ChannelRequest<C>) => Promise<ChannelResponse<C>>;
} & {
  readonly on: ScratchpadBridge['on'];
};

/** Wraps a bridge (the real `window.scratchpad` or a test fake) so every call resolves to its value or throws ApiError. */
export function createApi(bridge: ScratchpadBridge): Api {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES) {
    const name = methodName(channel);
    api[name] = async (request: unknown) => {
      const method = (bridge as unknown as Record<string, (r: unknown) => Promise<Envelope<unknown>>>)[name];
      if (typeof method !== 'function') throw new ApiError('INTERNAL', `The bridge has no method ${name}.`);
      let envelope: Envelope<unknown>;
      try {
        envelope = await method(request);
      } catch (error) {
        throw toApiError(error);
      }
      return unwrap(envelope);
    };
  }
  api.on = ((event, listener) => bridge.on(event, listener)) as ScratchpadBridge['on'];
  return api as Api;
}

/** The bridge the preload exposed, or null when the page runs outside the app (a plain browser). */
export function windowBridge(): ScratchpadBridge | null {
  const candidate = (globalThis as { scratchpad?: ScratchpadBridge }).scratchpad;
  return candidate ?? null;
}
