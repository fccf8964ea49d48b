/*
 * The names of the contract's invoke channels and push events, without their schemas: what the preload and the
 * renderer need at run time (one method per channel, `on` for the events). Kept apart from channels.ts so the
 * page never evaluates zod: main validates every request, and identity comes from the sender, so the page has
 * nothing to parse with it. channels.ts checks that its tables have exactly these keys.
 */

/** Every invoke channel (`domain:verb`), in the order of the channel table (channels.ts `CHANNELS`). */
export const CHANNEL_NAMES = [
  'session:info',
  'turns:list',
  'turn:entries',
  'entry:describe',
  'entry:read',
  'entry:jsonOutline',
  'entry:readLog',
  'entry:export',
  'entry:compare',
  'search:query',
  'stats:get',
  'gc:preview',
  'gc:run',
  'file:open',
  'connection:open',
  'principal:choose',
  'link:pending',
] as const;

/** Name of one invoke channel. */
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** Every push event main sends to windows, in the order of channels.ts `EVENTS`. */
export const EVENT_NAMES = ['store:changed', 'export:progress', 'connection:prompt', 'work:progress', 'link:open'] as const;

/** Name of one push event. */
export type EventName = (typeof EVENT_NAMES)[number];
