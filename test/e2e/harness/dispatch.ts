import type { Handlers } from '../../../main/ipc/handlers';
import type { WindowSession } from '../../../main/ipc/session';

/** One bridge call as main saw it. `contentLength` is the length of an `entry:read` answer's content string. */
export interface InvokeRecord {
  readonly channel: string;
  readonly request: unknown;
  readonly ok: boolean;
  readonly errorCode?: string;
  readonly contentLength?: number;
  /** Time main's handler took (ms, wall clock; for profiling the bench, never asserted). */
  readonly handlerMs?: number;
}

/** Runs one call on a channel name the page sent (untrusted) with its request (untrusted); resolves with the envelope. */
export type Dispatch = (channel: string, request: unknown) => Promise<unknown>;

/**
 * What main's IPC registration does for one window, for the harness's binding: a contract channel runs its handler
 * (which parses the request with the channel's schema and takes the principal from `session`, never from the
 * request); any other name gets FORBIDDEN and runs nothing. Each call is appended to `invoked`. Before it
 * answers, it waits for the `pushes` still on their way to the page, so the page sees the events a handler
 * emitted before its answer, as on Electron's one IPC channel (the answer no longer travels with them).
 */
export function recordingDispatch(handlers: Handlers, session: WindowSession, invoked: InvokeRecord[], pushes: ReadonlySet<Promise<void>>): Dispatch {
  return async (channel, request) => {
    if (!Object.hasOwn(handlers, channel)) return { ok: false, error: { code: 'FORBIDDEN', message: 'unknown channel' } };
    const started = performance.now();
    const envelope = await handlers[channel as keyof Handlers](session, request);
    const handlerMs = performance.now() - started;
    const value: unknown = envelope.ok ? envelope.value : undefined;
    const content = value && typeof value === 'object' && 'content' in value ? (value as { content: unknown }).content : undefined;
    invoked.push({
      channel,
      request,
      ok: envelope.ok,
      ...(envelope.ok ? {} : { errorCode: envelope.error.code }),
      ...(typeof content === 'string' ? { contentLength: content.length } : {}),
      handlerMs,
    });
    if (pushes.size > 0) await Promise.all([...pushes]);
    return envelope;
  };
}
