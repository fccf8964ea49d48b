import { describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { errorOf, fakeClock, operator, storePerTest, user } from './helpers';

const T0 = 1_800_000_000;
const alice = user('alice');
const bob = user('bob');
const clock = fakeClock(T0);
const { sp, file } = storePerTest(clock, T0);

async function put(
  who: ReturnType<typeof user>,
  turnId: string,
  stepNum: number | null,
  observation: unknown,
  executorName: string | null = 'exec',
  ttlSeconds = 3600,
) {
  const id = (await sp.put(who, { turnId, stepNum, executorName, observation, ttlSeconds })).scratchpad_id;
  clock.advance(1);
  return id;
}

describe('listForTurn', () => {
  it('orders by step (nulls last) then creation, metadata only', async () => {
    const s2 = await put(alice, 't', 2, 'b');
    const sNull = await put(alice, 't', null, 'n');
    const s1 = await put(alice, 't', 1, 'a');
    const s2b = await put(alice, 't', 2, 'c');
    await put(alice, 'other', 0, 'z');
    const list = await sp.listForTurn(alice, 't');
    expect(list.map((e) => e.id)).toEqual([s1, s2, s2b, sNull]);
    expect(list[0]).toEqual({
      id: s1,
      turnId: 't',
      stepNum: 1,
      executorName: 'exec',
      kind: 'text',
      structured: false,
      sizeBytes: 1,
      lengthCodePoints: 1,
      summary: 'a',
      createdAt: T0 + 2,
      expiresAt: T0 + 2 + 3600,
      expiry: 'live',
      owner: 'alice',
      actor: null,
      channel: null,
    });
  });

  it("keeps two owners' turns of the same id apart; the operator sees both", async () => {
    const a = await put(alice, 'same', 1, 'a');
    const b = await put(bob, 'same', 1, 'b');
    expect((await sp.listForTurn(alice, 'same')).map((e) => e.id)).toEqual([a]);
    expect((await sp.listForTurn(bob, 'same')).map((e) => e.id)).toEqual([b]);
    expect((await sp.listForTurn(operator, 'same')).map((e) => e.id).sort()).toEqual([a, b].sort());
    expect(await sp.listForTurn(alice, 'nope')).toEqual([]);
  });
});

describe('listTurns', () => {
  it('summarizes each turn of the principal, most recent first', async () => {
    await put(alice, 't1', 1, 'aaaa', 'read_files', 10);
    await put(alice, 't1', 2, { content: new Uint8Array(6) }, 'shot');
    await put(alice, 't2', 1, 'bb', null);
    await put(bob, 't1', 1, 'ccc', 'bobexec');
    clock.set(T0 + 100);
    const { turns, nextCursor } = await sp.listTurns(alice);
    expect(nextCursor).toBeNull();
    expect(turns).toEqual([
      {
        turnId: 't2',
        entryCount: 1,
        totalBytes: 2,
        firstCreatedAt: T0 + 2,
        lastCreatedAt: T0 + 2,
        earliestExpiresAt: T0 + 3602,
        expiredCount: 0,
        executors: [],
        owners: [],
      },
      {
        turnId: 't1',
        entryCount: 2,
        totalBytes: 10,
        firstCreatedAt: T0,
        lastCreatedAt: T0 + 1,
        earliestExpiresAt: T0 + 10,
        expiredCount: 1,
        executors: ['read_files', 'shot'],
        owners: [],
      },
    ]);
    const op = (await sp.listTurns(operator)).turns;
    expect(op.map((t) => [t.turnId, t.entryCount, t.owners])).toEqual([
      ['t1', 3, ['alice', 'bob']],
      ['t2', 1, ['alice']],
    ]);
  });

  it('pages with a cursor through every turn exactly once, in either sort', async () => {
    for (let i = 0; i < 23; i++) await put(alice, `turn-${String(i).padStart(2, '0')}`, 1, 'x'.repeat(((i * 7) % 11) + 1));
    for (const sort of ['lastCreated', 'totalBytes'] as const) {
      const seen: string[] = [];
      const keys: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const r = await sp.listTurns(alice, { limit: 5, sort, ...(cursor === undefined ? {} : { cursor }) });
        seen.push(...r.turns.map((t) => t.turnId));
        keys.push(...r.turns.map((t) => (sort === 'lastCreated' ? t.lastCreatedAt : t.totalBytes)));
        if (r.nextCursor === null) break;
        cursor = r.nextCursor;
      }
      expect(seen).toHaveLength(23);
      expect(new Set(seen).size).toBe(23);
      expect(keys).toEqual([...keys].sort((a, b) => b - a));
    }
  });

  it('filters on a turn id or executor substring, case-insensitive', async () => {
    await put(alice, 'Alpha-1', 1, 'x', 'read_files');
    await put(alice, 'beta-2', 1, 'x', 'Web_Search');
    await put(alice, 'beta-2', 2, 'x', 'other');
    await put(alice, 'gamma', 1, 'x', null);
    expect((await sp.listTurns(alice, { query: 'ALPHA' })).turns.map((t) => t.turnId)).toEqual(['Alpha-1']);
    const beta = (await sp.listTurns(alice, { query: 'search' })).turns;
    expect(beta.map((t) => [t.turnId, t.entryCount])).toEqual([['beta-2', 2]]);
    expect((await sp.listTurns(alice, { query: 'zzz' })).turns).toEqual([]);
    expect((await sp.listTurns(alice, { query: '' })).turns).toHaveLength(3);
    expect((await sp.listTurns(alice, { query: '%' })).turns).toEqual([]);
  });

  it('refuses bad options and cursors', async () => {
    const bad: unknown[] = [
      { limit: 0 },
      { limit: 1001 },
      { limit: 1.5 },
      { limit: '5' },
      { sort: 'size' },
      { query: 5 },
      { query: 'x'.repeat(257) },
      { cursor: 'garbage' },
      { cursor: '' },
      'nope',
    ];
    for (const options of bad) expect((await errorOf(() => sp.listTurns(alice, options as never))).code).toBe('INVALID_ARGUMENT');
    await put(alice, 'a', 1, 'x');
    await put(alice, 'b', 1, 'x');
    const { nextCursor } = await sp.listTurns(alice, { limit: 1 });
    expect((await errorOf(() => sp.listTurns(alice, { limit: 1, sort: 'totalBytes', cursor: nextCursor as string }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('stats', () => {
  it("counts rows and bytes by kind, expired and by size bucket over the principal's rows", async () => {
    await put(alice, 't', 1, 'x'.repeat(1024), 'e', 5);
    await put(alice, 't', 2, 'y'.repeat(1025));
    await put(alice, 't', 3, { content: new Uint8Array(20_000) });
    await put(bob, 't', 1, 'z'.repeat(300));
    clock.set(T0 + 100);
    const s = await sp.stats(alice);
    expect(s).toEqual({
      rows: 3,
      bytes: 1024 + 1025 + 20_000,
      byKind: { text: { rows: 2, bytes: 2049 }, binary: { rows: 1, bytes: 20_000 } },
      expiredRows: 1,
      expiredBytes: 1024,
      sizeBuckets: [
        { upToBytes: 1024, rows: 1 },
        { upToBytes: 16384, rows: 1 },
        { upToBytes: 262144, rows: 1 },
        { upToBytes: 1048576, rows: 0 },
        { upToBytes: 16777216, rows: 0 },
        { upToBytes: 268435456, rows: 0 },
        { upToBytes: null, rows: 0 },
      ],
    });
    expect(s.byOwner).toBeUndefined();
    expect(s.fileSizeBytes).toBeUndefined();
    const op = await sp.stats(operator);
    expect(op).toMatchObject({ rows: 4, bytes: 22_349, pageSize: 4096 });
    expect(op.byOwner).toEqual([
      { owner: 'alice', rows: 3, bytes: 22_049 },
      { owner: 'bob', rows: 1, bytes: 300 },
    ]);
    expect(op.fileSizeBytes).toBeGreaterThan(22_349);
    expect(op.freePages).toBeGreaterThanOrEqual(0);
  });
});

describe('owners, dataVersion, readLog', () => {
  it('lists owners for the operator and only itself for a user', async () => {
    expect(await sp.owners(operator)).toEqual([]);
    await put(bob, 't', 1, 'x');
    await put(alice, 't', 1, 'x');
    expect(await sp.owners(operator)).toEqual(['alice', 'bob']);
    expect(await sp.owners(alice)).toEqual(['alice']);
    expect(await sp.owners(user('carol'))).toEqual([]);
  });

  it('changes dataVersion when another connection commits', async () => {
    const other = await openScratchpad(file());
    const v0 = await sp.dataVersion();
    expect(await sp.dataVersion()).toBe(v0);
    await other.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: 'x' });
    expect(await sp.dataVersion()).not.toBe(v0);
    await other.close();
  });

  it('records served reads and returns them oldest first, owner-scoped', async () => {
    const a = await put(alice, 't', 1, 'hello');
    const b = await put(alice, 't', 2, { content: new Uint8Array(4) });
    await sp.recordRead(alice, { entryId: a, mode: 'head', start: 0, end: 3, truncated: false, at: 5 });
    await sp.recordRead(operator, { entryId: b, mode: 'range', start: 1, end: 2, truncated: true, at: 6 });
    expect(await sp.readLog(alice, { turnId: 't' })).toEqual([
      { entryId: a, turnId: 't', principal: 'alice', mode: 'head', unit: 'code_points', start: 0, end: 3, truncated: false, at: 5 },
      { entryId: b, turnId: 't', principal: 'operator', mode: 'range', unit: 'bytes', start: 1, end: 2, truncated: true, at: 6 },
    ]);
    expect(await sp.readLog(alice, { id: b })).toHaveLength(1);
    expect(await sp.readLog(bob, { turnId: 't' })).toEqual([]);
    expect((await errorOf(() => sp.readLog(bob, { id: a }))).code).toBe('NOT_FOUND');
    expect((await errorOf(() => sp.recordRead(bob, { entryId: a, mode: 'head', start: 0, end: 1, truncated: false }))).code).toBe('NOT_FOUND');
    expect(await sp.readLog(alice, { id: a })).toHaveLength(1);
  });
});
