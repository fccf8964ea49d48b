import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { ID_LENGTH, newEntryId, parseEntryId, sameId } from '../../app/scratchpad/ids';
import { errorOf, fakeClock, operator, tempDir, user, piecesOf } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let clock: ReturnType<typeof fakeClock>;
let sp: Scratchpad;
beforeEach(async () => {
  tmp = tempDir();
  clock = fakeClock();
  sp = await openScratchpad(tmp.file(), { clock: clock.now });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

const alice = user('alice');
const bob = user('bob');
const put = async (p = alice, observation: string = 'hello', ttlSeconds?: number) =>
  (await sp.put(p, { turnId: 't', stepNum: 0, executorName: 'x', observation, ttlSeconds })).scratchpad_id;

/** Every lookup path of the store, each returning something of the row. */
function lookups(p: typeof alice, id: string): Record<string, () => unknown> {
  return {
    describe: () => sp.describe(p, id),
    read: () => sp.read(p, id, { mode: 'head', n: 2 }),
    get: () => sp.get(p, id),
    iterate: async () => await piecesOf(await sp.iterateContent(p, id)),
    extendTtl: () => sp.extendTtl(p, { id }, 60),
    recordRead: () => sp.recordRead(p, { entryId: id, mode: 'head', start: 0, end: 1, truncated: true }),
    readLog: () => sp.readLog(p, { id }),
  };
}

/** Asserts every lookup of `id` by `p` is NOT_FOUND with the message a missing id gets. */
async function expectNotFound(p: typeof alice, id: string): Promise<void> {
  for (const [name, call] of Object.entries(lookups(p, id))) {
    const err = await errorOf(call);
    expect([name, err.code, err.message]).toEqual([name, 'NOT_FOUND', `no entry with id "${id}"`]);
  }
}

describe('entry ids', () => {
  it('are the row number as 12 hex digits then 128 random bits as 32 hex digits', () => {
    expect(newEntryId(1)).toMatch(/^[0-9a-f]{32}000000000001$/);
    expect(newEntryId(0xabcdef)).toMatch(/^[0-9a-f]{32}000000abcdef$/);
    expect(parseEntryId(newEntryId(300))).toEqual({ by: 'pk', pk: 300 });
    for (const bad of [0, -1, 1.5, 16 ** 12]) expect(() => newEntryId(bad)).toThrow(RangeError);
    const randoms = Array.from({ length: 600 }, (_, i) => newEntryId(i + 1).slice(0, 32));
    expect(new Set(randoms).size).toBe(600);
    // Every one of the 128 bits takes both values (no fixed version/variant bits).
    for (let bit = 0; bit < 128; bit++) {
      const values = new Set(randoms.map((r) => (BigInt(`0x${r}`) >> BigInt(bit)) & 1n));
      expect([bit, values.size]).toEqual([bit, 2]);
    }
  });

  it('are recognized by shape alone: current (44 hex), legacy (32 hex), anything else null', () => {
    expect(parseEntryId('1dc4d348812c4d8ab0525b98d2c89f4c')).toEqual({ by: 'legacy', key: parseInt('1dc4d348812c4', 16) });
    for (const bad of [
      '',
      'x',
      'A'.repeat(ID_LENGTH),
      '0'.repeat(ID_LENGTH - 1),
      '0'.repeat(ID_LENGTH + 1),
      '0'.repeat(33),
      ` ${'0'.repeat(43)}`,
      42,
      null,
      undefined,
      {},
    ]) {
      expect(parseEntryId(bad)).toBeNull();
    }
    expect(sameId('abc', 'abc')).toBe(true);
    expect(sameId('abc', 'abd')).toBe(false);
    expect(sameId('abc', 'abcd')).toBe(false);
  });

  it('of successive puts name their rows (encrypted), and each resolves on every lookup path', async () => {
    const ids = [await put(), await put(), await put(bob)];
    expect(ids.map((id) => parseEntryId(id)?.by)).toEqual(['pk', 'pk', 'pk']);
    expect((await sp.read(alice, ids[1]!, { mode: 'full' })).content).toBe('hello');
    for (const call of Object.values(lookups(alice, ids[0]!))) call();
    for (const call of Object.values(lookups(operator, ids[2]!))) call();
    expect((await sp.readLog(alice, { id: ids[0]! })).map((r) => r.entryId)).toEqual([ids[0]]);
  });

  it('with the right row number but another random part, another case or another owner are NOT_FOUND like a missing id', async () => {
    const id = await put();
    const first = id[0] === '0' ? '1' : '0';
    await expectNotFound(alice, first + id.slice(1));
    await expectNotFound(alice, 'f'.repeat(32) + id.slice(32));
    await expectNotFound(bob, id);
    await expectNotFound(alice, id.slice(0, 32) + '000000000009'); // a row that does not exist
    await expectNotFound(alice, 'f'.repeat(32)); // legacy shape, no legacy row
    expect((await errorOf(() => sp.read(alice, id.toUpperCase(), { mode: 'full' }))).code).toBe('NOT_FOUND');
    expect((await sp.read(alice, id, { mode: 'full' })).content).toBe('hello');
  });

  it('of a row removed by gc stay NOT_FOUND after new puts', async () => {
    const old = await put(alice, 'old', 10);
    clock.advance(20);
    expect((await sp.gc(alice, {})).deletedRows).toBe(1);
    const fresh = await put(alice, 'new');
    expect(fresh).not.toBe(old);
    await expectNotFound(alice, old);
    expect((await sp.read(alice, fresh, { mode: 'full' })).content).toBe('new');
  });
});
