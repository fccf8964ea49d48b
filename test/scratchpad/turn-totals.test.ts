import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir, user } from './helpers';

const WORKER = fileURLToPath(new URL('./workers/turn-writer.ts', import.meta.url));

function run(file: string, name: string, rounds: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, file, name, String(rounds)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** The aggregates as recomputed from every observation, in the shape of the `turns` table. */
function recomputed(db: Database.Database): unknown[] {
  return db
    .prepare(
      `SELECT owner, turn_id, count(*) AS entry_count, sum(size_bytes) AS total_bytes, sum(kind = 'text') AS text_count,
      min(created_at) AS first_created, max(created_at) AS last_created, min(expires_at) AS earliest_expires, max(expires_at) AS latest_expires
    FROM observations GROUP BY owner, turn_id ORDER BY owner, turn_id`,
    )
    .all();
}

function stored(db: Database.Database): unknown[] {
  return db
    .prepare(
      `SELECT owner, turn_id, entry_count, total_bytes, text_count, first_created, last_created, earliest_expires, latest_expires
    FROM turns ORDER BY owner, turn_id`,
    )
    .all();
}

function executorsOf(db: Database.Database): Record<string, string[]> {
  const fromRows = db.prepare('SELECT DISTINCT turn_id, executor_name FROM observations WHERE executor_name IS NOT NULL').all() as {
    turn_id: string;
    executor_name: string;
  }[];
  const out: Record<string, string[]> = {};
  for (const r of fromRows) (out[r.turn_id] ??= []).push(r.executor_name);
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
}

describe('per-turn aggregates (v2 turns table)', () => {
  it('stay exact with two writer processes putting, extending and collecting the same turns', async () => {
    const tmp = tempDir();
    try {
      const file = tmp.file();
      await (await openScratchpad(file)).close();
      const [a, b] = await Promise.all([run(file, 'alpha', 120), run(file, 'beta', 120)]);
      expect([a.code, a.stderr, b.code, b.stderr]).toEqual([0, '', 0, '']);
      const db = new Database(file, { readonly: true });
      const expected = recomputed(db);
      expect(expected.length).toBeGreaterThan(0);
      expect(stored(db)).toEqual(expected);
      const sep = String.fromCharCode(31);
      const storedExecutors = Object.fromEntries(
        (db.prepare("SELECT turn_id, executors FROM turns WHERE executors != ''").all() as { turn_id: string; executors: string }[]).map((r) => [
          r.turn_id,
          r.executors.split(sep).sort(),
        ]),
      );
      expect(storedExecutors).toEqual(executorsOf(db));
      db.close();
      // What listTurns and stats answer agrees with the rows themselves.
      const sp = await openScratchpad(file);
      const page = await sp.listTurns(user('shared'), { sort: 'turnId', direction: 'asc' });
      const listed = await Promise.all(page.turns.map(async (t) => ({ id: t.turnId, n: (await sp.listForTurn(user('shared'), t.turnId)).length })));
      expect(page.turns.map((t) => ({ id: t.turnId, n: t.entryCount }))).toEqual(listed);
      expect(page.total).toBe(listed.length);
      expect((await sp.stats(user('shared'))).rows).toBe(listed.reduce((s, t) => s + t.n, 0));
      // gc finds its rows through the aggregates (v2/gc.ts): a gc far in the future leaves no row, chunk or line count.
      const far = Date.now() / 1000 + 1e6;
      expect((await sp.gc(user('shared'), { now: far })).deletedRows).toBe(listed.reduce((s, t) => s + t.n, 0));
      await sp.close();
      const after = new Database(file, { readonly: true });
      expect(['observations', 'chunks', 'chunk_lines', 'turns'].map((table) => [table, after.prepare(`SELECT count(*) FROM ${table}`).pluck().get()])).toEqual([
        ['observations', 0],
        ['chunks', 0],
        ['chunk_lines', 0],
        ['turns', 0],
      ]);
      after.close();
    } finally {
      tmp.cleanup();
    }
  }, 180_000);

  it('keep each executor name of a turn once, a name that is a prefix or part of another apart, none for a row without one', async () => {
    const tmp = tempDir();
    try {
      const file = tmp.file();
      const sp = await openScratchpad(file);
      for (const executorName of ['grep2', 'grep', 'grep', null, 'rep', 'grep2']) {
        await sp.put(user('u'), { turnId: 't', stepNum: null, executorName, observation: { content: 'x' } });
      }
      expect((await sp.listTurns(user('u'))).turns.map((t) => t.executors)).toEqual([['grep', 'grep2', 'rep']]);
      await sp.close();
      const db = new Database(file, { readonly: true });
      expect(db.prepare('SELECT executors FROM turns').pluck().all()).toEqual([['grep2', 'grep', 'rep'].join(String.fromCharCode(31))]);
      db.close();
    } finally {
      tmp.cleanup();
    }
  });
});
