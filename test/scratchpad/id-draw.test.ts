import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { ID_PK_HEX, parseEntryId, sealedEntryId } from '../../app/scratchpad/ids';
import { createIdCipher, xor48 } from '../../app/scratchpad/v2/id-cipher';
import { errorOf, tempDir, user } from './helpers';

const alice = user('alice');
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));
const TWO_48 = 2 ** 48;

describe('xor48', () => {
  it('is the XOR of two 48-bit numbers (BigInt as reference)', () => {
    const u48 = fc.oneof(
      fc.constantFrom(0, 1, 2 ** 32 - 1, 2 ** 32, TWO_48 - 1),
      fc.integer({ min: 0, max: 2 ** 31 }),
      fc.maxSafeNat().map((n) => n % TWO_48),
    );
    fc.assert(
      fc.property(u48, u48, (a, b) => {
        expect(xor48(a, b)).toBe(Number(BigInt(a) ^ BigInt(b)));
      }),
    );
  });
});

describe('IdCipher.draw', () => {
  const c = createIdCipher('00112233445566778899aabbccddeeff');

  it('gives a random part whose pad makes the suffix seal gives, for any row number, across refills', () => {
    const draws = Array.from({ length: 600 }, () => c.draw()); // more than two blocks of 256
    for (const [i, d] of draws.entries()) {
      expect(d.randomHex).toMatch(/^[0-9a-f]{32}$/);
      expect(d.pad).toBeGreaterThanOrEqual(0);
      expect(d.pad).toBeLessThan(TWO_48);
      const random = Buffer.from(d.randomHex, 'hex');
      for (const pk of [0, 1, i + 1, 2 ** 32 + 7, TWO_48 - 1]) expect(xor48(pk, d.pad)).toBe(c.seal(random, pk));
    }
    expect(new Set(draws.map((d) => d.randomHex)).size).toBe(600);
  });

  it('gives another pad for the same random part under another key (the pad comes from the file key)', () => {
    const d = c.draw();
    const other = createIdCipher('ffeeddccbbaa99887766554433221100');
    expect(other.seal(Buffer.from(d.randomHex, 'hex'), 0)).not.toBe(d.pad);
    expect(c.seal(Buffer.from(d.randomHex, 'hex'), 0)).toBe(d.pad);
  });
});

describe('sealedEntryId', () => {
  it('is the random part then the suffix as 12 lowercase hex digits, and names no row outside 48 bits', () => {
    expect(sealedEntryId('ab'.repeat(16), 0)).toBe(`${'ab'.repeat(16)}000000000000`);
    expect(sealedEntryId('ab'.repeat(16), 0xabcdef)).toBe(`${'ab'.repeat(16)}000000abcdef`);
    expect(sealedEntryId('00'.repeat(16), TWO_48 - 1)).toBe(`${'00'.repeat(16)}ffffffffffff`);
    expect(() => sealedEntryId('00'.repeat(16), TWO_48)).toThrow(RangeError);
    expect(() => sealedEntryId('00'.repeat(16), -1)).toThrow(RangeError);
  });
});

/** A v2 file whose last row number is `pk` (a row of another user, inserted directly). */
async function fileWithLastPk(pk: number): Promise<string> {
  const tmp = tempDir();
  dirs.push(tmp);
  const file = tmp.file();
  await (await openScratchpad(file)).close();
  const db = new Database(file);
  db.prepare(
    `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
      chunk_units, created_at, expires_at, sha256, newlines, summary, data)
     VALUES (?, 'seed', -1, 'bob', 'seed', 0, 'x', 'text', 0, 1, 1, 32768, 10, 4000000000, 'x', 0, 'a', x'61')`,
  ).run(pk);
  db.close();
  return file;
}

describe('v2 put ids (built in SQL and in JavaScript alike)', () => {
  it.each([1, 0xabcdef, 2 ** 32 - 1, 2 ** 40, TWO_48 - 2])('return the id stored in the row, after row number %i', async (last) => {
    const file = await fileWithLastPk(last);
    const sp = await openScratchpad(file);
    try {
      const h = await sp.put(alice, { turnId: 't', stepNum: 1, executorName: 'x', observation: { content: 'hello' } });
      const db = new Database(file, { readonly: true });
      const row = db.prepare('SELECT pk, id FROM observations WHERE owner = ?').get('alice') as { pk: number; id: string };
      db.close();
      expect(row.pk).toBe(last + 1);
      expect(row.id).toBe(h.scratchpad_id);
      expect(h.scratchpad_id).toHaveLength(32 + ID_PK_HEX);
      expect(parseEntryId(h.scratchpad_id)).not.toEqual({ by: 'pk', pk: last + 1 }); // the suffix hides the row number
      expect((await sp.read(alice, h.scratchpad_id, { mode: 'full' })).content).toBe('hello');
      expect(h.ref_hint).toContain(h.scratchpad_id);
    } finally {
      await sp.close();
    }
  });

  it('fail and write nothing once row numbers would pass 48 bits', async () => {
    const file = await fileWithLastPk(TWO_48 - 1);
    const sp = await openScratchpad(file);
    try {
      const err = await errorOf(() => sp.put(alice, { turnId: 't', stepNum: 1, executorName: 'x', observation: { content: 'hello' } }));
      expect(err.code).toBe('TOO_LARGE');
      expect(await sp.listTurns(alice)).toMatchObject({ turns: [] });
    } finally {
      await sp.close();
    }
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(1);
    db.close();
  });
});
