import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { errorOf, fakeClock, operator, tempDir, user, piecesOf } from './helpers';
import { fingerprint, insertV1Rows, makeV1File, type V1RowInput } from './metnos-v1/v1-files';

const T0 = 1_800_000_000;
const clock = fakeClock(T0);
const alice = user('alice');
let tmp: ReturnType<typeof tempDir>;
let file: string;
let sp: Scratchpad;

/** Three turns: t-a (old, small), t-b (newest, largest), t-c (middle); one row of t-a expires exactly at T0. */
const ROWS: V1RowInput[] = [
  { id: 'a000000000000001', turnId: 't-a', stepNum: 2, executorName: 'read_files', content: 'x'.repeat(100), createdAt: T0 - 300, expiresAt: T0 },
  { id: 'a000000000000002', turnId: 't-a', stepNum: null, executorName: 'get_urls', content: 'y'.repeat(50), createdAt: T0 - 310, expiresAt: T0 + 0.5 },
  { id: 'a000000000000003', turnId: 't-a', stepNum: 1, executorName: 'read_files', content: 'z'.repeat(20), createdAt: T0 - 320, expiresAt: T0 - 1 },
  {
    id: 'b000000000000001',
    turnId: 't-b',
    stepNum: 1,
    executorName: 'get_files',
    kind: 'binary',
    content: new Uint8Array(20_000).fill(7),
    createdAt: T0 - 10,
    expiresAt: T0 + 3600,
  },
  {
    id: 'b000000000000002',
    turnId: 't-b',
    stepNum: 2,
    executorName: 'find_files',
    content: '{"ok": true}',
    summary: "files: 3 elementi. Campi: ['name']",
    createdAt: T0 - 5,
    expiresAt: T0 + 100,
  },
  { id: 'c000000000000001', turnId: 't-c', stepNum: 1, executorName: 'compute', content: 'héllo wörld ✓ 😀', createdAt: T0 - 100, expiresAt: T0 + 3600 },
];

beforeEach(async () => {
  tmp = tempDir('metnos-v1-store-');
  file = makeV1File(tmp.file('scratchpad.db'), ROWS);
  clock.set(T0);
  sp = await openScratchpad(file, { clock: clock.now });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

async function idsOf(s: Scratchpad, turnId: string): Promise<string[]> {
  return (await s.listForTurn(operator, turnId)).map((m) => m.id);
}

describe('a user principal', () => {
  it('sees an empty store and NOT_FOUND for every existing id', async () => {
    expect(await sp.listTurns(alice)).toEqual({ turns: [], nextCursor: null, total: 0 });
    expect(await sp.listForTurn(alice, 't-a')).toEqual([]);
    expect(await sp.owners(alice)).toEqual([]);
    const stats = await sp.stats(alice);
    expect(stats).toMatchObject({ rows: 0, bytes: 0, expiredRows: 0 });
    expect(stats.byOwner).toBeUndefined();
    expect(stats.fileSizeBytes).toBeUndefined();
    for (const r of ROWS) {
      expect((await errorOf(() => sp.describe(alice, r.id))).code).toBe('NOT_FOUND');
      expect((await errorOf(() => sp.read(alice, r.id, { mode: 'head' }))).code).toBe('NOT_FOUND');
      expect((await errorOf(() => sp.get(alice, r.id))).code).toBe('NOT_FOUND');
      expect((await errorOf(() => sp.iterateContent(alice, r.id))).code).toBe('NOT_FOUND');
    }
  });

  it('gives the same NOT_FOUND message for an existing and a missing id', async () => {
    const existing = (await errorOf(() => sp.describe(alice, 'a000000000000001'))).message;
    const missing = (await errorOf(() => sp.describe(alice, 'ffffffffffffffff'))).message;
    expect(existing.replace('a000000000000001', 'ID')).toBe(missing.replace('ffffffffffffffff', 'ID'));
  });

  it('gc deletes nothing, even rows already expired', async () => {
    expect(await sp.gc(alice)).toEqual({ deletedRows: 0, deletedBytes: 0, now: T0, dryRun: false, turns: [] });
    expect(await idsOf(sp, 't-a')).toHaveLength(3);
  });

  it('refuses a malformed principal with INVALID_ARGUMENT', async () => {
    expect((await errorOf(() => sp.listTurns({ kind: 'user', userId: '' }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('writes other than gc', () => {
  it('put, extendTtl and recordRead fail with READ_ONLY and leave the file byte-identical', async () => {
    const before = fingerprint(file);
    expect((await errorOf(() => sp.put(alice, { turnId: 't-x', stepNum: 1, executorName: 'e', observation: 'text' }))).code).toBe('READ_ONLY');
    expect((await errorOf(() => sp.put(operator, { turnId: 't-x', stepNum: 1, executorName: 'e', observation: 'text' }))).code).toBe('READ_ONLY');
    expect((await errorOf(() => sp.extendTtl(operator, { turnId: 't-a' }, 60))).code).toBe('READ_ONLY');
    expect((await errorOf(() => sp.recordRead(operator, { entryId: 'a000000000000001', mode: 'head', start: 0, end: 10, truncated: false }))).code).toBe(
      'READ_ONLY',
    );
    expect(await sp.readLog(operator, { turnId: 't-a' })).toEqual([]);
    expect(fingerprint(file)).toEqual(before);
  });
});

describe('listForTurn', () => {
  it('orders by step with NULL steps last', async () => {
    expect(await idsOf(sp, 't-a')).toEqual(['a000000000000003', 'a000000000000001', 'a000000000000002']);
  });

  it('refuses a turn id that is not a non-empty string', async () => {
    expect((await errorOf(() => sp.listForTurn(operator, ''))).code).toBe('INVALID_ARGUMENT');
    expect((await errorOf(() => sp.listForTurn(operator, 42 as unknown as string))).code).toBe('INVALID_ARGUMENT');
  });

  it('gives sizes in bytes and no code-point length (listing never reads content)', async () => {
    const [m] = await sp.listForTurn(operator, 't-c');
    expect(m).toMatchObject({ sizeBytes: Buffer.byteLength('héllo wörld ✓ 😀'), lengthCodePoints: null, structured: false, expiry: 'live' });
    expect((await sp.listForTurn(operator, 't-b')).map((x) => [x.kind, x.structured])).toEqual([
      ['binary', false],
      ['text', true],
    ]);
  });

  it('marks rows expired at exactly now and expiring within the window', async () => {
    expect((await sp.listForTurn(operator, 't-a')).map((m) => m.expiry)).toEqual(['expired', 'expired', 'expiring']);
  });
});

describe('listTurns', () => {
  it('lists the most recent turn first with per-turn figures', async () => {
    const { turns, nextCursor } = await sp.listTurns(operator);
    expect(nextCursor).toBeNull();
    expect(turns.map((t) => t.turnId)).toEqual(['t-b', 't-c', 't-a']);
    expect(turns[2]).toEqual({
      turnId: 't-a',
      entryCount: 3,
      totalBytes: 170,
      firstCreatedAt: T0 - 320,
      lastCreatedAt: T0 - 300,
      earliestExpiresAt: T0 - 1,
      expiredCount: 2,
      executors: ['get_urls', 'read_files'],
      owners: [],
    });
  });

  it('sorts by total bytes and pages with an opaque cursor', async () => {
    const first = await sp.listTurns(operator, { sort: 'totalBytes', limit: 2 });
    expect(first.turns.map((t) => t.turnId)).toEqual(['t-b', 't-a']);
    expect(first.nextCursor).not.toBeNull();
    const second = await sp.listTurns(operator, { sort: 'totalBytes', limit: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ turns: [{ turnId: 't-c' }], nextCursor: null });
  });

  it('keeps pages stable when a turn is added between them', async () => {
    const first = await sp.listTurns(operator, { limit: 1 });
    const db = new Database(file);
    insertV1Rows(db, [{ id: 'd000000000000001', turnId: 't-d', content: 'new', createdAt: T0 }]);
    db.close();
    const rest = await sp.listTurns(operator, { cursor: first.nextCursor! });
    expect([...first.turns, ...rest.turns].map((t) => t.turnId)).toEqual(['t-b', 't-c', 't-a']);
  });

  it('filters on turn id or executor name', async () => {
    expect((await sp.listTurns(operator, { query: 'T-C' })).turns.map((t) => t.turnId)).toEqual(['t-c']);
    const byExecutor = (await sp.listTurns(operator, { query: 'urls' })).turns;
    expect(byExecutor.map((t) => [t.turnId, t.entryCount])).toEqual([['t-a', 3]]);
    expect((await sp.listTurns(operator, { query: '%' })).turns).toEqual([]);
  });

  it('refuses a foreign cursor, a cursor of another sort and bad options', async () => {
    const page = await sp.listTurns(operator, { limit: 1 });
    expect((await errorOf(() => sp.listTurns(operator, { cursor: 'nonsense' }))).code).toBe('INVALID_ARGUMENT');
    expect((await errorOf(() => sp.listTurns(operator, { cursor: page.nextCursor!, sort: 'totalBytes' }))).code).toBe('INVALID_ARGUMENT');
    expect((await errorOf(() => sp.listTurns(operator, { limit: 0 }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('read and get', () => {
  const id = 'c000000000000001';
  const text = 'héllo wörld ✓ 😀';

  it('counts code points, not bytes or UTF-16 units, and range ends default to the length', async () => {
    const r = await sp.read(operator, id, { mode: 'range', start: 12 });
    expect(r.content).toBe('✓ 😀');
    expect(r.meta).toMatchObject({ totalLength: 15, start: 12, end: 15, returnedLength: 3 });
  });

  it('gives nothing for tail 0 and refuses start after end', async () => {
    expect((await sp.read(operator, id, { mode: 'tail', n: 0 })).content).toBe('');
    expect((await errorOf(() => sp.read(operator, id, { mode: 'range', start: 5, end: 2 }))).code).toBe('INVALID_ARGUMENT');
    expect((await errorOf(() => sp.read(operator, id, { mode: 'head', n: -1 }))).code).toBe('INVALID_ARGUMENT');
  });

  it('returns the whole row with get, with its code-point length', async () => {
    const got = await sp.get(operator, id);
    expect(got.content).toBe(text);
    expect(got.meta.lengthCodePoints).toBe(15);
    expect(Buffer.from((await sp.get(operator, 'b000000000000001')).content as Uint8Array)).toEqual(Buffer.alloc(20_000, 7));
  });

  it('caps full reads at maxReadLength and refuses get above it', async () => {
    const capped = await openScratchpad(file, { clock: clock.now, maxReadLength: 10 });
    try {
      const r = await capped.read(operator, id, { mode: 'full' });
      expect(r.content).toBe('héllo wörl');
      expect(r.meta).toMatchObject({ truncated: true, returnedLength: 10, totalLength: 15 });
      expect(await capped.read(operator, id, { mode: 'tail', n: 100 })).toMatchObject({ content: ' wörld ✓ 😀', meta: { start: 5, end: 15, truncated: true } });
      expect((await errorOf(() => capped.get(operator, id))).code).toBe('TOO_LARGE');
      expect((await errorOf(() => capped.get(operator, 'b000000000000001'))).code).toBe('TOO_LARGE');
    } finally {
      await capped.close();
    }
  });

  it('streams the content in chunks of at most chunkBytes', async () => {
    const chunks = await piecesOf(await sp.iterateContent(operator, 'b000000000000001', 3000));
    expect(chunks.map((c) => c.length)).toEqual([3000, 3000, 3000, 3000, 3000, 3000, 2000]);
    expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(20_000, 7));
    expect((await errorOf(() => sp.iterateContent(operator, 'b000000000000001', 0))).code).toBe('INVALID_ARGUMENT');
  });

  it('describes binary rows with their detected type and sha256', async () => {
    const d = await sp.describe(operator, 'b000000000000001');
    expect(d.sha256).toBe(createHash('sha256').update(Buffer.alloc(20_000, 7)).digest('hex'));
    expect(d.detectedType).toBe('unknown');
  });
});

describe('gc', () => {
  it('deletes exactly the rows with expiresAt <= now, per turn, and nothing else about the file changes', async () => {
    const schemaOf = () => {
      const db = new Database(file, { readonly: true });
      try {
        return {
          master: db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all(),
          journal: db.pragma('journal_mode', { simple: true }),
          version: db.pragma('user_version', { simple: true }),
        };
      } finally {
        db.close();
      }
    };
    const schema = schemaOf();
    const preview = await sp.gc(operator, { dryRun: true });
    const done = await sp.gc(operator);
    expect(done).toEqual({ ...preview, dryRun: false });
    expect(done).toEqual({ deletedRows: 2, deletedBytes: 120, now: T0, dryRun: false, turns: [{ turnId: 't-a', owner: null, rows: 2, bytes: 120 }] });
    expect(await idsOf(sp, 't-a')).toEqual(['a000000000000002']);
    expect(schemaOf()).toEqual(schema);
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect((await sp.gc(operator)).deletedRows).toBe(0);
  });

  it('fails with READ_ONLY on a store opened read-only, but previews', async () => {
    const ro = await openScratchpad(file, { clock: clock.now, readonly: true });
    try {
      const before = fingerprint(file);
      expect(ro.readonly).toBe(true);
      expect((await errorOf(() => ro.gc(operator))).code).toBe('READ_ONLY');
      expect((await ro.gc(operator, { dryRun: true })).deletedRows).toBe(2);
      expect(fingerprint(file)).toEqual(before);
    } finally {
      await ro.close();
    }
  });

  it('refuses a bad now', async () => {
    expect((await errorOf(() => sp.gc(operator, { now: -1 }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('stats', () => {
  it('counts rows, bytes, kinds, expired rows, size buckets and file figures for the operator', async () => {
    const s = await sp.stats(operator);
    const textBytes = 100 + 50 + 20 + 12 + Buffer.byteLength('héllo wörld ✓ 😀');
    expect(s).toMatchObject({
      rows: 6,
      bytes: textBytes + 20_000,
      byKind: { text: { rows: 5, bytes: textBytes }, binary: { rows: 1, bytes: 20_000 } },
      expiredRows: 2,
      expiredBytes: 120,
      byOwner: [{ owner: null, rows: 6, bytes: textBytes + 20_000 }],
      pageSize: 4096,
      freePages: 0,
    });
    expect(s.fileSizeBytes).toBe(fingerprint(file).size);
    expect(s.sizeBuckets[0]).toEqual({ upToBytes: 1024, rows: 5 });
    expect(s.sizeBuckets[1]).toEqual({ upToBytes: 16_384, rows: 0 });
    expect(s.sizeBuckets[2]).toEqual({ upToBytes: 262_144, rows: 1 });
    expect(s.sizeBuckets.reduce((n, b) => n + b.rows, 0)).toBe(6);
    expect(s.sizeBuckets.at(-1)!.upToBytes).toBeNull();
  });
});

describe('dataVersion', () => {
  it('changes when another connection commits', async () => {
    const v = await sp.dataVersion();
    const db = new Database(file);
    insertV1Rows(db, [{ id: 'e000000000000001', turnId: 't-e', content: 'x' }]);
    db.close();
    expect(await sp.dataVersion()).not.toBe(v);
  });
});
