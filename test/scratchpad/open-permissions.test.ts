// Opening files whose mode, or whose folder's mode, refuses something: checked in a child process that file
// modes really bind (unprivileged.ts), since root ignores them.
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir, user } from './helpers';
import { copyFixture, fingerprint } from './metnos-v1/v1-files';
import { runUnprivileged, unprivilegedCommand, unprivilegedSkip } from './unprivileged';

const REPORT = fileURLToPath(new URL('./workers/open-report.ts', import.meta.url));
const VIEW = fileURLToPath(new URL('./workers/view-session.ts', import.meta.url));

/** A view-session.ts child holding `file` open: `ask(line)` resolves with its one-line JSON answer. */
function viewSession(file: string): { ask: (line: string) => Promise<Record<string, unknown>>; stderr: () => string } {
  const [cmd, ...args] = unprivilegedCommand(VIEW, [file]);
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(line) {
      child.stdin.write(`${line}\n`);
      const next = await lines.next();
      if (next.done === true) throw new Error(`the view session ended: ${stderr}`);
      return JSON.parse(next.value as string) as Record<string, unknown>;
    },
    stderr: () => stderr,
  };
}

interface Report {
  readonly format?: string;
  readonly readonly?: boolean;
  readonly rows?: number;
  readonly turns?: string[];
  readonly put?: string;
  readonly error?: { code: string; message: string };
  readonly files: string[];
}

async function report(file: string, options: Record<string, unknown> = {}): Promise<Report> {
  const run = await runUnprivileged(REPORT, [file, JSON.stringify(options)]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Report;
}

let tmp: ReturnType<typeof tempDir>;
let folder: string;
beforeEach(() => {
  tmp = tempDir('open-perm-');
  folder = join(tmp.dir, 'folder');
  mkdirSync(folder);
});
afterEach(() => {
  chmodSync(folder, 0o755);
  tmp.cleanup();
});

/** A v2 file with one row in `folder`, closed (no -wal or -shm beside it). */
async function v2File(name = 'v2.db'): Promise<string> {
  const file = join(folder, name);
  const sp = await openScratchpad(file);
  await sp.put(user('u'), { turnId: 'turn-1', stepNum: 1, executorName: null, observation: 'hello' });
  await sp.close();
  return file;
}

describe.skipIf(unprivilegedSkip !== null)(`opening files as a user file modes bind${unprivilegedSkip ? ` (skipped: ${unprivilegedSkip})` : ''}`, () => {
  it('a mode 0444 v2 file opened writable: readonly true, a put is READ_ONLY, the file unchanged', async () => {
    const file = await v2File();
    chmodSync(file, 0o444);
    const before = fingerprint(file);
    const got = await report(file, { tryPut: true });
    // The -wal and -shm its read-only connection made stay: only a connection that may write the file can tell
    // (under SQLite's locks) that no one else uses them, and removing them without those locks could split a
    // writer and a reader over two wal-indexes; see side-files.ts and the README.
    expect(got).toEqual({ format: 'v2', readonly: true, rows: 1, turns: ['turn-1'], put: 'READ_ONLY', files: ['v2.db', 'v2.db-shm', 'v2.db-wal'] });
    expect(fingerprint(file)).toEqual(before);
  });

  it('a mode 0000 file: NOT_FOUND saying permission denied, with its mode', async () => {
    const file = await v2File();
    chmodSync(file, 0o000);
    const before = fingerprint(file);
    const got = await report(file);
    expect(got.error).toEqual({
      code: 'NOT_FOUND',
      message: `${file}: permission denied: this user may not read the file or a folder on its path (mode 0000, owner uid ${process.getuid?.()})`,
    });
    expect(got.files).toEqual(['v2.db']);
    expect(fingerprint(file)).toEqual(before);
  });

  it('a v2 file in a read-only folder is viewable read-only or writable-asked, leaving nothing behind', async () => {
    const file = await v2File();
    chmodSync(folder, 0o555);
    const before = fingerprint(file);
    for (const options of [{ readonly: true }, {}]) {
      const got = await report(file, { ...options, tryPut: true });
      expect(got).toEqual({ format: 'v2', readonly: true, rows: 1, turns: ['turn-1'], put: 'READ_ONLY', files: ['v2.db'] });
    }
    expect(fingerprint(file)).toEqual(before);
  });

  it('a v2 file in a read-only folder viewed from memory sees later writes of another process', async () => {
    const file = await v2File();
    chmodSync(folder, 0o555);
    const view = viewSession(file);
    const first = await view.ask('report');
    expect(first.turns).toEqual(['turn-1']);
    expect(await view.ask('report')).toEqual(first); // unchanged file: the same snapshot, the same data version
    // This process may write there (root's override): it adds a turn and checkpoints it into the file.
    const writer = await openScratchpad(file);
    await writer.put(user('u'), { turnId: 'turn-2', stepNum: 1, executorName: null, observation: 'written later' });
    await writer.close();
    const second = await view.ask('report');
    expect(second.turns).toEqual(['turn-1', 'turn-2']);
    expect(second.dataVersion).not.toBe(first.dataVersion);
    expect(await view.ask('close')).toEqual({ files: ['v2.db'] });
    expect(view.stderr()).toBe('');
  });

  it('a read-only folder whose WAL holds transactions but has no -shm: READ_ONLY saying why, nothing changed', async () => {
    // A writer with its WAL not checkpointed: copy the file and the WAL (not the -shm) while it is open.
    const source = join(tmp.dir, 'live.db');
    const writer = await openScratchpad(source);
    const db = new Database(source);
    db.pragma('wal_autocheckpoint = 0');
    await writer.put(user('u'), { turnId: 'turn-wal', stepNum: 1, executorName: null, observation: 'only in the WAL' });
    const file = join(folder, 'v2.db');
    copyFileSync(source, file);
    copyFileSync(`${source}-wal`, `${file}-wal`);
    db.close();
    await writer.close();
    chmodSync(folder, 0o555);
    const before = [fingerprint(file), fingerprint(`${file}-wal`)];
    const got = await report(file, { readonly: true });
    expect(got.error?.code).toBe('READ_ONLY');
    expect(got.error?.message).toContain(`${file}: cannot be viewed: its folder is read-only, so SQLite cannot create the ${file}-shm`);
    expect(got.error?.message).toContain(`${file}-wal holds transactions not yet in the file`);
    expect(got.files).toEqual(['v2.db', 'v2.db-wal']);
    expect([fingerprint(file), fingerprint(`${file}-wal`)]).toEqual(before);
  });

  it('a Metnos v1 file in a read-only folder opens read-only and reads its rows', async () => {
    const file = copyFixture(join(folder, 'scratchpad.db'));
    chmodSync(folder, 0o555);
    const before = fingerprint(file);
    const got = await report(file);
    expect(got).toMatchObject({ format: 'metnos-v1', readonly: true, rows: 6, files: ['scratchpad.db'] });
    expect(fingerprint(file)).toEqual(before);
  });
});

describe.skipIf(unprivilegedSkip !== null)('the CLI as a user file modes bind', () => {
  const BIN = fileURLToPath(new URL('../../bin/scratchpad-inspector.js', import.meta.url));

  it('a mode 0000 file: exit 1 saying permission denied', async () => {
    const file = await v2File();
    chmodSync(file, 0o000);
    const run = await runUnprivileged(BIN, ['--db', file, 'turns']);
    expect([run.code, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      `scratchpad-inspector: ${file}: permission denied: this user may not read the file or a folder on its path (mode 0000, owner uid ${process.getuid?.()})\n`,
    );
  });

  it('a v2 file in a read-only folder: turns lists it, nothing created', async () => {
    const file = await v2File();
    chmodSync(folder, 0o555);
    const run = await runUnprivileged(BIN, ['--db', file, '--json', 'turns']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect((JSON.parse(run.stdout) as { turnId: string }[]).map((t) => t.turnId)).toEqual(['turn-1']);
    expect(readdirSync(folder)).toEqual(['v2.db']);
  });
});

describe('the unprivileged runner', () => {
  it('really binds file modes (or says why it cannot)', async () => {
    if (unprivilegedSkip !== null) {
      expect(unprivilegedSkip).toMatch(/setpriv|modes do not bind/);
      return;
    }
    const file = await v2File();
    chmodSync(file, 0o000);
    const got = await report(file);
    expect(got.error?.code).toBe('NOT_FOUND');
    expect(readdirSync(folder)).toEqual(['v2.db']);
  });
});
