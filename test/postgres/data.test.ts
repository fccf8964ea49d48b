import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Binding } from '../../app/scratchpad/postgres/binding';
import { readChunks, readUnits } from '../../app/scratchpad/postgres/data/chunks';
import { gcBatch, gcExpired } from '../../app/scratchpad/postgres/data/gc';
import { findObservation, listTurnObservations, listTurnsPage, type TurnCursor } from '../../app/scratchpad/postgres/data/list';
import { listenChanges, type ChangeNotice } from '../../app/scratchpad/postgres/data/notify';
import { putObservationRow } from '../../app/scratchpad/postgres/data/put';
import { insertRead, readsOfEntry, readsOfTurn } from '../../app/scratchpad/postgres/data/readlog';
import { readStats } from '../../app/scratchpad/postgres/data/stats';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { openPgTarget, type OpenedPgTarget } from '../../app/scratchpad/postgres/pool';
import { inTransaction } from '../../app/scratchpad/postgres/transaction';
import { encodeBinary, encodeText } from '../../app/scratchpad/core/encode';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { BINARY_CHUNK, meta, TEXT_CHUNK } from './fixtures';
import { setUpRoles } from './helpers';

let db: TestDatabase;
let target: OpenedPgTarget;
const bound = (owner: string): Binding => ({ owner, operator: false });

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  const roles = await setUpRoles(db);
  target = await openPgTarget(roles.appUrl);
  const c = await target.pool.connect();
  await openSchema(c, { label: target.label });
  c.release();
});
afterAll(async () => {
  await target.close();
  await db.drop();
});

const putText = (owner: string, turnId: string, text: string, over = {}) =>
  putObservationRow(target, bound(owner), meta(owner, turnId, over), encodeText(text, TEXT_CHUNK));
const read = <T>(owner: string, fn: Parameters<typeof inTransaction<T>>[3]) => inTransaction(target, bound(owner), { operation: 'read' }, fn);

describe('insertObservation', () => {
  it("writes the metadata with the caller's times and one chunk with its units and newlines", async () => {
    const { pk, id } = await putText('alice', 'ins-1', 'one\ntwo\nthree', { createdAt: 1_234.5, expiresAt: 5_000.25 });
    expect(id).toMatch(new RegExp(`^[0-9a-f]{32}${pk.toString(16).padStart(12, '0')}$`));
    const admin = await db.admin();
    expect(
      (
        await admin.query(
          'SELECT id, owner, size_bytes::int, length_units::int, newlines::int, created_at, expires_at FROM scratchpad.observations WHERE pk = $1',
          [pk],
        )
      ).rows,
    ).toEqual([{ id, owner: 'alice', size_bytes: 13, length_units: 13, newlines: 2, created_at: 1_234.5, expires_at: 5_000.25 }]);
    // Schema 5: a one-chunk observation's content is in its own row, with no chunks row; read back as chunk 0.
    expect((await admin.query('SELECT cp_index, data FROM scratchpad.observations WHERE pk = $1', [pk])).rows).toEqual([
      { cp_index: null, data: Buffer.from('one\ntwo\nthree') },
    ]);
    expect((await admin.query('SELECT count(*)::int AS n FROM scratchpad.chunks WHERE entry_pk = $1', [pk])).rows).toEqual([{ n: 0 }]);
    expect(await read('alice', (c) => readChunks(c, pk, 0, 3))).toEqual([
      { seq: 0, byteStart: 0, unitStart: 0, units: 13, newlines: 2, cpIndex: null, data: Buffer.from('one\ntwo\nthree') },
    ]);
  });

  it('cuts non-ASCII text every 32,768 code points with cp_index checkpoints, and reads any range back', async () => {
    const unit = 'aé\n😀bc';
    const text = unit.repeat(20_000); // 120,000 code points, 4 chunks
    const cps = Array.from(text);
    const { pk } = await putText('alice', 'ins-2', text);
    const chunks = await read('alice', (c) => readChunks(c, pk, 0, 10));
    const newlinesIn = (from: number, n: number) => cps.slice(from, from + n).filter((c) => c === '\n').length;
    expect(chunks.map((c) => [c.seq, c.unitStart, c.units, c.newlines])).toEqual([
      [0, 0, 32_768, newlinesIn(0, 32_768)],
      [1, 32_768, 32_768, newlinesIn(32_768, 32_768)],
      [2, 65_536, 32_768, newlinesIn(65_536, 32_768)],
      [3, 98_304, 21_696, newlinesIn(98_304, 21_696)],
    ]);
    expect(chunks.reduce((n, c) => n + c.newlines, 0)).toBe(20_000);
    expect(chunks.map((c) => c.cpIndex?.length)).toEqual([124, 124, 124, 84]); // 4 bytes per 1,024 code points after the first
    const entry = { pk, kind: 'text' as const, lengthUnits: cps.length, chunkUnits: TEXT_CHUNK };
    for (const [a, b] of [
      [0, 10],
      [32_760, 32_780],
      [1_500, 99_000],
      [119_990, 200_000],
    ] as const) {
      expect(await read('alice', (c) => readUnits(c, entry, a, b))).toBe(cps.slice(a, b).join(''));
    }
  });

  it('writes more than 16 chunks (the later ones in further statements) and binary content every 64 KiB', async () => {
    const text = 'x'.repeat(20 * TEXT_CHUNK + 5);
    const { pk } = await putText('alice', 'ins-3', text);
    expect((await read('alice', (c) => readChunks(c, pk, 0, 100))).map((c) => c.data.length)).toEqual([...Array(20).fill(TEXT_CHUNK), 5]);
    const bytes = Buffer.alloc(3 * BINARY_CHUNK + 7);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
    const bin = await putObservationRow(
      target,
      bound('alice'),
      meta('alice', 'ins-3', { kind: 'binary', chunkUnits: BINARY_CHUNK }),
      encodeBinary(bytes, BINARY_CHUNK),
    );
    const entry = { pk: bin.pk, kind: 'binary' as const, lengthUnits: bytes.length, chunkUnits: BINARY_CHUNK };
    expect(await read('alice', (c) => readUnits(c, entry, 65_530, 131_080))).toEqual(bytes.subarray(65_530, 131_080));
  });

  it('gives an empty observation one empty chunk 0', async () => {
    const { pk } = await putText('alice', 'ins-4', '');
    expect((await read('alice', (c) => readChunks(c, pk, 0, 5))).map((c) => [c.seq, c.units, c.data.length])).toEqual([[0, 0, 0]]);
  });

  it("reads nothing of another owner's entry", async () => {
    const { pk } = await putText('bob', 'ins-5', 'secret');
    const entry = { pk, kind: 'text' as const, lengthUnits: 6, chunkUnits: TEXT_CHUNK };
    expect([await read('alice', (c) => readUnits(c, entry, 0, 6)), await read('alice', (c) => findObservation(c, pk))]).toEqual([null, null]);
    expect(await read('bob', (c) => readUnits(c, entry, 0, 6))).toBe('secret');
  });
});

describe('listing and stats', () => {
  it('lists a turn by step, and turns newest first in pages with a cursor', async () => {
    for (let t = 0; t < 5; t++) {
      await putText('carol', `turn-${t}`, `step 2 of ${t}`, { stepNum: 2, createdAt: 100 + t, expiresAt: 200 });
      await putText('carol', `turn-${t}`, `step 1 of ${t}`, { stepNum: 1, createdAt: 90 + t, expiresAt: 100 + t * 50 });
    }
    expect((await read('carol', (c) => listTurnObservations(c, 'turn-3'))).map((o) => [o.stepNum, o.sizeBytes, o.createdAt])).toEqual([
      [1, 11, 93],
      [2, 11, 103],
    ]);
    const pages: string[][] = [];
    let cursor: TurnCursor | null = null;
    do {
      const page = await read('carol', (c) => listTurnsPage(c, 150, 2, cursor));
      pages.push(page.turns.map((t) => `${t.turnId}:${t.entries}:${t.sizeBytes}:${t.expired}`));
      cursor = page.next;
    } while (cursor);
    expect(pages).toEqual([['turn-4:2:22:0', 'turn-3:2:22:0'], ['turn-2:2:22:0', 'turn-1:2:22:1'], ['turn-0:2:22:1']]);
  });

  it("sums stats over the bound owner's rows only, expired ones at the given time", async () => {
    await putText('dave', 'd1', 'abcd', { createdAt: 10, expiresAt: 20 });
    await putText('dave', 'd1', 'ef', { createdAt: 11, expiresAt: 40 });
    await putText('dave', 'd2', 'ghi', { createdAt: 12, expiresAt: 40 });
    expect(await read('dave', (c) => readStats(c, 30))).toEqual({
      entries: 3,
      sizeBytes: 9,
      turns: 2,
      owners: 1,
      expiredEntries: 1,
      expiredBytes: 4,
      oldestCreatedAt: 10,
      newestCreatedAt: 12,
    });
  });
});

describe('gc', () => {
  it("removes expired rows in batches with their chunks and read log, and keeps the rest and other owners'", async () => {
    const pks: number[] = [];
    for (let i = 0; i < 5; i++) pks.push((await putText('erin', 'g', `expired ${i}`, { expiresAt: 50 + i })).pk);
    const live = await putText('erin', 'g', 'live', { expiresAt: 500 });
    const other = await putText('frank', 'g', 'other', { expiresAt: 1 });
    await inTransaction(target, bound('erin'), { operation: 'write' }, (c) =>
      insertRead(c, { entryPk: pks[0]!, owner: 'erin', principal: 'erin', mode: 'full', unit: 'code_points', start: 0, end: 9, truncated: false, at: 60 }),
    );
    expect(await gcExpired(target, bound('erin'), 100, 2)).toEqual({ removed: 5, bytes: 45, batches: 3 });
    const admin = await db.admin();
    const left = (
      await admin.query(
        `SELECT o.pk::int, (SELECT count(*)::int FROM scratchpad.chunks c WHERE c.entry_pk = o.pk) AS chunks, o.data IS NOT NULL AS inline
        FROM scratchpad.observations o WHERE turn_id = 'g' ORDER BY pk`,
      )
    ).rows;
    expect(left).toEqual([
      { pk: live.pk, chunks: 0, inline: true },
      { pk: other.pk, chunks: 0, inline: true },
    ]);
    expect((await admin.query('SELECT count(*)::int AS n FROM scratchpad.chunks WHERE entry_pk = ANY($1)', [pks])).rows).toEqual([{ n: 0 }]);
    expect((await admin.query('SELECT count(*)::int AS n FROM scratchpad.read_log WHERE entry_pk = ANY($1)', [pks])).rows).toEqual([{ n: 0 }]);
  });

  it('skips a row another transaction holds locked instead of waiting for it', async () => {
    const held = await putText('gina', 'lock', 'held', { expiresAt: 1 });
    const free = await putText('gina', 'lock', 'free', { expiresAt: 1 });
    const holder = await target.pool.connect();
    try {
      await holder.query(`BEGIN; SELECT set_config('scratchpad.principal', 'gina', true)`);
      await holder.query('SELECT pk FROM scratchpad.observations WHERE pk = $1 FOR UPDATE', [held.pk]);
      const r = await inTransaction(target, bound('gina'), { operation: 'write' }, (c) => gcBatch(c, 10, 100));
      expect(r).toEqual({ removed: 1, bytes: 4 });
      await holder.query('ROLLBACK');
      expect(await read('gina', async (c) => [await findObservation(c, held.pk).then((o) => o?.pk), await findObservation(c, free.pk)])).toEqual([
        held.pk,
        null,
      ]);
    } finally {
      holder.release();
    }
  });
});

describe('read log', () => {
  it('records reads and lists them by entry and by turn, oldest first', async () => {
    const a = await putText('hal', 'rl', 'first entry');
    const b = await putText('hal', 'rl', 'second');
    const log = (pk: number, start: number, at: number) =>
      inTransaction(target, bound('hal'), { operation: 'write' }, (c) =>
        insertRead(c, { entryPk: pk, owner: 'hal', principal: 'hal', mode: 'range', unit: 'code_points', start, end: start + 2, truncated: false, at }),
      );
    await log(a.pk, 0, 10);
    await log(b.pk, 1, 11);
    await log(a.pk, 3, 12);
    expect((await read('hal', (c) => readsOfEntry(c, a.pk))).map((r) => [r.entryId, r.start, r.end, r.at])).toEqual([
      [a.id, 0, 2, 10],
      [a.id, 3, 5, 12],
    ]);
    expect((await read('hal', (c) => readsOfTurn(c, 'rl'))).map((r) => [r.entryPk, r.start])).toEqual([
      [a.pk, 0],
      [b.pk, 1],
      [a.pk, 3],
    ]);
    expect(await read('ivy', (c) => readsOfTurn(c, 'rl'))).toEqual([]);
  });
});

describe('listenChanges', () => {
  it('hears a put when it commits and nothing from a rolled-back one', async () => {
    const heard: ChangeNotice[] = [];
    const listener = await listenChanges(target.connection.config, (n) => heard.push(n));
    try {
      await inTransaction(target, bound('jo'), { operation: 'write', notify: 'put:999' }, async () => {
        throw new Error('rolled back');
      }).catch(() => undefined);
      const { pk } = await putText('jo', 'n', 'hello');
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([{ kind: 'put', count: pk }]);
    } finally {
      await listener.close();
    }
  });
});
