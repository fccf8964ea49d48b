import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { ID_PK_HEX } from '../../app/scratchpad/ids';
import { createIdCipher } from '../../app/scratchpad/v2/id-cipher';
import { migrate } from '../../app/scratchpad/v2/schema';
import { tempDir, user } from './helpers';

const alice = user('alice');
const bob = user('bob');
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));
const suffixOf = (id: string) => parseInt(id.slice(-ID_PK_HEX), 16);
const put = (sp: Awaited<ReturnType<typeof openScratchpad>>, who: typeof alice, step: number) =>
  sp.put(who, { turnId: 't', stepNum: step, executorName: 'x', observation: { content: `row ${step}` } }).then((h) => h.scratchpad_id);

describe('createIdCipher', () => {
  it('is a permutation of 48-bit row numbers that decrypts back', () => {
    const c = createIdCipher('00112233445566778899aabbccddeeff');
    const seen = new Set<number>();
    for (const pk of [0, 1, 2, 3, 2 ** 24, 2 ** 43 - 1, 2 ** 48 - 1]) {
      const v = c.encrypt(pk);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(2 ** 48);
      expect(c.decrypt(v)).toBe(pk);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
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

  it('written before the id key (plain row number) still resolve after the migration', async () => {
    const tmp = tempDir();
    dirs.push(tmp);
    const db = new Database(tmp.file());
    migrate(db, 4);
    db.close();
    const raw = new Database(tmp.file());
    const hasKey = raw.prepare("SELECT count(*) FROM scratchpad_inspector_meta WHERE key = 'id_key'").pluck().get();
    raw.close();
    expect(hasKey).toBe(0);
    const sp = await openScratchpad(tmp.file());
    try {
      const id = await put(sp, alice, 1);
      expect((await sp.describe(alice, id)).meta.id).toBe(id);
      // Rewrite that row's id to the old shape (plain row number) and look it up again.
      const w = new Database(tmp.file());
      const pk = w.prepare('SELECT pk FROM observations').pluck().get() as number;
      const old = id.slice(0, -ID_PK_HEX) + pk.toString(16).padStart(ID_PK_HEX, '0');
      w.prepare('UPDATE observations SET id = ? WHERE pk = ?').run(old, pk);
      w.close();
      expect((await sp.describe(alice, old)).meta.id).toBe(old);
      expect((await sp.listForTurn(bob, 't')).length).toBe(0);
    } finally {
      await sp.close();
    }
  });
});
