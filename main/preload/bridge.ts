import { CHANNEL_NAMES, EVENT_NAMES, methodName, type EventName, type ScratchpadBridge } from '../../app/contract';

/** How the bridge reaches main: an invoke per channel and a subscription per event (payload only). */
export interface BridgeTransport {
  /** Sends one request on a contract channel; resolves with main's envelope. */
  invoke(channel: string, request: unknown): Promise<unknown>;
  /** Subscribes to a push event; the listener gets the payload only. Returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds `window.scratchpad` from the contract's channel table: one method per channel (named by `methodName`),
 * each forwarding its request to `transport.invoke` with the fixed channel name, plus `on(event, listener)`
 * restricted to the contract's events. No generic invoke is exposed. Pure: importable in a browser page.
 * An omitted request is sent as `{}` (the request of the channels that take none).
 */
export function createBridge(transport: BridgeTransport): ScratchpadBridge {
  const bridge: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES) {
    bridge[methodName(channel)] = (request?: unknown) => transport.invoke(channel, request === undefined ? {} : request);
  }
  bridge.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new TypeError(`unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return transport.on(event, (payload) => listener(payload));
  };
  return Object.freeze(bridge) as ScratchpadBridge;
}
