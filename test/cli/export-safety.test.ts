import { ScratchpadError } from '../../app/contract';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../app/cli/commands/export';
import type { CliIo } from '../../app/cli/io';
import { writeDemoDatabase } from '../../app/demo';
import { openScratchpad } from '../../app/scratchpad';
import type { Scratchpad } from '../../app/scratchpad/types';
import { Capture, cli, oneLine, tempDir } from './helpers';
import { NOW, writeV2Fixture, type FixtureRow } from './v2-fixture';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let rows: FixtureRow[];
const row = (label: string) => rows.find((r) => r.label === label) as FixtureRow;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const alice = { kind: 'user', userId: 'alice' } as const;
const root = process.getuid?.() === 0;

/** A character device (major 1, minor 3: null) in the temp folder; needs root. */
function nullDevice(name: string): string {
  const path = join(tmp.dir, name);
  execFileSync('mknod', ['-m', '666', path, 'c', '1', '3']);
  return path;
}

beforeAll(async () => {
  tmp = tempDir('cli-export-safety-');
  ({ path: db, rows } = await writeV2Fixture(tmp.dir));
});
afterAll(() => tmp.cleanup());

/** A store whose content stream fails after its first chunk (as a disk error or a vanished row would). */
function failingMidway(store: Scratchpad): Scratchpad {
  return {
    path: store.path,
    describe: (p, id) => store.describe(p, id),
    async iterateContent(p, id) {
      const source = await store.iterateContent(p, id, 1024);
      return (async function* () {
        for await (const chunk of source) {
          yield chunk;
          break;
        }
        throw new Error('the disk went away');
      })();
    },
  } as Partial<Scratchpad> as Scratchpad;
}

describe('export --force', () => {
  it('leaves the existing file exactly as it was when the export fails midway, and no temporary file', async () => {
    const dir = join(tmp.dir, 'midway');
    mkdirSync(dir);
    const target = join(dir, 'keep.bin');
    writeFileSync(target, 'precious bytes');
    const store = await openScratchpad(db, { readonly: true });
    const io: CliIo = { stdout: new Capture(), stderr: new Capture(), env: {}, now: () => NOW };
    try {
      await expect(runExport(failingMidway(store), { principal: alice, json: false, id: row('binary').id, file: target, force: true }, io)).rejects.toThrow(
        'the disk went away',
      );
    } finally {
      await store.close();
    }
    expect(readFileSync(target, 'utf8')).toBe('precious bytes');
    expect(readdirSync(dir)).toEqual(['keep.bin']);
  });

  it('replaces the file when complete, keeping its mode', async () => {
    const target = join(tmp.dir, 'replace.bin');
    writeFileSync(target, 'old', { mode: 0o640 });
    expect((await run('export', row('binary').id, target, '--force')).code).toBe(0);
    expect(readFileSync(target)).toEqual(row('binary').bytes);
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });

  it('replaces the file a symlink points to, and keeps the link', async () => {
    const real = join(tmp.dir, 'real.txt');
    const link = join(tmp.dir, 'link.txt');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    expect((await run('export', row('accents').id, link, '--force')).code).toBe(0);
    expect(readFileSync(real, 'utf8')).toBe(row('accents').text);
  });

  it.each(['', '-wal', '-shm', '-journal'])('refuses the open database%s, with no change', async (suffix) => {
    const before = existsSync(db + suffix) ? sha(db + suffix) : null;
    const r = await run('export', row('accents').id, db + suffix, '--force');
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 5, stdout: '' });
    expect(oneLine(r.stderr)).toMatch(/refusing to write .*: it is (the \w+ file of )?the open database/);
    expect(existsSync(db + suffix) ? sha(db + suffix) : null).toBe(before);
    expect((await run('show', row('accents').id)).code).toBe(0);
  });

  it('refuses the open database through another name (a symlink)', async () => {
    const alias = join(tmp.dir, 'alias.db');
    symlinkSync(db, alias);
    const before = sha(db);
    const r = await run('export', row('accents').id, alias, '--force');
    expect(r.code).toBe(5);
    expect(sha(db)).toBe(before);
  });

  it('refuses a directory without suggesting --force', async () => {
    const r = await run('export', row('accents').id, tmp.dir, '--force');
    expect(r.code).toBe(5);
    expect(oneLine(r.stderr)).toMatch(/is a directory; give a file name$/);
    const plain = await run('export', row('accents').id, tmp.dir);
    expect(oneLine(plain.stderr)).not.toMatch(/--force/);
  });

  // A private copy of the null device (never /dev/null itself: code without the check would replace it).
  it.runIf(root)('refuses a device node and leaves it in place', async () => {
    const dev = nullDevice('export-dev');
    const r = await run('export', row('accents').id, dev, '--force');
    expect({ code: r.code, line: oneLine(r.stderr) }).toEqual({ code: 5, line: `scratchpad-inspector: ${dev} is a device; give a file name` });
    expect(statSync(dev).isCharacterDevice()).toBe(true);
  });
});

describe('export ID -', () => {
  it('streams the raw content to stdout', async () => {
    const r = await run('export', row('binary').id, '-');
    expect(r.code).toBe(0);
    expect(r.stdoutBytes).toEqual(row('binary').bytes);
  });
  it('is refused with --json and on a terminal', async () => {
    expect((await run('export', row('binary').id, '-', '--json')).code).toBe(2);
    expect((await cli(['--db', db, 'export', row('binary').id, '-'], { now: NOW, stdoutTTY: true })).code).toBe(2);
  });
});

describe('demo-db', () => {
  it('fails for a missing folder and creates nothing', async () => {
    const r = await cli(['demo-db', join(tmp.dir, 'missing', 'folder', 'x.db')]);
    expect(r.code).toBe(5);
    expect(oneLine(r.stderr)).toMatch(/folder .*missing\/folder does not exist/);
    expect(existsSync(join(tmp.dir, 'missing'))).toBe(false);
  });
  it('refuses a directory even with --force', async () => {
    expect((await cli(['demo-db', tmp.dir, '--force'])).code).toBe(5);
    expect(statSync(tmp.dir).isDirectory()).toBe(true);
  });
  it.runIf(root)('refuses a device node even with --force', async () => {
    const dev = nullDevice('demo-dev');
    expect((await cli(['demo-db', dev, '--force'])).code).toBe(5);
    expect(statSync(dev).isCharacterDevice()).toBe(true);
  });
  it('refuses the WAL of an existing database', async () => {
    const r = await cli(['demo-db', `${db}-wal`, '--force']);
    expect(r.code).toBe(5);
    expect(oneLine(r.stderr)).toMatch(/it is the wal file of the database/);
  });
  it('leaves an existing file as it was when writing the new one fails', async () => {
    const dir = join(tmp.dir, 'demo-fail');
    mkdirSync(dir);
    const target = join(dir, 'demo.db');
    writeFileSync(target, 'the old database');
    await expect(writeDemoDatabase(target, { now: NOW, overwrite: true, nativeBinding: join(dir, 'no-such-addon.node') })).rejects.toThrow();
    expect(readFileSync(target, 'utf8')).toBe('the old database');
    expect(readdirSync(dir)).toEqual(['demo.db']);
  });
  it('still refuses an existing file without overwrite, with EXISTS', async () => {
    await expect(writeDemoDatabase(db, { now: NOW })).rejects.toMatchObject({
      code: 'EXISTS',
      message: `${db} already exists (use overwrite: true to replace it)`,
    });
  });
  it('names --force, not the library option, when the CLI refuses an existing file', async () => {
    const before = readFileSync(db);
    expect(await cli(['demo-db', db])).toMatchObject({ code: 5, stderr: `scratchpad-inspector: ${db} already exists (use --force to replace it)\n` });
    expect(readFileSync(db).equals(before)).toBe(true);
  });
  it('refuses the file --db names and its side files, even with --force, changing nothing', async () => {
    const before = readFileSync(db);
    for (const target of [db, `${db}-wal`]) {
      const r = await cli(['--db', db, 'demo-db', target, '--force']);
      expect([r.code, r.stderr]).toEqual([
        5,
        `scratchpad-inspector: refusing to write ${target}: it is ${target === db ? '' : 'the wal file of '}the open database ${db}\n`,
      ]);
    }
    expect(readFileSync(db).equals(before)).toBe(true);
    expect(existsSync(`${db}-wal`)).toBe(false);
  });
  it('replaces an existing file with --force and drops its stale side files', async () => {
    const dir = join(tmp.dir, 'demo-force');
    mkdirSync(dir);
    const target = join(dir, 'demo.db');
    writeFileSync(target, 'old');
    writeFileSync(`${target}-wal`, 'stale wal of the old file');
    const r = await cli(['demo-db', target, '--force', '--json']);
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['demo.db']);
    expect((await cli(['--db', target, 'stats', '--json'])).code).toBe(0);
  });
});

it('maps a refused target to exit 5 (a ScratchpadError, not a raw error)', async () => {
  const store = await openScratchpad(db, { readonly: true });
  const io: CliIo = { stdout: new Capture(), stderr: new Capture(), env: {}, now: () => NOW };
  try {
    await expect(runExport(store, { principal: alice, json: false, id: row('binary').id, file: tmp.dir, force: true }, io)).rejects.toBeInstanceOf(
      ScratchpadError,
    );
  } finally {
    await store.close();
  }
});

it("writeDemoDatabase creates the missing folder only when asked (the app's first run)", async () => {
  const folder = join(tmp.dir, 'app-data', 'Scratchpad Inspector');
  expect((await writeDemoDatabase(join(folder, 'scratchpad.db'), { now: NOW, largeLogBytes: 1024, createFolder: true })).rows).toBe(20);
  expect(statSync(folder).mode & 0o777).toBe(0o700);
});
