import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, CHANNELS, ERROR_CODES, envelopeSchema, type ChannelName, type Principal } from '../../app/contract';
import { INTERNAL_MESSAGE } from '../../main/ipc/errors';
import { createHandlers, type Handlers } from '../../main/ipc/handlers';
import type { WindowSession } from '../../main/ipc/session';
import type { StoreClient } from '../../main/store/client';
import { openInProcessClient } from '../../main/store/in-process';
import { ALICE, OPERATOR, fileHash, memoryRecentFiles, recordingSession, scriptedDialogs, tempDir } from './helpers';
import { openScratchpad } from '../../app/scratchpad';
import { join } from 'node:path';

/** A store where nothing is expired, so even a well-formed gc:run leaves the file as it is. */
async function seedLiveStore(): Promise<{ path: string; ids: string[] }> {
  const path = join(tempDir('fuzz-'), 'scratchpad.db');
  const pad = await openScratchpad(path);
  try {
    const ids = [
      (
        await pad.put(
          { kind: 'user', userId: 'alice' },
          { turnId: 'turn-a', stepNum: 1, executorName: 'shell', observation: { content: 'héllo wörld 🌍\n'.repeat(50) } },
        )
      ).scratchpad_id,
      (
        await pad.put(
          { kind: 'user', userId: 'alice' },
          { turnId: 'turn-a', stepNum: 2, executorName: 'fetch', observation: { content: Uint8Array.from([1, 2, 3, 255]) } },
        )
      ).scratchpad_id,
      (await pad.put({ kind: 'user', userId: 'bob' }, { turnId: 'turn-b', stepNum: 1, executorName: 'shell', observation: { rows: [1, 2, 3] } })).scratchpad_id,
    ];
    return { path, ids };
  } finally {
    await pad.close();
  }
}

const weirdNumber = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 2 ** 53, 1e308),
  fc.string({ maxLength: 4 }),
);
const weirdString = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '../../etc/passwd', "' OR 1=1 --", 'x'.repeat(300), '\u0000'), fc.integer());

/** Requests near the real shapes (right keys, wrong or edge values, extra keys), plus ids that exist. */
function nearMisses(ids: string[]) {
  const id = fc.oneof(fc.constantFrom(...ids), weirdString);
  const extra = fc.dictionary(fc.constantFrom('principal', 'owner', 'path', 'userId', '__proto__', 'constructor', 'sql'), fc.anything(), { maxKeys: 2 });
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const shaped = fc.record(
    {
      id,
      turnId: fc.oneof(fc.constantFrom('turn-a', 'turn-b'), weirdString),
      mode: fc.oneof(fc.constantFrom('full', 'head', 'tail', 'range'), weirdString),
      n: weirdNumber,
      start: weirdNumber,
      end: weirdNumber,
      limit: weirdNumber,
      cursor: weirdString,
      query: weirdString,
      sort: fc.oneof(fc.constantFrom('lastCreated', 'totalBytes'), weirdString),
      now: weirdNumber,
      recentIndex: weirdNumber,
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    shaped,
    fc.tuple(shaped, extra).map(([a, b]) => ({ ...a, ...b })),
    fc.constant({}),
    fc.record({ id }),
    fc.record({ turnId: fc.oneof(fc.constantFrom('turn-a', 'turn-b'), weirdString) }),
    fc.record({ id, mode: fc.constantFrom('full', 'head', 'tail'), n: maybe(fc.integer({ min: 0, max: 100 })) }),
    fc.record({ id, mode: fc.constant('range'), start: fc.integer({ min: 0, max: 900 }), end: fc.integer({ min: 0, max: 900 }) }),
    fc.record({ id, mode: fc.constant('lines'), start: fc.integer({ min: 0, max: 50 }), end: fc.integer({ min: 0, max: 50 }) }),
    fc.record({
      pattern: fc.oneof(weirdString, fc.constantFrom('a', '(', '[x')),
      regex: maybe(fc.boolean()),
      caseSensitive: maybe(fc.boolean()),
      id: maybe(id),
    }),
  );
}

/** One well-formed request per channel, always among the payloads, so that "some are served" never rests on luck. */
function validRequest(channel: ChannelName, ids: string[]): unknown {
  switch (channel) {
    case 'turn:entries':
      return { turnId: 'turn-a' };
    case 'entry:describe':
    case 'entry:readLog':
    case 'entry:export':
    case 'entry:jsonOutline':
      return { id: ids[0] };
    case 'entry:read':
      return { id: ids[0], mode: 'range', start: 2, end: 9 };
    case 'entry:compare':
      return { leftId: ids[0], rightId: ids[0] };
    case 'search:query':
      return { pattern: 'a', limit: 5 };
    case 'connection:open':
      return { url: 'postgres://alice@127.0.0.1:1/db' };
    default:
      return {};
  }
}

describe('IPC fuzzing: random and malformed payloads to every channel', () => {
  let seeded: { path: string; ids: string[] };
  let before: string;
  let store: StoreClient;
  let handlers: Handlers;
  const sessions: Record<string, WindowSession> = {};

  beforeAll(async () => {
    seeded = await seedLiveStore();
    before = fileHash(seeded.path);
    store = await openInProcessClient(seeded.path);
    handlers = createHandlers({ dialogs: scriptedDialogs().dialogs, recentFiles: memoryRecentFiles(), openStore: openInProcessClient });
    for (const [name, principal] of [
      ['alice', ALICE],
      ['operator', OPERATOR],
    ] as Array<[string, Principal]>)
      sessions[name] = recordingSession(store, principal).session;
  });

  afterAll(async () => {
    await store.close();
    // The property that matters most: whatever arrived, the file is byte for byte what it was.
    expect(fileHash(seeded.path)).toBe(before);
  });

  describe.each(CHANNEL_NAMES.map((c) => [c] as [ChannelName]))('%s', (channel) => {
    const envelope = envelopeSchema(CHANNELS[channel].response);

    it.each(['alice', 'operator'])('answers every payload with a typed envelope as %s', async (who) => {
      const session = sessions[who]!;
      const outcomes = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), nearMisses(seeded.ids)), async (payload) => {
          const result = await handlers[channel](session, payload);
          outcomes.add(result.ok ? 'ok' : result.error.code);
          expect(envelope.safeParse(result).success).toBe(true);
          if (!result.ok) {
            expect(ERROR_CODES).toContain(result.error.code);
            expect(result.error.message).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
            if (result.error.code === 'INTERNAL') expect(result.error.message).toBe(INTERNAL_MESSAGE);
          }
          expect(session.store).toBe(store);
          expect(session.principal).toEqual(who === 'alice' ? ALICE : OPERATOR);
        }),
        { numRuns: 120, examples: [[validRequest(channel, seeded.ids)]] },
      );
      // The generators reach both sides of the schema: some payloads are served, some refused. connection:open
      // is the one exception: main never asked these windows for a connection, so a well-formed payload is
      // FORBIDDEN and nothing is ever opened.
      expect(outcomes).toContain(channel === 'connection:open' ? 'FORBIDDEN' : 'ok');
      if (channel === 'connection:open') expect(outcomes).not.toContain('ok');
      expect(outcomes).toContain('INVALID_ARGUMENT');
    });
  });
});
