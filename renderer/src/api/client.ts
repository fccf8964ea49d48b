// Only zod-free contract modules at run time (the page never evaluates a schema: main validates every request).
import { methodName } from '../../../app/contract/bridge';
import { asScratchpadError, isErrorCode, ScratchpadError } from '../../../app/contract/codes';
import { CHANNEL_NAMES, type ChannelName } from '../../../app/contract/names';
import type { ChannelRequest, ChannelResponse, Envelope, MethodName, ScratchpadBridge } from '../../../app/contract';

/*
 * A failed bridge call rejects with the contract's one error type, ScratchpadError `{ code, message }` (codes:
 * app/contract/errors.ts). Electron drops an Error's own fields across IPC, so main sends `{ code, message }`
 * and `unwrap` rebuilds it here. What a code means to a person is common/failures.ts (`failureTitle`), the table
 * the CLI's exit codes use.
 */

/** Returns the envelope's value or throws its error as an {@link ScratchpadError}. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope && envelope.ok === true) return envelope.value;
  if (envelope && envelope.ok === false && envelope.error) {
    throw new ScratchpadError(isErrorCode(envelope.error.code) ? envelope.error.code : 'INTERNAL', envelope.error.message);
  }
  throw new ScratchpadError('INTERNAL', 'Malformed response from the main process.');
}

/** The renderer's API: one promise-returning method per channel (value unwrapped), plus `on`. */
export type Api = {
  readonly [C in ChannelName as MethodName<C>]: (request: ChannelRequest<C>) => Promise<ChannelResponse<C>>;
} & {
  readonly on: ScratchpadBridge['on'];
};

/** Wraps a bridge (the real `window.scratchpad` or a test fake) so every call resolves to its value or throws ScratchpadError. */
export function createApi(bridge: ScratchpadBridge): Api {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES) {
    const name = methodName(channel);
    api[name] = async (request: unknown) => {
      const method = (bridge as unknown as Record<string, (r: unknown) => Promise<Envelope<unknown>>>)[name];
      if (typeof method !== 'function') throw new ScratchpadError('INTERNAL', `The bridge has no method ${name}.`);
      let envelope: Envelope<unknown>;
      try {
        envelope = await method(request);
      } catch (error) {
        throw asScratchpadError(error);
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
