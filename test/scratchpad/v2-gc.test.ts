import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import { openScratchpad } from '../../app/scratchpad';
import { resolveOptions } from '../../app/scratchpad/options';
import { createV2File } from '../../app/scratchpad/v2/connection';
import { rebuildTurnTotals } from '../../app/scratchpad/v2/turn-totals';
import { GC_DOOMED_SQL } from '../../app/scratchpad/v2/gc';
import { fakeClock, operator, tempDir, user } from './helpers';

/*
 * v2 gc deletes each doomed row's chunk 0 by key, then the rest of its key range (v2/gc.ts). With 4 units a
 * chunk, rows of 0, 1, 4, 5 and 30 units have 1, 1, 1, 2 and 8 chunks: every chunk and line count of a doomed
 * row must go, every one of a kept row (of the same turn, another turn, another owner) must stay.
 */
const T0 = 1_800_000_000;
const alice = user('alice');
const bob = user('bob');
let tmp: ReturnType<typeof tempDir>;
const clock = fakeClock(T0);

beforeEach(() => {
  tmp = tempDir();
  clock.set(T0);
});
afterEach(() => tmp.cleanup());

/** Chunk keys and line-count keys per row number, read from the file. */
function storedKeys(file: string): { chunks: Record<number, number>; lines: Record<number, number>; rows: number[] } {
  const db = new Database(file, { readonly: true });
  try {
    const per = (table: string) =>
      Object.fromEntries(
        (db.prepare(`SELECT key / 1048576 AS pk, count(*) AS n FROM ${table} GROUP BY pk ORDER BY pk`).all() as { pk: number; n: number }[]).map((r) => [
          r.pk,
          r.n,
        ]),
      );
    return { chunks: per('chunks'), lines: per('chunk_lines'), rows: db.prepare('SELECT pk FROM observations ORDER BY pk').pluck().all() as number[] };
  } finally {
    db.close();
  }
}

describe('v2 gc', () => {
  it('removes every chunk and line count of the expired rows and none of the rows it keeps', async () => {
    const file = tmp.file();
    const sp = await openScratchpadWithLayout(file, { clock: clock.now }, { textChunkCodePoints: 4, binaryChunkBytes: 4 });
    const contents = ['', 'a', 'abcd', 'abcde', 'x\n'.repeat(15)];
    const doomed: string[] = [];
    for (const [i, content] of contents.entries()) {
      doomed.push((await sp.put(alice, { turnId: 'gone', stepNum: i, executorName: 'e', observation: { content }, ttlSeconds: 10 })).scratchpad_id);
      await sp.put(alice, { turnId: 'gone', stepNum: 100 + i, executorName: 'e', observation: { content }, ttlSeconds: 1_000 });
      await sp.put(alice, { turnId: 'kept', stepNum: i, executorName: 'e', observation: { content }, ttlSeconds: 1_000 });
      await sp.put(bob, { turnId: 'gone', stepNum: i, executorName: 'e', observation: { content }, ttlSeconds: 10 });
    }
    await sp.put(alice, { turnId: 'gone', stepNum: 9, executorName: 'e', observation: { content: new Uint8Array(9) }, ttlSeconds: 10 });
    const before = storedKeys(file);
    expect(before.rows).toHaveLength(21);
    // Content of one chunk ('', 'a', 'abcd') is in its row (schema 10); longer content has 2, 8 and 3 chunks.
    expect(Object.values(before.chunks).sort((a, b) => a - b)).toEqual([2, 2, 2, 2, 3, 8, 8, 8, 8]);

    clock.set(T0 + 10);
    const result = await sp.gc(alice);
    expect(result).toMatchObject({ deletedRows: 6, turns: [{ turnId: 'gone', owner: 'alice', rows: 6, bytes: 0 + 1 + 4 + 5 + 30 + 9 }] });

    const after = storedKeys(file);
    const gone = before.rows.filter((pk) => !after.rows.includes(pk));
    expect(gone).toHaveLength(6);
    const without = (m: Record<number, number>) => Object.fromEntries(Object.entries(m).filter(([pk]) => !gone.includes(Number(pk))));
    expect(after.chunks).toEqual(without(before.chunks));
    expect(after.lines).toEqual(without(before.lines));
    for (const id of doomed) await expect(sp.describe(alice, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // What is left reads back whole, and the turn's aggregates match its rows.
    const left = await sp.listForTurn(alice, 'gone');
    expect(left.map((e) => e.sizeBytes)).toEqual([0, 1, 4, 5, 30]);
    expect((await sp.read(alice, left[4]!.id, { mode: 'full' })).content).toBe('x\n'.repeat(15));
    expect((await sp.listTurns(alice, { sort: 'turnId', direction: 'asc' })).turns.map((t) => [t.turnId, t.entryCount, t.totalBytes])).toEqual([
      ['gone', 5, 40],
      ['kept', 5, 40],
    ]);
    // The operator's gc then removes bob's rows, and his turn's aggregate row with them.
    expect((await sp.gc(operator)).deletedRows).toBe(5);
    expect((await sp.listTurns(bob)).turns).toEqual([]);
    expect(storedKeys(file).rows).toHaveLength(10);
    expect(Object.keys(storedKeys(file).chunks)).toHaveLength(4);
    await sp.close();
  });
  it('keeps every chunk and line count of rows of many chunks when only rows of one chunk expire', async () => {
    const file = tmp.file();
    const sp = await openScratchpadWithLayout(file, { clock: clock.now }, { textChunkCodePoints: 4, binaryChunkBytes: 4 });
    for (let i = 0; i < 6; i++) {
      await sp.put(alice, { turnId: 't', stepNum: i, executorName: null, observation: { content: 'ab\n' }, ttlSeconds: 10 });
      await sp.put(alice, { turnId: 't', stepNum: 10 + i, executorName: null, observation: { content: 'line\n'.repeat(5 + i) }, ttlSeconds: 1_000 });
      await sp.put(bob, { turnId: 't', stepNum: i, executorName: null, observation: { content: 'line\n'.repeat(3) }, ttlSeconds: 10 });
    }
    const before = storedKeys(file);
    clock.set(T0 + 10);
    expect((await sp.gc(alice)).deletedRows).toBe(6);
    const after = storedKeys(file);
    const gone = before.rows.filter((pk) => !after.rows.includes(pk));
    const without = (m: Record<number, number>) => Object.fromEntries(Object.entries(m).filter(([pk]) => !gone.includes(Number(pk))));
    expect(after.chunks).toEqual(without(before.chunks));
    expect(after.lines).toEqual(without(before.lines));
    expect(Object.keys(after.lines)).toHaveLength(12);
    // Then bob's rows of three chunks go with every chunk and line count of theirs.
    expect((await sp.gc(bob)).deletedRows).toBe(6);
    expect(Object.keys(storedKeys(file).lines)).toHaveLength(6);
    expect(Object.values(storedKeys(file).chunks).sort((a, b) => a - b)).toEqual([7, 8, 9, 10, 12, 13]);
    await sp.close();
  });
  it('deletes rows of both layouts (content in chunks, written before schema 10, and inline) with all their chunks and line counts', async () => {
    const file = tmp.file();
    createV2File(file, resolveOptions({}), 9);
    const seed = new Database(file);
    const insert = seed.prepare(
      `INSERT INTO observations (pk, id, id_key, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, created_at, expires_at, actor, channel, detected_type, sha256, handle, newlines)
       VALUES (?, ?, ?, 'alice', 'old', ?, 'x', 'text', 0, ?, ?, 4, ${T0}, ?, NULL, NULL, NULL, '0', NULL, ?)`,
    );
    const chunk = seed.prepare('INSERT INTO chunks (key, summary, byte_start, unit_start, cp_index, data) VALUES (?, ?, ?, ?, NULL, ?)');
    const lines = seed.prepare('INSERT INTO chunk_lines (key, newlines) VALUES (?, ?)');
    // As schema 9 wrote them: rows 1 (doomed) and 2 (kept) of one chunk, rows 3 (doomed) and 4 (kept) of three
    // chunks with a line count per chunk.
    for (const pk of [1, 2]) {
      insert.run(pk, String(pk).repeat(32), parseInt(String(pk).repeat(13), 16), pk, 2, 2, pk === 1 ? T0 + 5 : T0 + 1_000, 1);
      chunk.run(pk * 1_048_576, 'a\n', 0, 0, Buffer.from('a\n'));
    }
    for (const pk of [3, 4]) {
      insert.run(pk, String(pk).repeat(32), parseInt(String(pk).repeat(13), 16), pk, 9, 9, pk === 3 ? T0 + 5 : T0 + 1_000, 1);
      ['abcd', 'ef\ng', 'h'].forEach((c, i) => {
        chunk.run(pk * 1_048_576 + i, i === 0 ? 'abcdef\ngh' : null, 4 * i, 4 * i, Buffer.from(c));
        lines.run(pk * 1_048_576 + i, i === 1 ? 1 : 0);
      });
    }
    rebuildTurnTotals(seed);
    seed.close();
    const sp = await openScratchpad(file, { clock: clock.now });
    // Inline rows (schema 10) beside them, in the same turn and in another, doomed and kept.
    for (const [turnId, ttlSeconds] of [
      ['old', 5],
      ['old', 1_000],
      ['new', 5],
      ['new', 1_000],
    ] as const)
      await sp.put(alice, { turnId, stepNum: null, executorName: 'y', observation: 'inline\n', ttlSeconds });
    clock.set(T0 + 5);
    expect(await sp.gc(alice)).toMatchObject({ deletedRows: 4, deletedBytes: 2 + 9 + 7 + 7 });
    const after = storedKeys(file);
    expect(after.rows).toEqual([2, 4, 6, 8]);
    expect(after.chunks).toEqual({ 2: 1, 4: 3 });
    expect(after.lines).toEqual({ 4: 3 });
    expect((await sp.listTurns(alice, { sort: 'turnId', direction: 'asc' })).turns.map((t) => [t.turnId, t.entryCount, t.totalBytes])).toEqual([
      ['new', 1, 7],
      ['old', 3, 2 + 9 + 7],
    ]);
    const kept = await sp.listForTurn(alice, 'old');
    expect(await Promise.all(kept.map(async (e) => (await sp.read(alice, e.id, { mode: 'full' })).content))).toEqual(['a\n', 'abcdef\ngh', 'inline\n']);
    await sp.close();
  });
  it('finds its doomed rows through the turn index alone, reading no table row (each is two to a leaf when inline)', async () => {
    const file = tmp.file();
    await (await openScratchpad(file)).close();
    const db = new Database(file, { readonly: true });
    try {
      for (const sql of Object.values(GC_DOOMED_SQL)) {
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ now: 1, owner: 'alice' }) as { detail: string }[]).map((r) => r.detail);
        const reads = plan.filter((d) => /^(SCAN|SEARCH) [a-z]/.test(d));
        expect(reads).toEqual([
          'SCAN t',
          'SEARCH o USING COVERING INDEX observations_turn (turn_id=? AND owner=?)',
          'SEARCH c USING INTEGER PRIMARY KEY (rowid=?)',
        ]);
      }
    } finally {
      db.close();
    }
  });
});
