import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, copyV1Fixture, oneLine, tempDir } from './helpers';
import { NOW, TURN_A1, writeV2Fixture, type FixtureRow } from './v2-fixture';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let rows: FixtureRow[];
const id = (label: string) => (rows.find((r) => r.label === label) as FixtureRow).id;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });

beforeAll(async () => {
  tmp = tempDir('cli-errors-');
  ({ path: db, rows } = await writeV2Fixture(tmp.dir));
});
afterAll(() => tmp.cleanup());

/** Asserts exit code, empty stdout and one stderr line matching `cause`. */
async function fails(argv: ReturnType<typeof cli> | Awaited<ReturnType<typeof cli>>, code: number, cause: RegExp) {
  const r = await argv;
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code, stdout: '' });
  expect(oneLine(r.stderr)).toMatch(cause);
}

describe('exit 1: not found', () => {
  it('for a missing id', async () =>
    fails(run('show', '0123456789abcdef0123456789abcdef'), 1, /^scratchpad-inspector: no entry with id "0123456789abcdef0123456789abcdef"$/));
  it("for another owner's id, with the same message as a missing one", async () => {
    const foreign = await run('--owner', 'bob', 'read', id('accents'), '--head', '5');
    const missing = await run('--owner', 'bob', 'read', 'ffffffffffffffffffffffffffffffff', '--head', '5');
    expect([foreign.code, missing.code]).toEqual([1, 1]);
    expect(oneLine(foreign.stderr).replace(id('accents'), 'ID')).toBe(oneLine(missing.stderr).replace('ffffffffffffffffffffffffffffffff', 'ID'));
  });
  it('for an unknown turn', async () => fails(run('ls', 'no-such-turn'), 1, /^scratchpad-inspector: turn no-such-turn not found$/));
  it("for another owner's turn", async () => fails(run('--owner', 'bob', 'ls', TURN_A1), 1, /turn a1a1a1a1a1a1a1a1 not found/));
  it('for a missing database file, which is not created', async () => {
    const missing = join(tmp.dir, 'missing.db');
    await fails(cli(['--db', missing, 'turns'], { now: NOW }), 1, /database not found: .*missing\.db$/);
    expect(existsSync(missing)).toBe(false);
  });
  it('for export of a missing id, leaving no file', async () => {
    const out = join(tmp.dir, 'never.out');
    await fails(run('export', 'ffffffffffffffffffffffffffffffff', out), 1, /no entry with id "f{32}"$/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('exit 2: usage errors', () => {
  it('for a range whose end is before its start', async () =>
    fails(run('read', id('accents'), '--range', '10', '5'), 2, /--range end \(5\) is before start \(10\)/));
  it('for a range with one bound', async () => fails(run('read', id('accents'), '--range', '10'), 2, /--range takes START END/));
  it('for a non-integer count', async () => fails(run('read', id('accents'), '--head', 'ten'), 2, /--head.*must be an integer >= 0/));
  it('for a negative count', async () => fails(run('read', id('accents'), '--tail', '-3'), 2, /--tail.*must be an integer >= 0/));
  it('for two read modes', async () => fails(run('read', id('accents'), '--head', '3', '--tail', '3'), 2, /at most one of --head, --tail and --range/));
  it('for an unknown command', async () => fails(run('frobnicate'), 2, /^scratchpad-inspector: unknown command 'frobnicate'/));
  it('for an unknown option', async () => fails(run('turns', '--colour'), 2, /unknown option '--colour'/));
  it('for a missing argument', async () => fails(run('show'), 2, /missing required argument 'id'/));
  it('for no command at all', async () => fails(cli([], { now: NOW }), 2, /no command given/));
  it('for --owner with --operator', async () => fails(run('--owner', 'alice', '--operator', 'turns'), 2, /--owner and --operator cannot be combined/));
  it('for --raw with --json', async () => fails(run('read', id('binary'), '--head', '4', '--raw', '--json'), 2, /--raw and --json cannot be combined/));
  it('for --raw to a terminal', async () =>
    fails(cli(['--db', db, 'read', id('binary'), '--head', '4', '--raw'], { now: NOW, stdoutTTY: true }), 2, /refusing to write raw bytes to a terminal/));
  it('for a bad gc time', async () => fails(run('gc', '--dry-run', '--now', 'yesterday'), 2, /--now.*Unix seconds/));
  it('for a bad sort key', async () => fails(run('turns', '--sort', 'bogus'), 2, /--sort/));
  it('for a database path that is a folder', async () => fails(cli(['--db', tmp.dir, 'turns'], { now: NOW }), 2, /not a file/));
});

describe('exit 3: busy', () => {
  it('when another connection holds the write lock past the busy timeout (v2 gc)', async () => {
    const locker = new Database(db);
    locker.exec('BEGIN IMMEDIATE');
    try {
      await fails(run('--busy-timeout', '50', 'gc'), 3, /locked/);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  });

  it('when a writer holds an exclusive lock on a metnos-v1 file (rollback journal)', async () => {
    const v1 = copyV1Fixture(tmp.dir, 'busy-v1.db');
    const locker = new Database(v1);
    locker.exec("BEGIN EXCLUSIVE; UPDATE entries SET summary = summary WHERE id = '82ced19f002945d4'");
    try {
      await fails(cli(['--db', v1, '--busy-timeout', '50', 'turns'], { now: NOW }), 3, /locked/);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  });
});

describe('exit 4: corrupt or unsupported file', () => {
  it('for bytes that are not SQLite', async () => {
    const bad = join(tmp.dir, 'garbage.db');
    writeFileSync(bad, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251)));
    await fails(cli(['--db', bad, 'turns'], { now: NOW }), 4, /garbage\.db/);
  });
  it('for a truncated metnos-v1 file', async () => {
    const cut = join(tmp.dir, 'cut.db');
    writeFileSync(cut, readFileSync(copyV1Fixture(tmp.dir, 'whole.db')).subarray(0, 2048));
    await fails(cli(['--db', cut, 'stats'], { now: NOW }), 4, /cut\.db/);
  });
  it('for a SQLite file of another application', async () => {
    const other = join(tmp.dir, 'other.db');
    const raw = new Database(other);
    raw.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    raw.close();
    await fails(cli(['--db', other, 'turns'], { now: NOW }), 4, /not a scratchpad file \(tables: notes\)/);
  });
});

describe('exit 5: other failures', () => {
  it('for export to an existing file without --force, leaving it untouched', async () => {
    const out = join(tmp.dir, 'exists.out');
    writeFileSync(out, 'keep me');
    await fails(run('export', id('accents'), out), 5, /exists\.out already exists \(use --force/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect((await run('export', id('accents'), out, '--force')).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(rows[0]?.text);
  });
  it('for export into a missing folder', async () => fails(run('export', id('accents'), join(tmp.dir, 'no', 'such', 'dir.out')), 5, /cannot write/));
  it('for demo-db over an existing file without --force', async () => {
    const path = join(tmp.dir, 'demo-exists.db');
    mkdirSync(tmp.dir, { recursive: true });
    writeFileSync(path, 'x');
    await fails(cli(['demo-db', path], { now: NOW }), 5, /already exists/);
    expect(readFileSync(path, 'utf8')).toBe('x');
  });
});

describe('errors with --json', () => {
  it('are one JSON line on stderr with the code and cause', async () => {
    const r = await run('show', 'ffffffffffffffffffffffffffffffff', '--json');
    expect(r.code).toBe(1);
    const err = JSON.parse(oneLine(r.stderr)) as { error: { code: string; message: string } };
    expect(err.error.code).toBe('NOT_FOUND');
    expect(err.error.message).toContain('ffffffffffffffffffffffffffffffff');
  });
  it('report usage errors as USAGE', async () => {
    const r = await run('frobnicate', '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(oneLine(r.stderr)).error.code).toBe('USAGE');
  });
});

describe('help and version', () => {
  it('print on stdout and exit 0', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: scratchpad-inspector \[options\] \[command\]/);
    expect(help.stdout).toContain('Exit codes: 0 success, 1 not found');
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')).version);
  });
});
