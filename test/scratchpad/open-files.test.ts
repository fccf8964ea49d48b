// Opening files: the busy timeout from the first connection on, hot journals, damaged v2 schemas, files that
// may not be written, side files a read-only open makes, symlink loops. Every refused open leaves the file
// byte-for-byte as it was (sha256, size and mtime). Checks that need file modes to bind are in
// open-permissions.test.ts.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { LATEST_VERSION } from '../../app/scratchpad/v2/schema';
import { cli } from '../cli/helpers';
import { errorOf, operator, tempDir, user } from './helpers';
import { copyFixture, fingerprint } from './metnos-v1/v1-files';

const WRITER = join(import.meta.dirname, 'metnos-v1', 'python_writer.py');

/** Runs the Python stand-in of the original runtime; resolves `locked` when it printed that line. */
function python(args: string[]): { locked: Promise<void>; done: Promise<number | null> } {
  const child = spawn('python3', [WRITER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.split('\n').includes('locked')) resolve();
    });
    child.on('close', () => reject(new Error('the writer exited before locking')));
  });
  locked.catch(() => {}); // awaited only by the tests that hold a lock
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { locked, done };
}

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir('open-files-');
});
afterEach(() => tmp.cleanup());

async function v2File(name = 'v2.db'): Promise<string> {
  const file = tmp.file(name);
  const sp = await openScratchpad(file);
  await sp.put(user('u'), { turnId: 'turn-1', stepNum: 1, executorName: null, observation: 'hello' });
  await sp.close();
  return file;
}

describe('the busy timeout', () => {
  // The writer holds an EXCLUSIVE lock (readers wait) for 6.5 s: longer than SQLite's default 5 s, which the
  // format probe used to wait whatever the option said.
  const HOLD_SECONDS = '6.5';

  it('is honoured by the format probe: an open waits past 5 s for a lock when asked to wait 20 s', async () => {
    const file = copyFixture(tmp.file('v1.db'));
    const writer = python(['hold', file, HOLD_SECONDS, 'exclusive']);
    await writer.locked;
    const sp = await openScratchpad(file, { busyTimeoutMs: 20_000, readonly: true });
    try {
      // It waited for the commit: the writer's row is there.
      expect((await sp.stats(operator)).rows).toBe(7);
    } finally {
      await sp.close();
    }
    expect(await writer.done).toBe(0);
  }, 30_000);

  it('is honoured by the metnos-v1 connection after the open', async () => {
    const file = copyFixture(tmp.file('v1.db'));
    const sp = await openScratchpad(file, { busyTimeoutMs: 20_000, readonly: true });
    try {
      const writer = python(['hold', file, HOLD_SECONDS, 'exclusive']);
      await writer.locked;
      expect((await sp.listForTurn(operator, 'held-turn')).length).toBe(1);
      expect(await writer.done).toBe(0);
    } finally {
      await sp.close();
    }
  }, 30_000);

  it('is honoured by the CLI from the open on (--busy-timeout 20000)', async () => {
    const file = copyFixture(tmp.file('v1.db'));
    const writer = python(['hold', file, HOLD_SECONDS, 'exclusive']);
    await writer.locked;
    const run = await cli(['--db', file, '--busy-timeout', '20000', '--json', 'stats']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(JSON.parse(run.stdout)).toMatchObject({ rows: 7 });
    expect(await writer.done).toBe(0);
  }, 30_000);

  it('0 gives BUSY at once while the lock is held, and the file is untouched', async () => {
    const file = copyFixture(tmp.file('v1.db'));
    // Held 4.5 s: under SQLite's default 5 s, so an open that ignored the option would wait for the commit and succeed.
    const writer = python(['hold', file, '4.5', 'exclusive']);
    await writer.locked;
    const before = fingerprint(file);
    const err = await errorOf(() => openScratchpad(file, { busyTimeoutMs: 0, readonly: true }));
    expect([err.code, err.message]).toEqual(['BUSY', `${file}: the database is locked by another connection (database is locked)`]);
    expect(fingerprint(file)).toEqual(before);
    expect(await writer.done).toBe(0);
  }, 30_000);
});

describe('a Metnos v1 file with a hot journal (its writer was killed mid-transaction)', () => {
  async function crashed(): Promise<string> {
    const file = copyFixture(tmp.file('v1.db'));
    expect(await python(['crash', file]).done).toBe(0);
    expect(existsSync(`${file}-journal`)).toBe(true);
    return file;
  }
  const message = (file: string) =>
    `${file}: a writer stopped in the middle of a transaction and left the hot journal ${file}-journal; reading needs that transaction rolled back, which changes the file, so it is left for the writer to roll back when it next opens the file`;

  it.each([
    ['read-only', true],
    ['writable', false],
  ])('a %s open is BUSY naming the journal, file and journal untouched', async (_name, readonly) => {
    const file = await crashed();
    const before = [fingerprint(file), fingerprint(`${file}-journal`)];
    const err = await errorOf(() => openScratchpad(file, { readonly }));
    expect([err.code, err.message]).toEqual(['BUSY', message(file)]);
    expect([fingerprint(file), fingerprint(`${file}-journal`)]).toEqual(before);
    expect(readdirSync(tmp.dir).sort()).toEqual(['v1.db', 'v1.db-journal']);
  });

  it('the CLI exits 3 with that message', async () => {
    const file = await crashed();
    const before = [fingerprint(file), fingerprint(`${file}-journal`)];
    const run = await cli(['--db', file, 'turns']);
    expect([run.code, run.stdout, run.stderr]).toEqual([3, '', `scratchpad-inspector: ${message(file)}\n`]);
    expect([fingerprint(file), fingerprint(`${file}-journal`)]).toEqual(before);
  });
});

describe('a v2 file with a damaged schema', () => {
  const damages: [string, string, string, RegExp][] = [
    ['a table dropped', 'DROP TABLE chunks', 'CORRUPT', /: damaged v2 schema: table chunks is missing$/],
    [
      'a column dropped',
      'ALTER TABLE observations DROP COLUMN handle',
      'CORRUPT',
      /: damaged v2 schema: table observations has columns \(pk, .*, sha256, newlines, summary, cp_index, data\), expected \(pk, .*, sha256, handle, newlines, summary, cp_index, data\)$/,
    ],
    [
      'a table replaced by a view',
      'DROP TABLE read_log; CREATE VIEW read_log AS SELECT 1 AS seq',
      'CORRUPT',
      /: damaged v2 schema: read_log is a view, not a table$/,
    ],
    [
      'schema text that does not parse',
      "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE TABLE chunks (garbage' WHERE name = 'chunks'",
      'CORRUPT',
      /malformed database schema \(chunks\)/,
    ],
    [
      'an older schema whose migration cannot run',
      'PRAGMA user_version = 4; DROP TABLE chunk_lines; DROP TABLE chunks',
      'CORRUPT',
      /: damaged v2 schema \(no such table: (main\.)?chunks\)$/,
    ],
  ];

  it.each(damages)('%s: %s, the file byte-for-byte unchanged', async (_name, sql, code, message) => {
    const file = await v2File();
    const db = new Database(file);
    db.unsafeMode(true);
    db.exec(sql);
    db.close();
    const before = fingerprint(file);
    for (const readonly of [true, false]) {
      const err = await errorOf(() => openScratchpad(file, { readonly }));
      // An older schema opened read-only is refused before any table is read (it must be upgraded first).
      const want = readonly && sql.includes('user_version') ? ['UNSUPPORTED_FORMAT', /older than/] : [code, message];
      expect(err.code).toBe(want[0]);
      expect(err.message).toMatch(want[1] as RegExp);
      expect(err.message.startsWith(`${file}: `)).toBe(true);
      expect(fingerprint(file)).toEqual(before);
    }
    expect(readdirSync(tmp.dir)).toEqual(['v2.db']);
  });

  it('the CLI exits 4 naming the damage', async () => {
    const file = await v2File();
    const db = new Database(file);
    db.exec('DROP TABLE chunk_lines');
    db.close();
    const run = await cli(['--db', file, 'turns']);
    expect([run.code, run.stderr]).toEqual([4, `scratchpad-inspector: ${file}: damaged v2 schema: table chunk_lines is missing\n`]);
  });
});

describe('a read-only open of a v2 file', () => {
  it('leaves no -wal or -shm behind and the file byte-for-byte unchanged', async () => {
    const file = await v2File();
    expect(readdirSync(tmp.dir)).toEqual(['v2.db']);
    const before = fingerprint(file);
    const sp = await openScratchpad(file, { readonly: true });
    expect((await sp.listTurns(operator)).turns.map((t) => t.turnId)).toEqual(['turn-1']);
    expect((await sp.read(operator, (await sp.listForTurn(operator, 'turn-1'))[0]!.id, { mode: 'full' })).content).toBe('hello');
    await sp.close();
    expect(readdirSync(tmp.dir)).toEqual(['v2.db']);
    expect(fingerprint(file)).toEqual(before);
  });

  it("leaves a writer's -wal and -shm in place while it is open, and the writer goes on", async () => {
    const file = await v2File();
    const writer = await openScratchpad(file);
    await writer.put(user('u'), { turnId: 'turn-2', stepNum: 1, executorName: null, observation: 'more' });
    const reader = await openScratchpad(file, { readonly: true });
    expect((await reader.stats(operator)).rows).toBe(2);
    await reader.close();
    expect(readdirSync(tmp.dir).sort()).toEqual(['v2.db', 'v2.db-shm', 'v2.db-wal']);
    await writer.put(user('u'), { turnId: 'turn-3', stepNum: 1, executorName: null, observation: 'still writing' });
    await writer.close();
    const again = await openScratchpad(file, { readonly: true });
    expect((await again.stats(operator)).rows).toBe(3);
    await again.close();
    expect(readdirSync(tmp.dir)).toEqual(['v2.db']);
  });

  it('a refused read-only open (older schema) leaves nothing behind either', async () => {
    const file = await v2File();
    const db = new Database(file);
    db.pragma('user_version = 5');
    db.close();
    const before = fingerprint(file);
    expect((await errorOf(() => openScratchpad(file, { readonly: true }))).code).toBe('UNSUPPORTED_FORMAT');
    expect(readdirSync(tmp.dir)).toEqual(['v2.db']);
    expect(fingerprint(file)).toEqual(before);
  });
});

describe('a file whose mode grants no write permission (0444)', () => {
  // Honoured for every user, root included (root could write it anyway): the mode says "do not change".
  it('opens with readonly true even when a writable open was asked; a put is READ_ONLY, the file unchanged', async () => {
    const file = await v2File();
    chmodSync(file, 0o444);
    const before = fingerprint(file);
    const sp = await openScratchpad(file);
    try {
      expect([sp.format, sp.readonly]).toEqual(['v2', true]);
      expect((await sp.stats(operator)).rows).toBe(1);
      const put = await errorOf(() => sp.put(user('u'), { turnId: 't', stepNum: 1, executorName: null, observation: 'x' }));
      expect([put.code, put.message]).toEqual(['READ_ONLY', `${file}: opened read-only because its mode 0444 grants no write permission`]);
      const gc = await errorOf(() => sp.gc(operator));
      expect([gc.code, gc.message]).toEqual(['READ_ONLY', `${file}: opened read-only because its mode 0444 grants no write permission, gc cannot delete`]);
    } finally {
      await sp.close();
    }
    expect(fingerprint(file)).toEqual(before);
    expect(readdirSync(tmp.dir)).toEqual(['v2.db']);
  });

  it('a Metnos v1 file too: readonly true, gc refused, file unchanged', async () => {
    const file = copyFixture(tmp.file('v1.db'));
    chmodSync(file, 0o444);
    const before = fingerprint(file);
    const sp = await openScratchpad(file);
    try {
      expect([sp.format, sp.readonly]).toEqual(['metnos-v1', true]);
      expect((await errorOf(() => sp.gc(operator))).code).toBe('READ_ONLY');
    } finally {
      await sp.close();
    }
    expect(fingerprint(file)).toEqual(before);
  });

  it('an older schema there says why it cannot be upgraded', async () => {
    const file = await v2File();
    const db = new Database(file);
    db.pragma('user_version = 5');
    db.close();
    chmodSync(file, 0o444);
    const err = await errorOf(() => openScratchpad(file));
    expect([err.code, err.message]).toEqual([
      'UNSUPPORTED_FORMAT',
      `${file}: schema 5 is older than ${LATEST_VERSION}; open it writable once to upgrade it (it opened read-only because its mode 0444 grants no write permission)`,
    ]);
  });
});

describe('a symlink loop', () => {
  it('is NOT_FOUND saying it is a symlink loop, in the library and the CLI', async () => {
    const a = tmp.file('a.db');
    const b = tmp.file('b.db');
    symlinkSync(b, a);
    symlinkSync(a, b);
    const message = `${a}: symlink loop: the path's symbolic links point at each other (too many levels of symbolic links)`;
    for (const readonly of [true, false]) {
      const err = await errorOf(() => openScratchpad(a, { readonly }));
      expect([err.code, err.message]).toEqual(['NOT_FOUND', message]);
    }
    const run = await cli(['--db', a, 'turns']);
    expect([run.code, run.stderr]).toEqual([1, `scratchpad-inspector: ${message}\n`]);
    expect(readdirSync(tmp.dir).sort()).toEqual(['a.db', 'b.db']);
  });
});
