import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { errorOf, operator, tempDir, user } from './helpers';

/*
 * Bad input of every parameter gets a typed error and changes nothing: a second connection's data_version
 * (which moves on every commit by another connection) and the whole visible state stay the same.
 */

const alice = user('alice');
const tmp = tempDir();
let sp: Scratchpad;
let watcher: Scratchpad;
let id: string;
let binId: string;

beforeAll(async () => {
  sp = await openScratchpad(tmp.file());
  watcher = await openScratchpad(tmp.file(), { readonly: true });
  id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: 'e', observation: 'hello world' })).scratchpad_id;
  binId = (await sp.put(alice, { turnId: 't', stepNum: 2, executorName: 'e', observation: { content: new Uint8Array([1, 2, 3]) }, ttlSeconds: -1 }))
    .scratchpad_id;
  await sp.recordRead(alice, { entryId: id, mode: 'full', start: 0, end: 11, truncated: false, at: 1 });
});
afterAll(async () => {
  await sp.close();
  await watcher.close();
  tmp.cleanup();
});

async function state(): Promise<unknown> {
  return {
    version: await watcher.dataVersion(),
    stats: await watcher.stats(operator),
    turns: await watcher.listForTurn(operator, 't'),
    log: await watcher.readLog(operator, { turnId: 't' }),
  };
}

async function expectRefused(code: string, fn: () => unknown): Promise<void> {
  const before = await state();
  expect((await errorOf(fn)).code).toBe(code);
  expect(await state()).toEqual(before);
}

const BAD_PRINCIPALS: unknown[] = [null, undefined, 'alice', {}, { kind: 'user' }, { kind: 'user', userId: '' }, { kind: 'user', userId: 7 }, { kind: 'root' }];
const BAD_IDS: unknown[] = ['', 'abc', 'A'.repeat(32), 'g'.repeat(32), `${'a'.repeat(32)}0`, 42, null, undefined, {}, "' OR 1=1 --"];
const BAD_COUNTS: unknown[] = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '5', 2 ** 60, null, true];
const BAD_NAMES: unknown[] = ['', 5, {}, 'x'.repeat(257)];
const P = (p: unknown) => p as never;

describe('every method refuses a malformed principal', () => {
  const calls: [string, (p: never) => unknown][] = [
    ['put', (p) => sp.put(p, { turnId: 't', stepNum: 1, executorName: null, observation: 'x' })],
    ['describe', (p) => sp.describe(p, id)],
    ['read', (p) => sp.read(p, id, { mode: 'full' })],
    ['get', (p) => sp.get(p, id)],
    ['listForTurn', (p) => sp.listForTurn(p, 't')],
    ['listTurns', (p) => sp.listTurns(p)],
    ['gc', (p) => sp.gc(p, { now: 4e9 })],
    ['stats', (p) => sp.stats(p)],
    ['extendTtl', (p) => sp.extendTtl(p, { turnId: 't' }, 10)],
    ['recordRead', (p) => sp.recordRead(p, { entryId: id, mode: 'head', start: 0, end: 1, truncated: false })],
    ['readLog', (p) => sp.readLog(p, { turnId: 't' })],
    ['iterateContent', (p) => sp.iterateContent(p, id)],
    ['owners', (p) => sp.owners(p)],
  ];
  it.each(calls)('%s', async (_name, call) => {
    for (const p of BAD_PRINCIPALS) await expectRefused('INVALID_ARGUMENT', () => call(P(p)));
  });
});

describe('ids', () => {
  it('a malformed id is NOT_FOUND everywhere, never a crash', async () => {
    for (const bad of BAD_IDS) {
      const b = bad as string;
      await expectRefused('NOT_FOUND', () => sp.describe(alice, b));
      await expectRefused('NOT_FOUND', () => sp.read(alice, b, { mode: 'head' }));
      await expectRefused('NOT_FOUND', () => sp.get(alice, b));
      await expectRefused('NOT_FOUND', () => sp.iterateContent(alice, b));
      await expectRefused('NOT_FOUND', () => sp.extendTtl(alice, { id: b === undefined ? 'x' : b }, 10));
      await expectRefused('NOT_FOUND', () => sp.recordRead(alice, { entryId: b, mode: 'head', start: 0, end: 1, truncated: false }));
      await expectRefused('NOT_FOUND', () => sp.readLog(alice, { id: b === undefined ? 'x' : b }));
    }
  });
});

describe('read options', () => {
  it('refuses bad n, start, end and mode', async () => {
    for (const v of BAD_COUNTS) {
      await expectRefused('INVALID_ARGUMENT', () => sp.read(alice, id, { mode: 'head', n: v as number }));
      await expectRefused('INVALID_ARGUMENT', () => sp.read(alice, id, { mode: 'tail', n: v as number }));
      await expectRefused('INVALID_ARGUMENT', () => sp.read(alice, id, { mode: 'range', start: v as number, end: 5 }));
      await expectRefused('INVALID_ARGUMENT', () => sp.read(alice, id, { mode: 'range', start: 0, end: v as number }));
    }
    await expectRefused('INVALID_ARGUMENT', () => sp.read(alice, id, { mode: 'range', start: 5, end: 4 }));
    for (const o of [null, undefined, 'head', {}, { mode: 'middle' }, { mode: 'HEAD' }])
      await expectRefused('INVALID_ARGUMENT', () => sp.read(alice, id, o as never));
  });

  it('clips an end past the length and caps full reads', async () => {
    expect(await sp.read(alice, id, { mode: 'range', start: 6, end: 1e12 })).toMatchObject({ content: 'world', meta: { start: 6, end: 11, truncated: false } });
    expect(await sp.read(alice, id, { mode: 'range', start: 50, end: 60 })).toMatchObject({ content: '', meta: { start: 11, end: 11, returnedLength: 0 } });
    expect(await sp.read(alice, id, { mode: 'tail', n: 0 })).toMatchObject({ content: '', meta: { start: 11, end: 11, returnedLength: 0 } });
    expect((await sp.read(alice, id, { mode: 'head' })).content).toBe('hello world');
    const capped = await openScratchpad(tmp.file(), { readonly: true, maxReadLength: 4 });
    expect(await capped.read(alice, id, { mode: 'full' })).toMatchObject({
      content: 'hell',
      meta: { start: 0, end: 4, returnedLength: 4, totalLength: 11, truncated: true },
    });
    expect(await capped.read(alice, id, { mode: 'tail', n: 6 })).toMatchObject({ content: 'orld', meta: { start: 7, end: 11, truncated: true } });
    expect((await capped.read(alice, binId, { mode: 'full' })).meta.truncated).toBe(false);
    expect((await errorOf(() => capped.get(alice, id))).code).toBe('TOO_LARGE');
    expect((await capped.get(alice, binId)).content).toEqual(new Uint8Array([1, 2, 3]));
    await capped.close();
  });
});

describe('put input', () => {
  const good = { turnId: 't', stepNum: 1, executorName: 'e', observation: 'x' };
  it('refuses every bad field, and the operator', async () => {
    const bads: Record<string, unknown>[] = [
      ...BAD_NAMES.map((turnId) => ({ turnId })),
      { turnId: undefined },
      ...[-1, 1.5, '1', Number.NaN].map((stepNum) => ({ stepNum })),
      ...BAD_NAMES.map((executorName) => ({ executorName })),
      ...BAD_NAMES.map((actor) => ({ actor })),
      ...BAD_NAMES.map((channel) => ({ channel })),
      ...[Number.NaN, Number.POSITIVE_INFINITY, '10', null].map((ttlSeconds) => ({ ttlSeconds })),
      ...[null, undefined, 5, true, () => 1, Symbol('s'), { big: 10n }].map((observation) => ({ observation })),
    ];
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    bads.push({ observation: cyclic });
    for (const bad of bads) await expectRefused('INVALID_ARGUMENT', () => sp.put(alice, { ...good, ...bad } as never));
    for (const input of [null, 'x', 5]) await expectRefused('INVALID_ARGUMENT', () => sp.put(alice, input as never));
    await expectRefused('INVALID_ARGUMENT', () => sp.put(operator, good));
  });
});

describe('other parameters', () => {
  it('listForTurn refuses a bad turn id (any length is a turn id: other writers store long ones)', async () => {
    for (const t of ['', 5, {}, null]) await expectRefused('INVALID_ARGUMENT', () => sp.listForTurn(alice, t as string));
    expect(await sp.listForTurn(alice, 'x'.repeat(257))).toEqual([]);
  });

  it('gc refuses bad options', async () => {
    for (const o of [{ now: 0 }, { now: -5 }, { now: Number.NaN }, { now: '1' }, { dryRun: 'yes' }, 'x', null])
      await expectRefused('INVALID_ARGUMENT', () => sp.gc(alice, o as never));
  });

  it('extendTtl refuses bad targets and TTLs', async () => {
    for (const target of [null, {}, { id: id, turnId: 't' }, { turnId: '' }, { turnId: 5 }, 'x'])
      await expectRefused('INVALID_ARGUMENT', () => sp.extendTtl(alice, target as never, 10));
    for (const ttl of [Number.NaN, Number.POSITIVE_INFINITY, '10', null])
      await expectRefused('INVALID_ARGUMENT', () => sp.extendTtl(alice, { id }, ttl as never));
  });

  it('recordRead refuses bad fields', async () => {
    const good = { entryId: id, mode: 'head', start: 0, end: 1, truncated: false };
    const bads = [{ mode: 'x' }, { start: -1 }, { end: 1.5 }, { start: 2, end: 1 }, { truncated: 'no' }, { at: Number.NaN }];
    for (const bad of bads) await expectRefused('INVALID_ARGUMENT', () => sp.recordRead(alice, { ...good, ...bad } as never));
  });

  it('readLog refuses bad selectors', async () => {
    for (const s of [null, {}, { turnId: '' }, 'x']) await expectRefused('INVALID_ARGUMENT', () => sp.readLog(alice, s as never));
  });

  it('iterateContent refuses a bad piece size', async () => {
    for (const n of [0, -1, 1.5, Number.NaN, '4']) await expectRefused('INVALID_ARGUMENT', () => sp.iterateContent(alice, id, n as never));
  });

  it('a clock that gives no number is refused, nothing written', async () => {
    const broken = await openScratchpad(tmp.file(), { clock: () => Number.NaN });
    await expectRefused('INVALID_ARGUMENT', () => broken.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: 'x' }));
    await expectRefused('INVALID_ARGUMENT', () => broken.gc(alice));
    await broken.close();
  });

  it('a closed scratchpad refuses calls', async () => {
    const other = await openScratchpad(tmp.file());
    await other.close();
    await other.close();
    expect((await errorOf(() => other.read(alice, id, { mode: 'full' }))).code).toBe('INVALID_ARGUMENT');
  });
});
