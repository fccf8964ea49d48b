import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openScratchpad } from '../../app/scratchpad';
import { resolveOptions } from '../../app/scratchpad/options';
import { createHash } from 'node:crypto';
import { newEntryId } from '../../app/scratchpad/ids';
import { ADD_TO_TURN_TRIGGER, rebuildTurnTotals } from '../../app/scratchpad/v2/turn-totals';
import { createV2File } from '../../app/scratchpad/v2/connection';
import { LATEST_VERSION, LEGACY_ID_WHERE, MARKER_TABLE, MIGRATIONS, migrate } from '../../app/scratchpad/v2/schema';
import { errorOf, operator, tempDir, user, piecesOf } from './helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const alice = user('alice');
const bob = user('bob');

describe('migrations', () => {
  it('are numbered 1..N without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: MIGRATIONS.length }, (_, i) => i + 1));
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
  });

  it('a new file is at the latest version with the marker row, WAL and 4 KiB pages', async () => {
    const file = tmp.file();
    await (await openScratchpad(file)).close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('page_size', { simple: true })).toBe(4096);
    expect(db.prepare(`SELECT value FROM ${MARKER_TABLE} WHERE key = 'format'`).get()).toEqual({ value: 'scratchpad-inspector-v2' });
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(['chunk_lines', 'chunks', 'observations', 'read_log', MARKER_TABLE, 'turns'].sort());
    expect(db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid DESC LIMIT 1').pluck().get('observations')).toBe('data');
    expect(tables).not.toContain('entries');
    db.close();
  });

  it('2 (read log): upgrades a version-1 file, keeping its rows', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 1);
    // Seed version 1 with a row written the way version 1 writes it (through the store on a v1 file would
    // migrate it, so insert directly).
    const seed = new Database(file);
    expect(seed.pragma('user_version', { simple: true })).toBe(1);
    seed
      .prepare(
        `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
          chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle)
         VALUES (1, ?, ?, 'alice', 't1', 1, 'x', 'text', 0, 5, 5, 16384, 10, 4000000000, NULL, NULL, NULL, ?, 'hello', NULL)`,
      )
      .run('a'.repeat(32), parseInt('a'.repeat(13), 16), '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    seed.prepare('INSERT INTO chunks (key, byte_start, unit_start, cp_index, data) VALUES (?, 0, 0, NULL, ?)').run(1_048_576, Buffer.from('hello'));
    seed.close();

    expect((await errorOf(() => openScratchpad(file, { readonly: true }))).code).toBe('UNSUPPORTED_FORMAT');
    const sp = await openScratchpad(file);
    expect((await sp.read(alice, 'a'.repeat(32), { mode: 'full' })).content).toBe('hello');
    await sp.recordRead(alice, { entryId: 'a'.repeat(32), mode: 'full', start: 0, end: 5, truncated: false, at: 20 });
    expect(await sp.readLog(alice, { id: 'a'.repeat(32) })).toEqual([
      { entryId: 'a'.repeat(32), turnId: 't1', principal: 'alice', mode: 'full', unit: 'code_points', start: 0, end: 5, truncated: false, at: 20 },
    ]);
    await sp.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    db.close();
  });

  it('3 (summary with the first chunk): upgrades a version-2 file, keeping summaries, content and empty rows', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 2);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle)
       VALUES (?, ?, ?, 'alice', 't1', ?, 'x', 'text', 0, ?, ?, 4, 10, ?, NULL, NULL, NULL, ?, ?, NULL)`,
    );
    const full = 'b'.repeat(32);
    const empty = 'c'.repeat(32);
    insert.run(1, full, parseInt(full.slice(0, 13), 16), 1, 6, 6, 4_000_000_000, '0'.repeat(64), 'summary of hello!');
    insert.run(2, empty, parseInt(empty.slice(0, 13), 16), 2, 0, 0, 5, '1'.repeat(64), '');
    const chunk = seed.prepare('INSERT INTO chunks (key, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, NULL, ?)');
    chunk.run(1_048_576, 0, 0, Buffer.from('hell'));
    chunk.run(1_048_577, 4, 4, Buffer.from('o!'));
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    expect((await sp.listForTurn(alice, 't1')).map((e) => [e.id, e.summary, e.sizeBytes])).toEqual([
      [full, 'summary of hello!', 6],
      [empty, '', 0],
    ]);
    expect((await sp.read(alice, full, { mode: 'full' })).content).toBe('hello!');
    expect((await sp.read(alice, full, { mode: 'range', start: 3, end: 6 })).content).toBe('lo!');
    expect((await sp.read(alice, empty, { mode: 'full' })).content).toBe('');
    expect(await sp.gc(alice, {})).toMatchObject({ deletedRows: 1, deletedBytes: 0 });
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    const columns = (table: string) => (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name);
    // Migration 10 adds a summary column again, for content written inline since; the row left (gc removed the
    // empty one) keeps its summary in chunk 0.
    expect(db.prepare('SELECT pk, summary, data FROM observations ORDER BY pk').all()).toEqual([{ pk: 1, summary: null, data: null }]);
    expect(columns('chunks')).toEqual(['key', 'summary', 'byte_start', 'unit_start', 'cp_index', 'data']);
    expect(db.prepare('SELECT key, summary FROM chunks ORDER BY key').all()).toEqual([
      { key: 1_048_576, summary: 'summary of hello!' },
      { key: 1_048_577, summary: null },
    ]);
    db.close();
  });

  it('4 (ids carry their row number): a version-3 file keeps resolving its 32-hex ids; new puts skip the id index', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 3);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle)
       VALUES (?, ?, ?, ?, 't1', ?, 'x', 'text', 0, 5, 5, 32768, 10, 4000000000, NULL, NULL, NULL, ?, NULL)`,
    );
    const legacyAlice = '1dc4d348812c4d8ab0525b98d2c89f4c';
    const legacyBob = '03bdeaf324234b62b4fc5214840ac70c';
    insert.run(1, legacyAlice, parseInt(legacyAlice.slice(0, 13), 16), 'alice', 1, '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    insert.run(2, legacyBob, parseInt(legacyBob.slice(0, 13), 16), 'bob', 2, '486ea46224d1bb4fb680f34f7c9ad96a8f24ec88be73ea8e5a6c65260e9cb8a7');
    const chunk = seed.prepare('INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, 0, 0, NULL, ?)');
    chunk.run(1_048_576, 'hello', Buffer.from('hello'));
    chunk.run(2 * 1_048_576, 'world', Buffer.from('world'));
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    expect((await sp.read(alice, legacyAlice, { mode: 'full' })).content).toBe('hello');
    expect((await sp.describe(alice, legacyAlice)).handle?.scratchpad_id).toBe(legacyAlice);
    expect((await sp.get(alice, legacyAlice)).content).toBe('hello');
    expect(Buffer.concat(await piecesOf(await sp.iterateContent(alice, legacyAlice))).toString()).toBe('hello');
    expect(await sp.extendTtl(alice, { id: legacyAlice }, 50)).toBe(1);
    await sp.recordRead(alice, { entryId: legacyAlice, mode: 'head', start: 0, end: 2, truncated: true, at: 30 });
    expect((await sp.readLog(alice, { id: legacyAlice })).map((r) => r.entryId)).toEqual([legacyAlice]);
    expect((await sp.read(operator, legacyBob, { mode: 'full' })).content).toBe('world');
    // A foreign legacy id reads exactly like a missing one.
    const foreign = await errorOf(() => sp.read(alice, legacyBob, { mode: 'full' }));
    const missing = await errorOf(() => sp.read(alice, 'f'.repeat(32), { mode: 'full' }));
    expect([foreign.code, missing.code]).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect(foreign.message.replace(legacyBob, 'ID')).toBe(missing.message.replace('f'.repeat(32), 'ID'));
    // New puts in the upgraded file get ids naming their row, next to the legacy rows.
    const fresh = (await sp.put(alice, { turnId: 't1', stepNum: 3, executorName: 'x', observation: 'new text' })).scratchpad_id;
    expect(fresh).toMatch(/^[0-9a-f]{44}$/);
    expect((await sp.read(alice, fresh, { mode: 'full' })).content).toBe('new text');
    expect((await sp.listForTurn(alice, 't1')).map((e) => e.id)).toEqual([legacyAlice, fresh]);
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'observations' ORDER BY name").all() as { name: string }[]
    ).map((r) => r.name);
    expect(indexes).toEqual(['observations_legacy_id', 'observations_turn']);
    // Only the two legacy rows are in the partial index; the new row holds id_key -1.
    expect(db.prepare(`SELECT pk FROM observations INDEXED BY observations_legacy_id WHERE ${LEGACY_ID_WHERE} ORDER BY pk`).all()).toEqual([
      { pk: 1 },
      { pk: 2 },
    ]);
    expect(db.prepare('SELECT id_key FROM observations WHERE pk > 2').all()).toEqual([{ id_key: -1 }]);
    // The lookup of a legacy id (lookup.ts repeats the index's condition) searches the partial index.
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT pk FROM observations WHERE id_key = ? AND ${LEGACY_ID_WHERE} AND id = ?`).all(1, 'x') as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/USING INDEX observations_legacy_id \(id_key=\?\)/);
    db.close();
  });

  it('5 (newline count per text chunk): fills the line index of a version-4 file; lines and search use it', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 4);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle)
       VALUES (?, ?, -1, 'alice', 't1', ?, 'x', ?, 0, ?, ?, 4, 10, 4000000000, NULL, NULL, NULL, ?, NULL)`,
    );
    // "ab\ncd\nef\n\ngh" cut every 4 code points: "ab\nc" "d\nef" "\n\ngh"; a binary row with 0x0a bytes gets no index.
    const id = newEntryId(1);
    insert.run(1, id, 1, 'text', 12, 12, '0'.repeat(64));
    insert.run(2, newEntryId(2), 2, 'binary', 3, 3, '1'.repeat(64));
    const chunk = seed.prepare('INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, ?, NULL, ?)');
    ['ab\nc', 'd\nef', '\n\ngh'].forEach((data, seq) => chunk.run(1_048_576 + seq, seq === 0 ? 'ab' : null, seq * 4, seq * 4, Buffer.from(data)));
    chunk.run(2 * 1_048_576, 'bin', 0, 0, Buffer.from([0x0a, 0x0a, 0x01]));
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    const lines = await sp.read(alice, id, { mode: 'lines', start: 1, end: 4 });
    expect(lines.lines).toEqual(['cd', 'ef', '']);
    expect(lines.content).toBe('cd\nef\n');
    expect(lines.meta).toMatchObject({ start: 3, end: 10, startLine: 2, totalLines: 5 });
    expect((await sp.read(alice, id, { mode: 'range', start: 10, end: 12, withLines: true } as never)).meta).toMatchObject({ startLine: 5, totalLines: 5 });
    const found = await sp.search(alice, { pattern: 'gh' });
    expect(found.hits.map((h) => [h.id, h.offset, h.line])).toEqual([[id, 10, 5]]);
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT key, newlines FROM chunk_lines ORDER BY key').all()).toEqual([
      { key: 1_048_576, newlines: 1 },
      { key: 1_048_577, newlines: 1 },
      { key: 1_048_578, newlines: 2 },
    ]);
    db.close();
  });

  it('a new file keeps an empty observation and its summary in its row (schema 10), no chunk', async () => {
    const file = tmp.file();
    const sp = await openScratchpad(file);
    const h = await sp.put(alice, { turnId: 't', stepNum: 0, executorName: 'x', observation: { content: '' } });
    expect((await sp.listForTurn(alice, 't'))[0]?.summary).toBe((await sp.describe(alice, h.scratchpad_id)).meta.summary);
    expect((await sp.read(alice, h.scratchpad_id, { mode: 'full' })).content).toBe('');
    await sp.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM chunks').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT summary, typeof(data) AS type, length(data) AS bytes FROM observations').get()).toEqual({ summary: '', type: 'blob', bytes: 0 });
    db.close();
  });
});

describe('migration 7 (per-turn aggregates)', () => {
  it('fills turns from the rows of a version-6 file; listTurns, stats and later puts use them', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 6);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
         chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle)
       VALUES (?, ?, -1, ?, ?, ?, ?, ?, 0, ?, ?, 32768, ?, ?, NULL, NULL, NULL, 'x', NULL)`,
    );
    insert.run(1, newEntryId(1), 'alice', 't1', 1, 'grep', 'text', 5, 5, 10, 150);
    insert.run(2, newEntryId(2), 'alice', 't1', 2, 'shell', 'binary', 2_000, 2_000, 12, 300);
    insert.run(3, newEntryId(3), 'alice', 't1', 3, 'grep', 'text', 20_000, 20_000, 11, 200);
    insert.run(4, newEntryId(4), 'bob', 't1', 1, null, 'text', 7, 7, 20, 100);
    insert.run(5, newEntryId(5), 'alice', 't2', 1, 'grep', 'text', 300_000, 300_000, 30, 400);
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 160 });
    const page = await sp.listTurns(operator, { sort: 'entryCount' });
    expect(page.total).toBe(2);
    expect(page.turns.map((t) => [t.turnId, t.entryCount, t.totalBytes, t.firstCreatedAt, t.lastCreatedAt, t.expiredCount, t.executors, t.owners])).toEqual([
      ['t1', 4, 22_012, 10, 20, 2, ['grep', 'shell'], ['alice', 'bob']],
      ['t2', 1, 300_000, 30, 30, 0, ['grep'], ['alice']],
    ]);
    expect(await sp.stats(alice)).toMatchObject({
      rows: 4,
      bytes: 322_005,
      expiredRows: 1,
      byKind: { text: { rows: 3, bytes: 320_005 }, binary: { rows: 1, bytes: 2_000 } },
    });
    await sp.put(alice, { turnId: 't2', stepNum: 2, executorName: 'shell', observation: { content: 'more' } });
    expect((await sp.listTurns(alice, { query: 't2' })).turns.map((t) => [t.entryCount, t.totalBytes, t.executors])).toEqual([[2, 300_004, ['grep', 'shell']]]);
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare("SELECT * FROM turns WHERE turn_id = 't1' ORDER BY owner").all()).toEqual([
      {
        owner: 'alice',
        turn_id: 't1',
        entry_count: 3,
        total_bytes: 22_005,
        text_count: 2,
        text_bytes: 20_005,
        first_created: 10,
        last_created: 12,
        earliest_expires: 150,
        latest_expires: 300,
        executors: expect.any(String),
        b0: 1,
        b1: 1,
        b2: 1,
        b3: 0,
        b4: 0,
        b5: 0,
        b6: 0,
      },
      {
        owner: 'bob',
        turn_id: 't1',
        entry_count: 1,
        total_bytes: 7,
        text_count: 1,
        text_bytes: 7,
        first_created: 20,
        last_created: 20,
        earliest_expires: 100,
        latest_expires: 100,
        executors: '',
        b0: 1,
        b1: 0,
        b2: 0,
        b3: 0,
        b4: 0,
        b5: 0,
        b6: 0,
      },
    ]);
    expect(
      (db.prepare("SELECT executors FROM turns WHERE owner = 'alice' AND turn_id = 't1'").pluck().get() as string).split(String.fromCharCode(31)).sort(),
    ).toEqual(['grep', 'shell']);
    db.close();
  });
});

describe('migration 6 (ids hide row numbers)', () => {
  it('adds a random per-file id key (another file gets another)', async () => {
    const tmp = tempDir();
    try {
      const db = new Database(tmp.file());
      migrate(db, 6);
      const key = db.prepare(`SELECT value FROM ${MARKER_TABLE} WHERE key = 'id_key'`).pluck().get() as string;
      db.close();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const other = new Database(tmp.file(`b.db`));
      migrate(other, 6);
      expect(other.prepare(`SELECT value FROM ${MARKER_TABLE} WHERE key = 'id_key'`).pluck().get()).not.toBe(key);
      other.close();
    } finally {
      tmp.cleanup();
    }
  });
});

describe('migration 8 (line count with the row)', () => {
  it('moves the counts of one-chunk texts into their rows, keeps those of longer texts; lines and search agree', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 7);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle)
       VALUES (?, ?, -1, 'alice', 't1', ?, 'x', ?, 0, ?, ?, 4, 10, 4000000000, NULL, NULL, NULL, 'x', NULL)`,
    );
    const chunk = seed.prepare('INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, ?, NULL, ?)');
    const lines = seed.prepare('INSERT INTO chunk_lines (key, newlines) VALUES (?, ?)');
    const span = 1_048_576;
    // Row 1: three chunks of 4 code points; row 2: one chunk; row 3: an empty text (its empty chunk 0 had a count); row 4: binary.
    const [long, one, empty, bin] = [newEntryId(1), newEntryId(2), newEntryId(3), newEntryId(4)];
    insert.run(1, long, 1, 'text', 12, 12);
    ['ab\nc', 'd\nef', '\n\ngh'].forEach((data, seq) => {
      chunk.run(span + seq, seq === 0 ? 'ab' : null, seq * 4, seq * 4, Buffer.from(data));
      lines.run(span + seq, (data.match(/\n/g) ?? []).length);
    });
    insert.run(2, one, 2, 'text', 4, 4);
    chunk.run(2 * span, 'x\ny\n', 0, 0, Buffer.from('x\ny\n'));
    lines.run(2 * span, 2);
    insert.run(3, empty, 3, 'text', 0, 0);
    chunk.run(3 * span, '', 0, 0, Buffer.alloc(0));
    lines.run(3 * span, 0);
    insert.run(4, bin, 4, 'binary', 3, 3);
    chunk.run(4 * span, 'bin', 0, 0, Buffer.from([0x0a, 0x0a, 0x01]));
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    expect((await sp.read(alice, long, { mode: 'lines', start: 1, end: 4 })).lines).toEqual(['cd', 'ef', '']);
    const read = await sp.read(alice, one, { mode: 'lines', start: 0, end: 5 });
    expect([read.lines, read.meta.totalLines]).toEqual([['x', 'y'], 2]);
    expect((await sp.read(alice, empty, { mode: 'lines', start: 0, end: 5 })).lines).toEqual([]);
    expect((await sp.search(alice, { pattern: 'y' })).hits.map((h) => [h.id, h.offset, h.line])).toEqual([[one, 2, 2]]);
    expect((await sp.search(alice, { pattern: 'gh' })).hits.map((h) => [h.id, h.offset, h.line])).toEqual([[long, 10, 5]]);
    // A new one-chunk text writes no chunk_lines row; a new long one writes one per chunk.
    const fresh = (await sp.put(alice, { turnId: 't2', stepNum: 1, executorName: 'x', observation: 'p\nq' })).scratchpad_id;
    expect((await sp.read(alice, fresh, { mode: 'lines', start: 1, end: 2 })).lines).toEqual(['q']);
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT pk, newlines FROM observations ORDER BY pk').all()).toEqual([
      { pk: 1, newlines: 4 },
      { pk: 2, newlines: 2 },
      { pk: 3, newlines: 0 },
      { pk: 4, newlines: null },
      { pk: 5, newlines: 1 },
    ]);
    expect(db.prepare('SELECT key, newlines FROM chunk_lines ORDER BY key').all()).toEqual([
      { key: span, newlines: 1 },
      { key: span + 1, newlines: 1 },
      { key: span + 2, newlines: 2 },
    ]);
    db.close();
  });
});

describe('migration 9 (id suffix keyed by the random part)', () => {
  it('keeps resolving ids written before (plain and permuted row numbers) through the legacy index, only for their owner', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 8);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle, newlines)
       VALUES (?, ?, -1, ?, 't1', ?, 'x', 'text', 0, 5, 5, 32768, 10, 4000000000, NULL, NULL, NULL, 'x', NULL, 0)`,
    );
    const chunk = seed.prepare('INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, 0, 0, NULL, ?)');
    // Row 7: a plain row-number suffix (schema 4-5); row 9: any other suffix (the Feistel permutation of schema 6-8).
    const plain = newEntryId(7);
    const permuted = `${'9'.repeat(32)}${'a1b2c3d4e5f6'}`;
    insert.run(7, plain, 'alice', 1);
    insert.run(9, permuted, 'bob', 2);
    chunk.run(7 * 1_048_576, 'hello', Buffer.from('hello'));
    chunk.run(9 * 1_048_576, 'world', Buffer.from('world'));
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    expect((await sp.read(alice, plain, { mode: 'full' })).content).toBe('hello');
    expect((await sp.read(bob, permuted, { mode: 'full' })).content).toBe('world');
    const foreign = await errorOf(() => sp.read(alice, permuted, { mode: 'full' }));
    const missing = await errorOf(() => sp.read(alice, `${'9'.repeat(32)}a1b2c3d4e5f7`, { mode: 'full' }));
    expect([foreign.code, missing.code]).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    const fresh = (await sp.put(alice, { turnId: 't1', stepNum: 3, executorName: 'x', observation: 'new' })).scratchpad_id;
    expect((await sp.read(alice, fresh, { mode: 'full' })).content).toBe('new');
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT pk, id_key FROM observations ORDER BY pk').all()).toEqual([
      { pk: 7, id_key: parseInt(plain.slice(0, 13), 16) },
      { pk: 9, id_key: parseInt('9'.repeat(13), 16) },
      { pk: 10, id_key: -1 },
    ]);
    db.close();
  });
});

describe('migration 10 (one-chunk content in its row, turn totals by trigger)', () => {
  it('upgrades a version-9 file in place: content, sha256 and line counts read back identical; new puts go inline', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 9);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle, newlines)
       VALUES (?, ?, ?, 'alice', 't1', ?, 'x', ?, 0, ?, ?, 4, 10, 4000000000, NULL, NULL, ?, ?, NULL, ?)`,
    );
    const chunk = seed.prepare('INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, ?, NULL, ?)');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const ids = ['1'.repeat(32), '2'.repeat(32), '3'.repeat(32)];
    // Row 1: a text of one chunk (its line count in the row); row 2: a text of three chunks (counts in
    // chunk_lines); row 3: binary of one chunk. Each written as schema 9 writes it.
    const one = Buffer.from('é\n😀');
    insert.run(1, ids[0], parseInt(ids[0]!.slice(0, 13), 16), 1, 'text', one.length, 3, null, sha(one), 1);
    chunk.run(1 * 1_048_576, 'é\n😀', 0, 0, one);
    const long = Buffer.from('abcdef\ngh');
    insert.run(2, ids[1], parseInt(ids[1]!.slice(0, 13), 16), 2, 'text', long.length, 9, null, sha(long), 1);
    ['abcd', 'ef\ng', 'h'].forEach((c, i) => chunk.run(2 * 1_048_576 + i, i === 0 ? 'abcdef\ngh' : null, 4 * i, 4 * i, Buffer.from(c)));
    seed.prepare('INSERT INTO chunk_lines (key, newlines) VALUES (?, ?), (?, ?), (?, ?)').run(2 * 1_048_576, 0, 2 * 1_048_576 + 1, 1, 2 * 1_048_576 + 2, 0);
    const bin = Buffer.from([0, 1, 2, 255]);
    insert.run(3, ids[2], parseInt(ids[2]!.slice(0, 13), 16), 3, 'binary', 4, 4, 'unknown', sha(bin), null);
    chunk.run(3 * 1_048_576, '[BINARY: 4 bytes]', 0, 0, bin);
    rebuildTurnTotals(seed);
    seed.close();

    const sp = await openScratchpad(file, { clock: () => 100 });
    const facts = async (id: string) => {
      const d = await sp.describe(alice, id);
      const full = await sp.read(alice, id, { mode: 'full' });
      const lines = d.meta.kind === 'text' ? await sp.read(alice, id, { mode: 'lines', start: 0, end: 10 }) : null;
      return [d.sha256, d.meta.summary, full.content, lines?.lines ?? null, lines?.meta.totalLines ?? null];
    };
    expect(await facts(ids[0]!)).toEqual([sha(one), 'é\n😀', 'é\n😀', ['é', '😀'], 2]);
    expect(await facts(ids[1]!)).toEqual([sha(long), 'abcdef\ngh', 'abcdef\ngh', ['abcdef', 'gh'], 2]);
    expect(await facts(ids[2]!)).toEqual([sha(bin), '[BINARY: 4 bytes]', bin.toString('base64'), null, null]);
    const fresh = await sp.put(alice, { turnId: 't1', stepNum: 4, executorName: 'y', observation: 'new\n' });
    expect((await sp.read(alice, fresh.scratchpad_id, { mode: 'lines', start: 0, end: 5 })).lines).toEqual(['new']);
    expect((await sp.listTurns(alice)).turns.map((t) => [t.turnId, t.entryCount, t.totalBytes, t.executors])).toEqual([
      ['t1', 4, one.length + long.length + 4 + 4, ['x', 'y']],
    ]);
    await sp.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    // The old rows were not rewritten: their content stays in chunks; the new one is in its row.
    expect(db.prepare('SELECT pk, typeof(data) AS data, summary FROM observations ORDER BY pk').all()).toEqual([
      { pk: 1, data: 'null', summary: null },
      { pk: 2, data: 'null', summary: null },
      { pk: 3, data: 'null', summary: null },
      { pk: 4, data: 'blob', summary: 'new\n' },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM chunks').get()).toEqual({ n: 5 });
    db.close();
  });

  it('a file whose put trigger was dropped is refused as damaged, unchanged', async () => {
    const file = tmp.file();
    await (await openScratchpad(file)).close();
    const db = new Database(file);
    db.exec(`DROP TRIGGER ${ADD_TO_TURN_TRIGGER}`);
    db.close();
    const err = await errorOf(() => openScratchpad(file));
    expect([err.code, err.message]).toEqual(['CORRUPT', `${file}: damaged v2 schema: trigger ${ADD_TO_TURN_TRIGGER} is missing`]);
  });
});
