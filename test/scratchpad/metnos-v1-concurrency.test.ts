import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad, ScratchpadError, type Scratchpad } from '../../app/scratchpad';
import { errorOf, operator, tempDir } from './helpers';
import { copyFixture, fingerprint } from './metnos-v1/v1-files';
import { openMetnosV1 } from '../../app/scratchpad/metnos-v1';
import { resolveOptions } from '../../app/scratchpad/options';

/*
 * The original Python runtime keeps writing its file while we read it: a real `python3` process with the
 * standard sqlite3 module (rollback journal, one commit per put) writes v1 rows while this store lists, reads
 * and gc's. Reads wait for the writer's lock (busy timeout); gc may fail with BUSY and then deletes nothing.
 */

const WRITER = join(import.meta.dirname, 'metnos-v1', 'python_writer.py');

/** The content the Python writer stores for `id` (content_of in python_writer.py). */
function contentOf(id: string): string {
  return `row ${id} é✓😀 `.repeat((parseInt(id.slice(-3), 16) % 700) + 1);
}

interface Writer {
  /** Resolves when the writer printed `line`. */
  waitFor(line: string): Promise<void>;
  /** Resolves with the exit code and all stdout when the writer exits. */
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  readonly running: () => boolean;
}

function startWriter(args: string[]): Writer {
  const child = spawn('python3', [WRITER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let exited = false;
  const waiters: { line: string; resolve: () => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    for (const w of waiters.filter((x) => stdout.split('\n').includes(x.line))) w.resolve();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      exited = true;
      resolve({ code, stdout, stderr });
    }),
  );
  return {
    waitFor: (line) =>
      new Promise((resolve, reject) => {
        if (stdout.split('\n').includes(line)) return resolve();
        waiters.push({ line, resolve });
        void done.then(() => reject(new Error(`writer exited before printing ${line}: ${stderr}`)));
      }),
    done,
    running: () => !exited,
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tmp: ReturnType<typeof tempDir>;
let file: string;
let sp: Scratchpad;
beforeEach(() => {
  tmp = tempDir('metnos-v1-conc-');
  file = copyFixture(tmp.file('scratchpad.db'));
});
afterEach(async () => {
  await sp?.close();
  tmp.cleanup();
});

describe('with the Python writer inserting', () => {
  it('lists, reads and gc-s without errors but BUSY, losing nothing and keeping counts consistent', async () => {
    sp = await openScratchpad(file);
    const writer = startWriter(['insert', file, 'py-turn', '240']);
    let deleted = 0;
    let busy = 0;
    let reads = 0;
    let rounds = 0;
    while (writer.running()) {
      rounds++;
      // Only the writer inserts between these two calls (our gc runs later): the turn can only have grown.
      const rows = await sp.listForTurn(operator, 'py-turn');
      const pyTurn = (await sp.listTurns(operator)).turns.find((t) => t.turnId === 'py-turn');
      expect(pyTurn?.entryCount ?? 0).toBeGreaterThanOrEqual(rows.length);
      expect((await sp.stats(operator)).rows).toBeGreaterThanOrEqual(rows.length);
      for (const m of rows.filter((r) => r.expiry !== 'expired').slice(-3)) {
        const text = contentOf(m.id);
        expect((await sp.read(operator, m.id, { mode: 'head', n: 30 })).content).toBe(Array.from(text).slice(0, 30).join(''));
        expect((await sp.read(operator, m.id, { mode: 'tail', n: 7 })).content).toBe(Array.from(text).slice(-7).join(''));
        expect((await sp.describe(operator, m.id)).sha256).toBe(createHash('sha256').update(text).digest('hex'));
        reads++;
      }
      try {
        deleted += (await sp.gc(operator)).deletedRows;
      } catch (err) {
        if (!(err instanceof ScratchpadError) || err.code !== 'BUSY') throw err;
        busy++;
      }
      await pause(5);
    }
    const { code, stdout, stderr } = await writer.done;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { live, expired } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { live: string[]; expired: string[] };
    deleted += (await sp.gc(operator)).deletedRows;
    // Every live row is there with its content; every expired one (and the sample's expired row) is gone.
    const ids = (await sp.listForTurn(operator, 'py-turn')).map((m) => m.id);
    expect(ids.sort()).toEqual([...live].sort());
    expect(deleted).toBe(expired.length + 1);
    expect((await sp.stats(operator)).rows).toBe(6 - 1 + live.length);
    expect(rounds).toBeGreaterThan(1);
    expect(reads).toBeGreaterThan(0);
    expect(busy).toBeLessThan(rounds);
  });

  it('fails gc with BUSY while the writer holds its lock, deleting nothing, and reads meanwhile', async () => {
    sp = await openScratchpad(file, { busyTimeoutMs: 200, clock: () => 1_767_225_600 });
    const writer = startWriter(['hold', file, '2', 'immediate']);
    await writer.waitFor('locked');
    const err = await errorOf(() => sp.gc(operator));
    expect(err.code).toBe('BUSY');
    expect(err.message).toContain(file);
    // Readers go on under the writer's RESERVED lock and see the last committed state.
    expect(await sp.stats(operator)).toMatchObject({ rows: 6, expiredRows: 1 });
    expect((await sp.read(operator, '82ced19f002945d4', { mode: 'head', n: 12 })).content).toBe('[00000] work');
    await writer.waitFor('released');
    expect((await writer.done).code).toBe(0);
    expect(await sp.listForTurn(operator, 'held-turn')).toHaveLength(1);
    expect((await sp.gc(operator)).deletedRows).toBe(1);
    expect((await sp.stats(operator)).rows).toBe(6);
  });

  it('gives BUSY naming the hot journal a crashed writer left, without rolling it back', async () => {
    sp = await openScratchpad(file);
    expect((await sp.stats(operator)).rows).toBe(6);
    expect((await startWriter(['crash', file]).done).code).toBe(0);
    expect(existsSync(`${file}-journal`)).toBe(true);
    const before = [fingerprint(file), fingerprint(`${file}-journal`)];
    const err = await errorOf(() => sp.stats(operator));
    expect(err.code).toBe('BUSY');
    expect(err.message).toMatch(/hot journal/);
    expect((await errorOf(() => openMetnosV1(file, resolveOptions({})))).code).toBe('BUSY');
    expect([fingerprint(file), fingerprint(`${file}-journal`)]).toEqual(before);
  });

  it('waits for an exclusive lock within the busy timeout instead of failing', async () => {
    sp = await openScratchpad(file, { busyTimeoutMs: 10_000 });
    const writer = startWriter(['hold', file, '0.5', 'exclusive']);
    await writer.waitFor('locked');
    // Blocks (synchronously) until the writer commits, then sees its row.
    expect(await sp.listForTurn(operator, 'held-turn')).toHaveLength(1);
    expect((await writer.done).code).toBe(0);
  });
});
