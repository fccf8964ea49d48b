import { afterEach, beforeEach, describe, expect, it } from 'vitest';
/*
 * The one store conformance suite, run over a list of backends: test/conformance/store.conformance.test.ts runs
 * it over the file formats, test/postgres/store.conformance.test.ts over PostgreSQL (it needs the server of the
 * postgres project's global setup). Each backend's exceptions are its `can` flags in backends.ts.
 */
import { turnExpiresAt, TurnSortSchema, type Principal, type TurnSort, type TurnSummary } from '../../app/contract';
import type { Scratchpad } from '../../app/scratchpad';
import { errorOf, fingerprint, piecesOf, tempDir } from './helpers';
import type { BackendCase, SeedRow } from './backends';

const NOW = 1_800_000_000;
const alice: Principal = { kind: 'user', userId: 'alice' };
const bob: Principal = { kind: 'user', userId: 'bob' };
const operator: Principal = { kind: 'operator' };

// Code points that UTF-16 or bytes would count differently: emoji, a ZWJ family, a combining accent.
const TEXT = `ab😀c👨‍👩‍👧e\u0301f${'g'.repeat(20)}`;
const CPS = Array.from(TEXT);
const BYTES = Uint8Array.from({ length: 23 }, (_, i) => (i * 37) % 256);
const row = (
  key: string,
  owner: string,
  turnId: string,
  stepNum: number | null,
  content: string | Uint8Array,
  expiresAt = NOW + 3600,
  createdAt = NOW - 100,
): SeedRow => ({
  key,
  owner,
  turnId,
  stepNum,
  executorName: 'shell',
  content,
  createdAt,
  expiresAt,
});
const SEED: readonly SeedRow[] = [
  row('text', 'alice', 'turn-a', 1, TEXT),
  row('bin', 'alice', 'turn-a', 2, BYTES),
  row('atNow', 'alice', 'turn-b', 1, 'expires exactly now', NOW, NOW - 200),
  row('later', 'alice', 'turn-b', 2, 'expires just after now', NOW + 0.5, NOW - 150),
  row('bobs', 'bob', 'turn-c', 1, 'bob only', NOW + 3600, NOW - 50),
];
/** Who owns the seeded rows, as the backend sees them: the owner, or the operator when rows have no owner. */
const ownerOf = (c: BackendCase): Principal => (c.can.owners ? alice : operator);

/** Defines the suite over `backends` (one describe per backend, its name in the title). */
export function describeStoreConformance(backends: readonly BackendCase[]): void {
  describe.each(backends)('store conformance: $name', (backend) => {
    let tmp: ReturnType<typeof tempDir>;
    let sp: Scratchpad;
    let ids: Record<string, string>;
    let file: string;
    const me = ownerOf(backend);
    beforeEach(async () => {
      tmp = tempDir();
      ({ store: sp, ids, file } = await backend.open(tmp.dir, SEED, { clock: () => NOW }));
    });
    afterEach(async () => {
      await sp.close();
      tmp.cleanup();
    });

    describe('read', () => {
      it('slices text in code points across chunk boundaries (emoji, ZWJ, combining marks)', async () => {
        for (const [opts, want] of [
          [{ mode: 'head', n: 4 }, CPS.slice(0, 4)],
          [{ mode: 'tail', n: 9 }, CPS.slice(-9)],
          [{ mode: 'range', start: 3, end: 12 }, CPS.slice(3, 12)],
          [{ mode: 'full' }, CPS],
        ] as const) {
          const r = await sp.read(me, ids.text!, opts);
          expect(r.content).toBe(want.join(''));
          expect(r.meta).toMatchObject({ unit: 'code_points', totalLength: CPS.length, returnedLength: want.length, truncated: false });
        }
      });

      it('slices binary in bytes, as base64', async () => {
        const r = await sp.read(me, ids.bin!, { mode: 'range', start: 4, end: 17 });
        expect(Buffer.from(r.content, 'base64')).toEqual(Buffer.from(BYTES.subarray(4, 17)));
        expect(r.meta).toMatchObject({ unit: 'bytes', totalLength: BYTES.length, start: 4, end: 17, returnedLength: 13 });
      });

      it('refuses bad slice options with INVALID_ARGUMENT', async () => {
        expect((await errorOf(() => sp.read(me, ids.text!, { mode: 'range', start: 5, end: 2 }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.read(me, ids.text!, { mode: 'head', n: -1 }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.read({ kind: 'user' } as never, ids.text!, { mode: 'full' }))).code).toBe('INVALID_ARGUMENT');
      });
    });

    it.runIf(backend.can.invalidUtf8)('decodes invalid UTF-8 as U+FFFD, one code point per maximal bad subpart', async () => {
      await sp.close();
      const bad = Uint8Array.from([0x61, 0xff, 0x62, 0xe2, 0x82, 0x63]);
      ({ store: sp, ids } = await backend.open(tempDir().dir, [{ ...row('bad', 'alice', 't', 1, 'x'), rawText: bad }], { clock: () => NOW }));
      const r = await sp.read(me, ids.bad!, { mode: 'full' });
      expect(r.content).toBe('a\uFFFDb\uFFFDc');
      expect(r.meta.totalLength).toBe(5);
      expect((await sp.read(me, ids.bad!, { mode: 'range', start: 1, end: 4 })).content).toBe('\uFFFDb\uFFFD');
    });

    describe('get, describe, iterateContent', () => {
      it('returns the whole value and its exact length', async () => {
        const got = await sp.get(me, ids.text!);
        expect(got.content).toBe(TEXT);
        expect(got.meta.lengthCodePoints).toBe(CPS.length);
        const d = await sp.describe(me, ids.bin!);
        expect(d.meta).toMatchObject({ id: ids.bin, kind: 'binary', sizeBytes: BYTES.length, expiry: 'live' });
        expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
      });

      it('streams the raw bytes in pieces of at most chunkBytes', async () => {
        const pieces = await piecesOf(sp.iterateContent(me, ids.text!, 4));
        expect(pieces.every((p) => p.byteLength <= 4)).toBe(true);
        expect(Buffer.concat(pieces).toString('utf8')).toBe(TEXT);
        expect(Buffer.concat(await piecesOf(sp.iterateContent(me, ids.bin!)))).toEqual(Buffer.from(BYTES));
      });
    });

    describe('jsonOutline', () => {
      it('scans a text row (not JSON here: no root, and why), counting its code points, and refuses a binary row', async () => {
        expect(await sp.jsonOutline(me, ids.text!)).toEqual({ totalCodePoints: CPS.length, root: null, reason: 'a scalar at the top' });
        expect(await errorOf(() => sp.jsonOutline(me, ids.bin!))).toMatchObject({ code: 'INVALID_ARGUMENT' });
      });
    });

    describe('ownership: a foreign id is a missing id, on every method', () => {
      const MISSING = 'f'.repeat(44);
      const calls = (p: Principal, id: string): Record<string, () => Promise<unknown>> => ({
        describe: () => sp.describe(p, id),
        read: () => sp.read(p, id, { mode: 'head', n: 3 }),
        get: () => sp.get(p, id),
        iterateContent: () => sp.iterateContent(p, id),
        jsonOutline: () => sp.jsonOutline(p, id),
        readLog: () => sp.readLog(p, { id }),
      });
      it("gives bob the same NOT_FOUND for alice's id as for an id that does not exist", async () => {
        const outcome = (call: () => Promise<unknown>, id: string) =>
          call().then(
            (value) => ({ value }),
            (e: { code: string; message: string }) => ({ code: e.code, message: e.message.replace(id, 'ID') }),
          );
        for (const [name, call] of Object.entries(calls(bob, ids.text!))) {
          const foreign = await outcome(call, ids.text!);
          expect(foreign, name).toEqual(await outcome(calls(bob, MISSING)[name]!, MISSING));
          // readLog of a format without a read log is [] for every id (a listed exception), else NOT_FOUND.
          expect(foreign, name).toEqual(name === 'readLog' && !backend.can.readLog ? { value: [] } : expect.objectContaining({ code: 'NOT_FOUND' }));
        }
        expect(await sp.listForTurn(bob, 'turn-a')).toEqual([]);
        expect((await sp.listTurns(bob)).turns.map((t) => t.turnId)).toEqual(backend.can.owners ? ['turn-c'] : []);
      });
    });

    describe('listTurns', () => {
      it('pages through every turn with the cursor, most recent first, and refuses a foreign cursor', async () => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await sp.listTurns(operator, { limit: 1, cursor });
          seen.push(...page.turns.map((t) => t.turnId));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toEqual(['turn-c', 'turn-a', 'turn-b']);
        expect((await errorOf(() => sp.listTurns(operator, { cursor: 'nonsense' }))).code).toBe('INVALID_ARGUMENT');
      });

      it('sorts by every column in both directions, ties by turn id in the same direction, and pages the same order', async () => {
        for (const who of [operator, me]) await sortsEveryColumn(who);
        // Ties and a count at `now` (turn-b straddles it: one row expires exactly now, one just after).
        expect((await sp.listTurns(operator, { sort: 'entryCount', direction: 'asc' })).turns.map((t) => t.turnId)).toEqual(['turn-c', 'turn-a', 'turn-b']);
        expect((await sp.listTurns(operator, { sort: 'expiredCount' })).turns.map((t) => [t.turnId, t.expiredCount])).toEqual([
          ['turn-b', 1],
          ['turn-c', 0],
          ['turn-a', 0],
        ]);
        expect((await sp.listTurns(me, { sort: 'expiredCount', direction: 'asc' })).turns.map((t) => [t.turnId, t.expiredCount])).toEqual(
          backend.can.owners
            ? [
                ['turn-a', 0],
                ['turn-b', 1],
              ]
            : [
                ['turn-a', 0],
                ['turn-c', 0],
                ['turn-b', 1],
              ],
        );
        expect((await sp.listTurns(operator, { sort: 'turnId', direction: 'asc' })).turns.map((t) => t.turnId)).toEqual(['turn-a', 'turn-b', 'turn-c']);
      });

      async function sortsEveryColumn(who: Principal): Promise<void> {
        const all = (await sp.listTurns(who)).turns;
        expect(all.length).toBeGreaterThan(1);
        const keyOf: Record<TurnSort, (t: TurnSummary) => number | string> = {
          lastCreated: (t) => t.lastCreatedAt,
          totalBytes: (t) => t.totalBytes,
          turnId: (t) => t.turnId,
          entryCount: (t) => t.entryCount,
          firstCreated: (t) => t.firstCreatedAt,
          earliestExpires: (t) => turnExpiresAt(t),
          expiredCount: (t) => t.expiredCount,
        };
        for (const sort of TurnSortSchema.options) {
          for (const direction of ['asc', 'desc'] as const) {
            const sign = direction === 'asc' ? 1 : -1;
            const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
            const expected = [...all].sort((a, b) => sign * (cmp(keyOf[sort](a), keyOf[sort](b)) || cmp(a.turnId, b.turnId))).map((t) => t.turnId);
            const seen: string[] = [];
            let cursor: string | undefined;
            do {
              const page = await sp.listTurns(who, { limit: 1, cursor, sort, direction });
              expect(page.total).toBe(all.length);
              seen.push(...page.turns.map((t) => t.turnId));
              cursor = page.nextCursor ?? undefined;
            } while (cursor);
            expect({ sort, direction, seen }).toEqual({ sort, direction, seen: expected });
          }
        }
      }

      it('counts the turns in scope matching the query in total, and refuses a cursor of another sort or direction', async () => {
        expect((await sp.listTurns(operator, { limit: 1 })).total).toBe(3);
        expect((await sp.listTurns(me, { limit: 1 })).total).toBe(backend.can.owners ? 2 : 3);
        expect((await sp.listTurns(operator, { limit: 1, query: 'TURN-A' })).total).toBe(1);
        expect((await sp.listTurns(operator, { limit: 1, query: 'shell' })).total).toBe(3);
        expect((await sp.listTurns(operator, { limit: 1, query: '%' })).total).toBe(0);
        expect((await sp.listTurns(bob, { limit: 1 })).total).toBe(backend.can.owners ? 1 : 0);
        const cursor = (await sp.listTurns(operator, { limit: 1, sort: 'totalBytes' })).nextCursor ?? '';
        expect((await errorOf(() => sp.listTurns(operator, { cursor, sort: 'totalBytes', direction: 'asc' }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.listTurns(operator, { cursor, sort: 'entryCount' }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.listTurns(operator, { sort: 'size' as never }))).code).toBe('INVALID_ARGUMENT');
        expect((await errorOf(() => sp.listTurns(operator, { direction: 'up' as never }))).code).toBe('INVALID_ARGUMENT');
      });
    });

    describe('gc', () => {
      it('removes rows with expiresAt <= now and keeps a row expiring just after', async () => {
        const dry = await sp.gc(operator, { dryRun: true });
        expect(dry).toMatchObject({ deletedRows: 1, dryRun: true, now: NOW });
        expect((await sp.listForTurn(operator, 'turn-b')).length).toBe(2);
        const done = await sp.gc(operator);
        expect(done).toMatchObject({ deletedRows: 1, deletedBytes: 'expires exactly now'.length, dryRun: false });
        expect(done.turns.map((t) => [t.turnId, t.rows])).toEqual([['turn-b', 1]]);
        expect((await sp.listForTurn(operator, 'turn-b')).map((m) => m.id)).toEqual([ids.later]);
      });
    });

    describe('stats', () => {
      it('counts rows, bytes, expired rows and size buckets', async () => {
        const s = await sp.stats(operator);
        const bytes = SEED.reduce((n, r) => n + (typeof r.content === 'string' ? Buffer.byteLength(r.content) : r.content.byteLength), 0);
        expect({ rows: s.rows, bytes: s.bytes, expiredRows: s.expiredRows, binaryRows: s.byKind.binary.rows }).toEqual({
          rows: 5,
          bytes,
          expiredRows: 1,
          binaryRows: 1,
        });
        expect(s.sizeBuckets.reduce((n, b) => n + b.rows, 0)).toBe(5);
        expect((await sp.stats(bob)).rows).toBe(backend.can.owners ? 1 : 0);
      });
    });

    describe('read log', () => {
      it.runIf(backend.can.readLog)('records a served read and lists it for its entry and turn', async () => {
        await sp.recordRead(alice, { entryId: ids.text!, mode: 'head', start: 0, end: 4, truncated: false, at: NOW });
        const log = await sp.readLog(alice, { turnId: 'turn-a' });
        expect(log).toEqual([
          { entryId: ids.text, turnId: 'turn-a', principal: 'alice', mode: 'head', unit: 'code_points', start: 0, end: 4, truncated: false, at: NOW },
        ]);
        expect(await sp.readLog(bob, { turnId: 'turn-a' })).toEqual([]);
      });
      it.runIf(!backend.can.readLog)('is empty, and recording a read is READ_ONLY', async () => {
        expect(await sp.readLog(operator, { turnId: 'turn-a' })).toEqual([]);
        expect((await errorOf(() => sp.recordRead(operator, { entryId: ids.text!, mode: 'head', start: 0, end: 4, truncated: false }))).code).toBe('READ_ONLY');
      });
    });

    describe('writes and read-only behaviour', () => {
      it.runIf(!backend.can.writes)('refuses put and extendTtl with READ_ONLY and leaves the file byte-identical', async () => {
        const before = fingerprint(file);
        expect((await errorOf(() => sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: 'x' }))).code).toBe('READ_ONLY');
        expect((await errorOf(() => sp.extendTtl(operator, { turnId: 'turn-a' }, 60))).code).toBe('READ_ONLY');
        await sp.read(operator, ids.text!, { mode: 'full' });
        await sp.stats(operator);
        expect(fingerprint(file)).toEqual(before);
      });
      it.runIf(backend.can.writes)('extends the TTL of own rows only', async () => {
        expect(await sp.extendTtl(alice, { turnId: 'turn-b' }, 60)).toBe(2);
        expect(await sp.extendTtl(bob, { turnId: 'turn-b' }, 60)).toBe(0);
        expect((await errorOf(() => sp.extendTtl(bob, { id: ids.text! }, 60))).code).toBe('NOT_FOUND');
      });
      it('opened read-only, refuses gc but still previews it', async () => {
        await sp.close();
        const { store } = await backend.open(tempDir().dir, SEED, { clock: () => NOW, readonly: true });
        sp = store;
        expect((await errorOf(() => sp.gc(operator))).code).toBe('READ_ONLY');
        expect((await sp.gc(operator, { dryRun: true })).deletedRows).toBe(1);
      });
    });
  });
}
