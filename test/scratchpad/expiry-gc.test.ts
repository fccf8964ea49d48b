import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { errorOf, fakeClock, operator, tempDir, user } from './helpers';

const T0 = 1_800_000_000;
const alice = user('alice');
const bob = user('bob');
let tmp: ReturnType<typeof tempDir>;
let sp: Scratchpad;
const clock = fakeClock(T0);

beforeEach(async () => {
  tmp = tempDir();
  clock.set(T0);
  sp = await openScratchpad(tmp.file(), { clock: clock.now, expiringWindowSeconds: 300 });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

const put = async (who = alice, turnId = 't1', ttlSeconds = 3600, observation: unknown = 'x'.repeat(10)) =>
  (await sp.put(who, { turnId, stepNum: 1, executorName: 'e', observation, ttlSeconds })).scratchpad_id;

describe('expiry state', () => {
  it('is live, then expiring within the window, then expired exactly at expiresAt', async () => {
    const id = await put(alice, 't1', 1000);
    const state = async () => (await sp.describe(alice, id)).meta.expiry;
    expect(await state()).toBe('live');
    clock.set(T0 + 699);
    expect(await state()).toBe('live');
    clock.set(T0 + 700);
    expect(await state()).toBe('expiring');
    clock.set(T0 + 999.999);
    expect(await state()).toBe('expiring');
    clock.set(T0 + 1000);
    expect(await state()).toBe('expired');
  });

  it('makes a row with a negative TTL born expired', async () => {
    const id = await put(alice, 't1', -5);
    expect((await sp.describe(alice, id)).meta).toMatchObject({ createdAt: T0, expiresAt: T0 - 5, expiry: 'expired' });
  });
});

describe('gc', () => {
  it('deletes exactly the rows shown as expired at now (expiresAt <= now), with their content', async () => {
    const early = await put(alice, 't1', 100);
    const boundary = await put(alice, 't1', 200);
    const late = await put(alice, 't2', 201);
    const now = T0 + 200;
    const expiredBefore = (await sp.listForTurn(alice, 't1')).filter((e) => e.expiresAt !== null && e.expiresAt <= now).map((e) => e.id);
    clock.set(now);
    expect((await sp.listForTurn(alice, 't1')).filter((e) => e.expiry === 'expired').map((e) => e.id)).toEqual(expiredBefore);
    const result = await sp.gc(alice);
    expect(result).toEqual({ deletedRows: 2, deletedBytes: 20, now, dryRun: false, turns: [{ turnId: 't1', owner: 'alice', rows: 2, bytes: 20 }] });
    expect((await errorOf(() => sp.read(alice, early, { mode: 'full' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(() => sp.read(alice, boundary, { mode: 'full' }))).code).toBe('NOT_FOUND');
    expect((await sp.read(alice, late, { mode: 'full' })).content).toBe('x'.repeat(10));
    expect(await sp.stats(operator)).toMatchObject({ rows: 1, bytes: 10, expiredRows: 0 });
  });

  it('takes now from the options when given', async () => {
    await put(alice, 't1', 100);
    expect((await sp.gc(alice, { now: T0 + 99 })).deletedRows).toBe(0);
    expect((await sp.gc(alice, { now: T0 + 100 })).deletedRows).toBe(1);
  });

  it('on a dry run counts the same rows and deletes nothing', async () => {
    await put(alice, 't1', 10);
    await put(alice, 't2', 10, { content: new Uint8Array(7) });
    clock.set(T0 + 10);
    const dry = await sp.gc(alice, { dryRun: true });
    expect(dry).toEqual({
      deletedRows: 2,
      deletedBytes: 17,
      now: T0 + 10,
      dryRun: true,
      turns: [
        { turnId: 't1', owner: 'alice', rows: 1, bytes: 10 },
        { turnId: 't2', owner: 'alice', rows: 1, bytes: 7 },
      ],
    });
    expect((await sp.stats(alice)).rows).toBe(2);
    expect(await sp.gc(alice)).toEqual({ ...dry, dryRun: false });
    expect((await sp.stats(alice)).rows).toBe(0);
  });

  it("lets a user delete only its own rows; the operator deletes every owner's", async () => {
    await put(alice, 'shared', 10);
    await put(bob, 'shared', 10);
    await put(bob, 'b', 10);
    clock.set(T0 + 60);
    expect(await sp.gc(alice)).toMatchObject({ deletedRows: 1, turns: [{ turnId: 'shared', owner: 'alice', rows: 1 }] });
    expect(await sp.stats(bob)).toMatchObject({ rows: 2, expiredRows: 2 });
    expect(await sp.gc(operator)).toMatchObject({
      deletedRows: 2,
      turns: [
        { turnId: 'b', owner: 'bob' },
        { turnId: 'shared', owner: 'bob' },
      ],
    });
    expect((await sp.stats(operator)).rows).toBe(0);
  });

  it('deletes the read log of what it deletes', async () => {
    const id = await put(alice, 't1', 10);
    await sp.recordRead(alice, { entryId: id, mode: 'head', start: 0, end: 5, truncated: false });
    expect(await sp.readLog(alice, { turnId: 't1' })).toHaveLength(1);
    clock.set(T0 + 10);
    await sp.gc(alice);
    const next = await put(alice, 't1', 10);
    expect(await sp.readLog(alice, { turnId: 't1' })).toEqual([]);
    expect(await sp.readLog(alice, { id: next })).toEqual([]);
  });
});

describe('extendTtl', () => {
  it('keeps a suspended turn alive for resume: gc spares it, reads work after', async () => {
    const a = await put(alice, 'suspended', 60);
    const b = await put(alice, 'suspended', 60);
    const other = await put(alice, 'other', 60);
    clock.set(T0 + 30);
    expect(await sp.extendTtl(alice, { turnId: 'suspended' }, 86_400)).toBe(2);
    clock.set(T0 + 3_600);
    expect((await sp.gc(alice)).deletedRows).toBe(1);
    expect((await errorOf(() => sp.describe(alice, other))).code).toBe('NOT_FOUND');
    for (const id of [a, b]) expect((await sp.describe(alice, id)).meta).toMatchObject({ expiresAt: T0 + 30 + 86_400, expiry: 'live' });
    expect((await sp.read(alice, a, { mode: 'head', n: 3 })).content).toBe('xxx');
  });

  it('extends one entry by id', async () => {
    const a = await put(alice, 't', 60);
    const b = await put(alice, 't', 60);
    expect(await sp.extendTtl(alice, { id: a }, 1000)).toBe(1);
    expect((await sp.describe(alice, a)).meta.expiresAt).toBe(T0 + 1000);
    expect((await sp.describe(alice, b)).meta.expiresAt).toBe(T0 + 60);
  });

  it("never touches another owner's rows of the same turn id", async () => {
    await put(alice, 'same', 60);
    const bobs = await put(bob, 'same', 60);
    expect(await sp.extendTtl(alice, { turnId: 'same' }, 1000)).toBe(1);
    expect((await sp.describe(bob, bobs)).meta.expiresAt).toBe(T0 + 60);
    expect((await errorOf(() => sp.extendTtl(alice, { id: bobs }, 1000))).code).toBe('NOT_FOUND');
    expect((await sp.describe(bob, bobs)).meta.expiresAt).toBe(T0 + 60);
    expect(await sp.extendTtl(operator, { turnId: 'same' }, 5)).toBe(2);
  });
});
