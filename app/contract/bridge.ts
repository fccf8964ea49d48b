import type { ChannelRequest, ChannelResponse, EventPayload } from './channels';
import type { ChannelName, EventName } from './names';
import type { Envelope } from './errors';

/** Method name the preload exposes for a channel: `turns:list` -> `turnsList`, `entry:readLog` -> `entryReadLog`. */
export type MethodName<C extends string> = C extends `${infer D}:${infer V}` ? `${D}${Capitalize<V>}` : never;

/** Converts a channel name to its bridge method name (see {@link MethodName}). */
export function methodName<C extends ChannelName>(channel: C): MethodName<C> {
  const [domain, verb] = channel.split(':') as [string, string];
  return `${domain}${verb.charAt(0).toUpperCase()}${verb.slice(1)}` as MethodName<C>;
}

/**
 * What the preload exposes as `window.scratchpad`: one method per channel returning the envelope, plus
 * `on(event, listener) -> unsubscribe`. Listeners get the payload only, never the raw IPC event.
 */
export type ScratchpadBridge = {
  readonly [C in ChannelName as MethodName<C>]: (request: ChannelRequest<C>) => Promise<Envelope<ChannelResponse<C>>>;
} & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};
