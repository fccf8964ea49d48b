import { ScratchpadError } from '../../app/contract';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../main/ipc/handlers';
import { INTERNAL_MESSAGE } from '../../main/ipc/errors';
import type { StoreClient } from '../../main/store/client';
import {
  ALICE,
  ALICE_TEXT,
  BOB,
  CLIENTS,
  OPERATOR,
  PNG_BYTES,
  fileHash,
  memoryRecentFiles,
  recordingSession,
  removeScratchDirs,
  scriptedDialogs,
  seedStore,
  tempDir,
  testServices,
} from './helpers';

afterAll(removeScratchDirs);

describe.each(CLIENTS)('createHandlers over the %s', (_name, open) => {
  const opened: StoreClient[] = [];
  const openStore = async (path: string) => {
    const client = await open(path);
    opened.push(client);
    return client;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  async function setup(principal = ALICE, script: Parameters<typeof scriptedDialogs>[0] = {}, recent = memoryRecentFiles()) {
    const seeded = await seedStore();
    const { dialogs, asked } = scriptedDialogs(script);
    const handlers = createHandlers(testServices(openStore, dialogs, recent));
    const { session, events } = recordingSession(await openStore(seeded.path), principal);
    return { seeded, handlers, session, events, asked, recent };
  }

  describe('session:info', () => {
    it('describes the file and principal; knownOwners for the operator only', async () => {
      const { seeded, handlers, session } = await setup(ALICE);
      expect(await handlers['session:info'](session, {})).toEqual({
        ok: true,
        value: { file: seeded.path, format: 'v2', readonly: false, principal: ALICE, knownOwners: [], recentFiles: [] },
      });
      session.principal = OPERATOR;
      const info = await handlers['session:info'](session, {});
      expect(info.ok && [...info.value.knownOwners].sort()).toEqual(['alice', 'bob']);
    });
  });

  describe('turns:list and turn:entries', () => {
    it("lists only the principal's own turns", async () => {
      const { handlers, session } = await setup(ALICE);
      const page = await handlers['turns:list'](session, {});
      expect(page.ok && page.value.turns.map((t) => t.turnId).sort()).toEqual(['turn-alice-1', 'turn-alice-2']);
      session.principal = BOB;
      const bobs = await handlers['turns:list'](session, { limit: 10 });
      expect(bobs.ok && bobs.value.turns.map((t) => t.turnId).sort()).toEqual(['turn-bob-1', 'turn-bob-2']);
    });

    it("returns a turn's entries in step order and nothing of another owner's turn", async () => {
      const { seeded, handlers, session } = await setup(ALICE);
      const mine = await handlers['turn:entries'](session, { turnId: 'turn-alice-1' });
      expect(mine.ok && mine.value.map((e) => [e.id, e.stepNum, e.kind, e.owner])).toEqual([
        [seeded.ids.aliceText, 1, 'text', 'alice'],
        [seeded.ids.alicePng, 2, 'binary', 'alice'],
      ]);
      expect(await handlers['turn:entries'](session, { turnId: 'turn-bob-1' })).toEqual({ ok: true, value: [] });
    });
  });

  describe('entry:describe and entry:read', () => {
    it("reads head, tail and range slices of the principal's own row", async () => {
      const { seeded, handlers, session } = await setup(ALICE);
      const id = seeded.ids.aliceText;
      const head = await handlers['entry:read'](session, { id, mode: 'head', n: 11 });
      expect(head.ok && [head.value.content, head.value.encoding, head.value.meta.start, head.value.meta.end, head.value.meta.totalLength]).toEqual([
        'alice line\n',
        'utf8',
        0,
        11,
        ALICE_TEXT.length,
      ]);
      const tail = await handlers['entry:read'](session, { id, mode: 'tail', n: 5 });
      expect(tail.ok && tail.value.content).toBe('line\n');
      const range = await handlers['entry:read'](session, { id, mode: 'range', start: 6, end: 10 });
      expect(range.ok && range.value.content).toBe('line');
      // The entry's own line numbers: a slice from offset 11 starts on line 2; 400 lines, each ending in '\n'.
      const second = await handlers['entry:read'](session, { id, mode: 'range', start: 11, end: 15 });
      expect(second.ok && [second.value.meta.startLine, second.value.meta.totalLines]).toEqual([2, 400]);
      const png = await handlers['entry:read'](session, { id: seeded.ids.alicePng, mode: 'head', n: 8 });
      expect(png.ok && [png.value.encoding, Buffer.from(png.value.content, 'base64')]).toEqual(['base64', Buffer.from(PNG_BYTES.subarray(0, 8))]);
    });

    it("answers NOT_FOUND for another owner's row without leaking it", async () => {
      const { seeded, handlers, session } = await setup(ALICE);
      for (const result of [
        await handlers['entry:describe'](session, { id: seeded.ids.bobText }),
        await handlers['entry:read'](session, { id: seeded.ids.bobText, mode: 'full' }),
      ]) {
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.code).toBe('NOT_FOUND');
          expect(result.error.message).not.toMatch(/bob secret|turn-bob/);
        }
      }
    });

    it('describes with the full sha256 and the detected type', async () => {
      const { seeded, handlers, session } = await setup(ALICE);
      const described = await handlers['entry:describe'](session, { id: seeded.ids.alicePng });
      const { createHash } = await import('node:crypto');
      expect(described.ok && [described.value.sha256, described.value.detectedType, described.value.meta.sizeBytes]).toEqual([
        createHash('sha256').update(PNG_BYTES).digest('hex'),
        'png',
        PNG_BYTES.byteLength,
      ]);
    });
  });

  describe('request validation', () => {
    it.each([
      ['turns:list', { owner: 'bob' }],
      ['turns:list', { limit: 0 }],
      ['entry:read', { id: 'x', mode: 'head', principal: { kind: 'operator' } }],
      ['entry:read', { id: 'x', mode: 'sideways' }],
      ['session:info', null],
      ['gc:run', { now: 1 }],
      ['file:open', { path: '/etc/passwd' }],
      ['principal:choose', { kind: 'operator' }],
      ['entry:export', 'id'],
    ] as const)('%s refuses %j with INVALID_ARGUMENT', async (channel, request) => {
      const { handlers, session } = await setup(ALICE);
      const result = await handlers[channel](session, request);
      expect(result.ok ? 'ok' : result.error.code).toBe('INVALID_ARGUMENT');
      expect(session.principal).toEqual(ALICE);
    });
  });

  describe('stats:get', () => {
    it("counts the principal's rows; per-owner figures for the operator only", async () => {
      const { handlers, session, events } = await setup(ALICE);
      const mine = await handlers['stats:get'](session, {});
      expect(mine.ok && [mine.value.rows, mine.value.expiredRows, mine.value.byOwner]).toEqual([3, 1, undefined]);
      expect(events.filter((e) => e.event === 'work:progress').map((e) => e.payload)).toEqual([
        { task: 'stats', done: 0, total: 1 },
        { task: 'stats', done: 1, total: 1 },
      ]);
      session.principal = OPERATOR;
      const all = await handlers['stats:get'](session, {});
      expect(all.ok && [all.value.rows, all.value.byOwner?.map((o) => [o.owner, o.rows]).sort()]).toEqual([
        5,
        [
          ['alice', 3],
          ['bob', 2],
        ],
      ]);
    });
  });

  describe('gc:preview and gc:run', () => {
    it('previews without changing the file', async () => {
      const { seeded, handlers, session } = await setup(OPERATOR);
      const before = fileHash(seeded.path);
      const preview = await handlers['gc:preview'](session, {});
      expect(preview.ok && [preview.value.deletedRows, preview.value.dryRun, preview.value.turns.map((t) => t.turnId).sort()]).toEqual([
        2,
        true,
        ['turn-alice-2', 'turn-bob-2'],
      ]);
      expect(fileHash(seeded.path)).toBe(before);
    });

    it("deletes only the user's own expired rows and announces the change", async () => {
      const { handlers, session, events } = await setup(ALICE);
      const run = await handlers['gc:run'](session, {});
      expect(run.ok && [run.value.deletedRows, run.value.dryRun, run.value.turns.map((t) => [t.turnId, t.rows])]).toEqual([1, false, [['turn-alice-2', 1]]]);
      expect(events.filter((e) => e.event === 'store:changed').map((e) => e.payload)).toEqual([{ reason: 'gc' }]);
      session.principal = OPERATOR;
      const left = await handlers['gc:preview'](session, {});
      expect(left.ok && left.value.turns.map((t) => [t.turnId, t.owner])).toEqual([['turn-bob-2', 'bob']]);
    });
  });

  describe('entry:export', () => {
    it('streams the row to the path chosen in the save dialog, with progress', async () => {
      const target = join(tempDir(), 'out.png');
      const { seeded, handlers, session, events, asked } = await setup(ALICE, { save: [target] });
      const result = await handlers['entry:export'](session, { id: seeded.ids.alicePng });
      expect(result).toEqual({ ok: true, value: { path: target, bytesWritten: PNG_BYTES.byteLength } });
      expect(readFileSync(target)).toEqual(Buffer.from(PNG_BYTES));
      expect(asked).toEqual([{ dialog: 'save', detail: `${seeded.ids.alicePng}.png` }]);
      const progress = events.filter((e) => e.event === 'export:progress').map((e) => e.payload);
      expect(progress.at(-1)).toEqual({ id: seeded.ids.alicePng, bytesWritten: PNG_BYTES.byteLength, totalBytes: PNG_BYTES.byteLength, done: true });
    });

    it('writes nothing when the dialog is cancelled', async () => {
      const { seeded, handlers, session, events } = await setup(ALICE, { save: [null] });
      expect(await handlers['entry:export'](session, { id: seeded.ids.aliceText })).toEqual({ ok: true, value: { path: null, bytesWritten: 0 } });
      expect(events).toEqual([]);
    });

    it("refuses another owner's row before showing any dialog", async () => {
      const target = join(tempDir(), 'stolen.txt');
      const { seeded, handlers, session, asked } = await setup(ALICE, { save: [target] });
      const result = await handlers['entry:export'](session, { id: seeded.ids.bobText });
      expect(result.ok ? 'ok' : result.error.code).toBe('NOT_FOUND');
      expect(asked).toEqual([]);
      expect(existsSync(target)).toBe(false);
    });
  });

  describe('file:open', () => {
    it("opens a file from main's recent list by index", async () => {
      const other = await seedStore();
      const recent = memoryRecentFiles([other.path]);
      const { handlers, session, events } = await setup(ALICE, {}, recent);
      const result = await handlers['file:open'](session, { recentIndex: 0 });
      expect(result.ok && [result.value?.file, result.value?.principal]).toEqual([other.path, ALICE]);
      expect(session.store.path).toBe(other.path);
      expect(events.map((e) => e.payload)).toEqual([{ reason: 'session' }]);
    });

    it('refuses an index outside the recent list and keeps the session', async () => {
      const { seeded, handlers, session } = await setup(ALICE, {}, memoryRecentFiles(['/somewhere/else.db']));
      const result = await handlers['file:open'](session, { recentIndex: 1 });
      expect(result).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', message: 'no recent file at index 1 (the list has 1)' } });
      expect(session.store.path).toBe(seeded.path);
    });

    it('opens the path chosen in the native dialog; a cancelled dialog changes nothing', async () => {
      const other = await seedStore();
      const { seeded, handlers, session, recent } = await setup(BOB, { open: [null, other.path] });
      expect(await handlers['file:open'](session, {})).toEqual({ ok: true, value: null });
      expect(session.store.path).toBe(seeded.path);
      const opened = await handlers['file:open'](session, {});
      expect(opened.ok && opened.value?.file).toBe(other.path);
      expect(recent.list()).toEqual([other.path]);
    });

    it('keeps the current store when the chosen file cannot be opened', async () => {
      const junk = join(tempDir(), 'notes.db');
      writeFileSync(junk, 'not a database at all, just some text that is long enough'.repeat(4));
      const { seeded, handlers, session } = await setup(ALICE, { open: [junk] });
      const result = await handlers['file:open'](session, {});
      expect(result.ok ? 'ok' : result.error.code).toBe('CORRUPT');
      expect(session.store.path).toBe(seeded.path);
      const still = await handlers['turns:list'](session, {});
      expect(still.ok && still.value.turns.length).toBe(2);
    });
  });

  describe('principal:choose', () => {
    it("switches to the principal confirmed in main's dialog, offering every owner", async () => {
      const { handlers, session, events, asked } = await setup(ALICE, { principal: [BOB] });
      const result = await handlers['principal:choose'](session, {});
      expect(result.ok && result.value?.principal).toEqual(BOB);
      expect(session.principal).toEqual(BOB);
      expect(asked.map((a) => [a.dialog, [...(a.detail as string[])].sort()])).toEqual([['principal', ['alice', 'bob']]]);
      expect(events.map((e) => e.payload)).toEqual([{ reason: 'session' }]);
    });

    it('changes nothing when the dialog is cancelled', async () => {
      const { handlers, session, events } = await setup(ALICE, { principal: [null] });
      expect(await handlers['principal:choose'](session, {})).toEqual({ ok: true, value: null });
      expect(session.principal).toEqual(ALICE);
      expect(events).toEqual([]);
    });
  });

  describe('unexpected failures', () => {
    it('become INTERNAL with a generic message', async () => {
      const { seeded, handlers, session } = await setup(ALICE);
      await session.store.close();
      const result = await handlers['entry:read'](session, { id: seeded.ids.aliceText, mode: 'full' });
      expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } });
    });
  });
});

describe.each(CLIENTS)('StoreClient.exportTo over the %s', (_name, open) => {
  it('writes the content chunk by chunk with monotonic progress', async () => {
    const seeded = await seedStore();
    const client = await open(seeded.path);
    try {
      const target = join(tempDir(), 'alice.txt');
      const progress: number[] = [];
      const result = await client.exportTo(ALICE, seeded.ids.aliceText, target, (p) => progress.push(p.bytesWritten), 1000);
      expect(result).toEqual({ bytesWritten: ALICE_TEXT.length, totalBytes: ALICE_TEXT.length });
      expect(progress).toEqual([1000, 2000, 3000, 4000, 4400]);
      expect(readFileSync(target, 'utf8')).toBe(ALICE_TEXT);
    } finally {
      await client.close();
    }
  });

  it('leaves an existing file and no partial file behind when the export fails', async () => {
    const seeded = await seedStore();
    const client = await open(seeded.path);
    try {
      const dir = tempDir();
      const target = join(dir, 'keep.txt');
      writeFileSync(target, 'precious');
      const failed: unknown = await client.exportTo(ALICE, seeded.ids.bobText, target).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(ScratchpadError);
      expect(failed).toMatchObject({ code: 'NOT_FOUND' });
      expect(readFileSync(target, 'utf8')).toBe('precious');
      expect(readdirSync(dir)).toEqual(['keep.txt']);
    } finally {
      await client.close();
    }
  });
});

describe('entry:export progress', () => {
  it('sends at most one event per percent and a final done event', async () => {
    const { openScratchpad } = await import('../../app/scratchpad');
    const seeded = await seedStore();
    const pad = await openScratchpad(seeded.path);
    const big = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => i % 256);
    const id = (await pad.put(ALICE, { turnId: 'turn-big', stepNum: 1, executorName: 'fetch', observation: { content: big } })).scratchpad_id;
    await pad.close();
    const client = await CLIENTS[0]![1](seeded.path);
    try {
      const target = join(tempDir(), 'big.bin');
      const { dialogs } = scriptedDialogs({ save: [target] });
      const { session, events } = recordingSession(client, ALICE);
      const result = await createHandlers(testServices(async () => client, dialogs))['entry:export'](session, { id });
      expect(result).toEqual({ ok: true, value: { path: target, bytesWritten: big.byteLength } });
      const progress = events.map((e) => e.payload as { bytesWritten: number; totalBytes: number; done: boolean });
      const percents = progress.filter((p) => !p.done).map((p) => Math.floor((p.bytesWritten * 100) / p.totalBytes));
      expect(new Set(percents).size).toBe(percents.length);
      expect(percents.length).toBeGreaterThan(1);
      expect(progress.at(-1)).toEqual({ id, bytesWritten: big.byteLength, totalBytes: big.byteLength, done: true });
      expect(readFileSync(target).equals(Buffer.from(big))).toBe(true);
    } finally {
      await client.close();
    }
  });
});
