// Only zod-free contract modules at run time: the page never evaluates a schema (main validates every request).
import { methodName } from '../../app/contract/bridge';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../app/contract/names';
import type { Envelope, ErrorCode, EventName, ScratchpadBridge } from '../../app/contract';

/** How the bridge reaches main: an invoke per channel and a subscription per event (payload only). */
export interface BridgeTransport {
  /** Sends one request on a contract channel; resolves with main's envelope. */
  invoke(channel: string, request: unknown): Promise<unknown>;
  /** Subscribes to a push event; the listener gets the payload only. Returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
}

const failure = (code: ErrorCode, message: string): Envelope<never> => ({ ok: false, error: { code, message } });

/**
 * Builds `window.scratchpad` from the contract's channel table: one method per channel (named by `methodName`),
 * each forwarding its request to `transport.invoke` with the fixed channel name, plus `on(event, listener)`
 * restricted to the contract's events. No generic invoke is exposed. Pure: importable in a browser page.
 * An omitted request is sent as `{}` (the request of the channels that take none). Every method resolves with an
 * envelope: a request that cannot be sent gives INVALID_ARGUMENT, a failed invoke INTERNAL (it never rejects).
 */
export function createBridge(transport: BridgeTransport): ScratchpadBridge {
  const bridge: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES) {
    bridge[methodName(channel)] = (request?: unknown): Promise<unknown> => {
      let sent: Promise<unknown>;
      try {
        sent = transport.invoke(channel, request === undefined ? {} : request);
      } catch {
        // Thrown while sending: the request could not be serialised (a function, a DOM node...).
        return Promise.resolve(failure('INVALID_ARGUMENT', `the request for ${channel} cannot be sent to the main process`));
      }
      return sent.catch(() => failure('INTERNAL', `the main process did not answer ${channel}`));
    };
  }
  bridge.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new TypeError(`unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return transport.on(event, (payload) => listener(payload));
  };
  return Object.freeze(bridge) as ScratchpadBridge;
}
