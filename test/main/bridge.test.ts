import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES, methodName } from '../../app/contract';
import { createBridge, type BridgeTransport } from '../../main/preload/bridge';

function recordingTransport() {
  const invoked: Array<{ channel: string; request: unknown }> = [];
  const listeners = new Map<string, Array<(payload: unknown) => void>>();
  const transport: BridgeTransport = {
    invoke: async (channel, request) => {
      invoked.push({ channel, request });
      return { ok: true, value: channel };
    },
    on: (event, listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return () =>
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== listener),
        );
    },
  };
  return { transport, invoked, listeners };
}

describe('createBridge', () => {
  it('exposes exactly one method per contract channel plus on', () => {
    const bridge = createBridge(recordingTransport().transport);
    expect(Object.keys(bridge).sort()).toEqual([...CHANNEL_NAMES.map((c) => methodName(c)), 'on'].sort());
    expect(Object.keys(bridge)).not.toContain('invoke');
  });

  it('sends each method on its own fixed channel with the request unchanged', async () => {
    const { transport, invoked } = recordingTransport();
    const bridge = createBridge(transport) as unknown as Record<string, (r: unknown) => Promise<unknown>>;
    for (const channel of CHANNEL_NAMES) {
      const request = { marker: channel };
      await expect(bridge[methodName(channel)]!(request)).resolves.toEqual({ ok: true, value: channel });
    }
    expect(invoked).toEqual(CHANNEL_NAMES.map((channel) => ({ channel, request: { marker: channel } })));
  });

  it('sends an omitted request as an empty object', async () => {
    const { transport, invoked } = recordingTransport();
    const bridge = createBridge(transport) as unknown as Record<string, () => Promise<unknown>>;
    await bridge.sessionInfo!();
    expect(invoked).toEqual([{ channel: 'session:info', request: {} }]);
  });

  it('gives listeners the payload only and unsubscribes', () => {
    const { transport, listeners } = recordingTransport();
    const bridge = createBridge(transport);
    const seen: unknown[] = [];
    const off = bridge.on('store:changed', (payload) => seen.push(payload));
    listeners.get('store:changed')![0]!({ reason: 'gc' });
    off();
    expect(seen).toEqual([{ reason: 'gc' }]);
    expect(listeners.get('store:changed')).toEqual([]);
  });

  it('refuses events outside the contract', () => {
    const bridge = createBridge(recordingTransport().transport);
    expect(() => bridge.on('ipc:raw' as never, () => {})).toThrow(TypeError);
    expect(EVENT_NAMES.every((e) => typeof bridge.on(e, () => {}) === 'function')).toBe(true);
  });

  it('answers with an envelope, never a rejection, when sending or invoking fails', async () => {
    const bridge = createBridge({
      invoke: (channel) => {
        if (channel === 'entry:read') throw new Error('An object could not be cloned.');
        return Promise.reject(new Error("No handler registered for 'stats:get'"));
      },
      on: () => () => {},
    });
    await expect(bridge.entryRead({ id: 'x', mode: 'head', n: (() => 1) as unknown as number })).resolves.toEqual({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'the request for entry:read cannot be sent to the main process' },
    });
    await expect(bridge.statsGet({})).resolves.toEqual({ ok: false, error: { code: 'INTERNAL', message: 'the main process did not answer stats:get' } });
  });

  it('is frozen', () => {
    const bridge = createBridge(recordingTransport().transport) as unknown as Record<string, unknown>;
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(() => {
      bridge.invoke = () => {};
    }).toThrow(TypeError);
  });
});
