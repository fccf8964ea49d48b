import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { ID_PK_HEX, newEntryId } from '../../app/scratchpad/ids';
import { createIdCipher } from '../../app/scratchpad/v2/id-cipher';
import { migrate } from '../../app/scratchpad/v2/schema';
import { errorOf, tempDir, user } from './helpers';

const alice = user('alice');
const bob = user('bob');
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));
const suffixOf = (id: string) => parseInt(id.slice(-ID_PK_HEX), 16);
const put = (sp: Awaited<ReturnType<typeof openScratchpad>>, who: typeof alice, step: number) =>
  sp.put(who, { turnId: 't', stepNum: step, executorName: 'x', observation: { content: `row ${step}` } }).then((h) => h.scratchpad_id);

describe('createIdCipher', () => {
  const c = createIdCipher('00112233445566778899aabbccddeeff');
  const random = (fill: number) => Buffer.alloc(16, fill);

  it('opens what it seals, for every 48-bit row number', () => {
    for (const pk of [0, 1, 2, 3, 2 ** 24, 2 ** 32 - 1, 2 ** 32, 2 ** 43 - 1, 2 ** 48 - 1]) {
      const suffix = c.seal(random(7), pk);
      expect(suffix).toBeGreaterThanOrEqual(0);
      expect(suffix).toBeLessThan(2 ** 48);
      expect(Number.isSafeInteger(suffix)).toBe(true);
      expect(c.open(random(7), suffix)).toBe(pk);
    }
  });

  it('gives one row number another suffix under another random part or another key', () => {
    const suffixes = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((fill) => c.seal(random(fill), 42)));
    expect(suffixes.size).toBe(8);
    expect(createIdCipher('ffeeddccbbaa99887766554433221100').seal(random(1), 42)).not.toBe(c.seal(random(1), 42));
  });

  it('under one random part is a permutation: distinct row numbers, distinct suffixes, no order kept', () => {
    const suffixes = Array.from({ length: 64 }, (_, pk) => c.seal(random(9), pk));
    expect(new Set(suffixes).size).toBe(64);
    expect(suffixes.every((s, i) => i === 0 || s > suffixes[i - 1]!)).toBe(false);
  });

  it('refuses a key or a random part of another shape', () => {
    expect(() => createIdCipher('00112233')).toThrow(RangeError);
    expect(() => c.seal(Buffer.alloc(15), 1)).toThrow(RangeError);
  });
});

describe('entry ids', () => {
  it('reveal no row order or count: suffixes of interleaved puts are not the row numbers, and all resolve', async () => {
    const tmp = tempDir();
    dirs.push(tmp);
    const sp = await openScratchpad(tmp.file());
    try {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push(await put(sp, i % 2 === 0 ? alice : bob, i));
      const db = new Database(tmp.file(), { readonly: true });
      const pks = db.prepare('SELECT pk FROM observations ORDER BY pk').pluck().all() as number[];
      db.close();
      const suffixes = ids.map(suffixOf);
      expect(suffixes.filter((s, i) => s === pks[i])).toEqual([]);
      // Not increasing: the order of ids says nothing about the order of puts.
      expect(suffixes.every((s, i) => i === 0 || s > suffixes[i - 1]!)).toBe(false);
      for (const [i, id] of ids.entries()) expect((await sp.describe(i % 2 === 0 ? alice : bob, id)).meta.id).toBe(id);
    } finally {
      await sp.close();
    }
  });

  it('of a row number reused after gc differ in their suffix too: nothing tells that no one else stored a row', async () => {
    const tmp = tempDir();
    dirs.push(tmp);
    let now = 1_000;
    const sp = await openScratchpad(tmp.file(), { clock: () => now });
    try {
      const first = await sp.put(alice, { turnId: 't', stepNum: 1, executorName: 'x', ttlSeconds: 10, observation: { content: 'a' } });
      now += 20;
      expect((await sp.gc(alice, {})).deletedRows).toBe(1);
      const second = await sp.put(alice, { turnId: 't', stepNum: 2, executorName: 'x', observation: { content: 'b' } });
      const db = new Database(tmp.file(), { readonly: true });
      const pks = db.prepare('SELECT pk FROM observations').pluck().all();
      db.close();
      expect(pks).toEqual([1]); // the freed row number was reused
      expect(suffixOf(second.scratchpad_id)).not.toBe(suffixOf(first.scratchpad_id));
      expect((await sp.describe(alice, second.scratchpad_id)).meta.id).toBe(second.scratchpad_id);
      expect((await errorOf(() => sp.describe(alice, first.scratchpad_id))).code).toBe('NOT_FOUND');
    } finally {
      await sp.close();
    }
  });

  it('written before the id key (plain row number, schema 4) still resolve after the migrations, for their owner only', async () => {
    const tmp = tempDir();
    dirs.push(tmp);
    const db = new Database(tmp.file());
    migrate(db, 4);
    const old = newEntryId(1);
    db.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle)
       VALUES (1, ?, -1, 'alice', 't', 1, 'x', 'text', 0, 5, 5, 32768, 10, 4000000000, NULL, NULL, NULL, 'x', NULL)`,
    ).run(old);
    db.prepare("INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (1048576, 'hello', 0, 0, NULL, ?)").run(Buffer.from('hello'));
    expect(db.prepare("SELECT count(*) FROM scratchpad_inspector_meta WHERE key = 'id_key'").pluck().get()).toBe(0);
    db.close();
    const sp = await openScratchpad(tmp.file());
    try {
      expect((await sp.read(alice, old, { mode: 'full' })).content).toBe('hello');
      expect((await errorOf(() => sp.read(bob, old, { mode: 'full' }))).code).toBe('NOT_FOUND');
      const id = await put(sp, alice, 2);
      expect(suffixOf(id)).not.toBe(2);
      expect((await sp.describe(alice, id)).meta.id).toBe(id);
      expect((await sp.listForTurn(alice, 't')).map((e) => e.id)).toEqual([old, id]);
    } finally {
      await sp.close();
    }
  });
});
