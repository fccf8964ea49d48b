import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeDemoDatabase } from '../../app/demo';
import { openScratchpad } from '../../app/scratchpad';
import { copyFixtureTo } from '../fixtures/metnos-v1';
import { alice, operator } from './store-fixture';

const TSX = resolve('node_modules/.bin/tsx');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every row of the file except those of `skipTurn`: id, owner, turn, expiry and the sha256 of its content. */
async function rowsOf(db: string, skipTurn = ''): Promise<string[]> {
  const store = await openScratchpad(db, { readonly: true });
  try {
    const out: string[] = [];
    for (const turn of (await store.listTurns(operator, { limit: 1000 })).turns) {
      if (turn.turnId === skipTurn) continue;
      for (const meta of await store.listForTurn(operator, turn.turnId)) {
        const hash = createHash('sha256');
        for await (const piece of await store.iterateContent(operator, meta.id)) hash.update(piece);
        out.push(`${meta.owner} ${meta.turnId} ${meta.id} ${meta.expiresAt} ${hash.digest('hex')}`);
      }
    }
    return out.sort();
  } finally {
    await store.close();
  }
}

const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('examples/agent-turn.ts on an existing file', () => {
  it("keeps every row of the demo database's owners, though its gc runs two hours ahead", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'example-demo-'));
    dirs.push(dir);
    const db = join(dir, 'demo.db');
    await writeDemoDatabase(db, { largeLogBytes: 64 * 1024 }); // the real clock: rows expiring within 2 h included
    const before = await rowsOf(db);
    expect(new Set(before.map((r) => r.split(' ')[0]))).toEqual(new Set(['alice', 'bob', 'ci-bot']));
    const run = spawnSync(TSX, ['examples/agent-turn.ts', db], { encoding: 'utf8', timeout: 50_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "two hours later (past the default 1 h TTL), mallory's own gc deleted 1 row of this turn (not extended); alice's rows, extended to 24 h, are still there",
    );
    const turnId = /^Turn ([0-9a-f]{16}) for user alice/m.exec(run.stdout)?.[1];
    expect(turnId).toMatch(/^[0-9a-f]{16}$/);
    expect(await rowsOf(db, turnId)).toEqual(before);
  });

  it('skips gc, deleting nothing, when mallory has rows of another turn that would be collected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'example-mallory-'));
    dirs.push(dir);
    const db = join(dir, 'runtime.db');
    const store = await openScratchpad(db);
    try {
      await store.put(
        { kind: 'user', userId: 'mallory' },
        { turnId: 'abcdef0123456789', stepNum: 1, executorName: 'shell', observation: { content: 'x'.repeat(5000) }, ttlSeconds: 600 },
      );
    } finally {
      await store.close();
    }
    const before = await rowsOf(db);
    const run = spawnSync(TSX, ['examples/agent-turn.ts', db], { encoding: 'utf8', timeout: 50_000 });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain(
      `two hours later (past the default 1 h TTL): gc skipped, mallory has 1 row of other turns in ${db} (the example deletes only its own)`,
    );
    const turnId = /^Turn ([0-9a-f]{16}) for user alice/m.exec(run.stdout)?.[1];
    expect(await rowsOf(db, turnId)).toEqual(before);
  });

  it.each([
    ['a text file', (file: string) => writeFileSync(file, 'not a database\n'), 4, /^example: error CORRUPT: .*not a SQLite database.*\n$/],
    [
      'a Metnos v1 file',
      (file: string) => copyFixtureTo(file),
      5,
      /^example: error READ_ONLY: .*a metnos-v1 file is opened without changing it; the example writes v2 rows \(pass a new path\)\n$/,
    ],
  ])('refuses %s with one line and the CLI exit code, leaving it unchanged', (_name, make, code, line) => {
    const dir = mkdtempSync(join(tmpdir(), 'example-bad-'));
    dirs.push(dir);
    const file = join(dir, 'input.db');
    make(file);
    const sha = sha256Of(file);
    const run = spawnSync(TSX, ['examples/agent-turn.ts', file], { encoding: 'utf8', timeout: 50_000 });
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: code, stdout: '' });
    expect(run.stderr).toMatch(line);
    expect(sha256Of(file)).toBe(sha);
    expect(readdirSync(dir)).toEqual(['input.db']);
  });

  it('refuses a path in a missing folder and creates nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'example-nodir-'));
    dirs.push(dir);
    const run = spawnSync(TSX, ['examples/agent-turn.ts', join(dir, 'missing', 'x.db')], { encoding: 'utf8', timeout: 50_000 });
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 1, stdout: '' });
    expect(run.stderr).toBe(
      `example: error NOT_FOUND: cannot create ${join(dir, 'missing', 'x.db')}: folder ${join(dir, 'missing')} does not exist (nothing created)\n`,
    );
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});

describe('examples/agent-turn.ts', () => {
  it('runs a whole turn and leaves the reads it printed in the read log of the kept database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'example-test-'));
    dirs.push(dir);
    const db = join(dir, 'turn.db');
    const run = spawnSync(TSX, ['examples/agent-turn.ts', db], { encoding: 'utf8', timeout: 50_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/found in the tail: \S+ ERROR orders {2}POST \/api\/orders 500/);
    expect(run.stdout).toContain('IHDR says 96x64 pixels');
    expect(run.stdout).toContain(`Kept ${db}`);

    const store = await openScratchpad(db, { readonly: true });
    try {
      const [turn] = (await store.listTurns(alice)).turns;
      const entries = await store.listForTurn(alice, turn?.turnId ?? '');
      expect(entries.map((e) => [e.executorName, e.kind])).toEqual([
        ['read_file', 'text'],
        ['list_packages', 'text'],
        ['browser_screenshot', 'binary'],
      ]);
      const log = await store.readLog(alice, { turnId: turn?.turnId ?? '' });
      expect(log.map((r) => [r.mode, r.end - r.start, r.truncated])).toEqual([
        ['tail', 4000, false],
        ['full', 16_000, true],
        ['head', 600, false],
        ['head', 24, false],
        ['range', 300, false],
      ]);
    } finally {
      await store.close();
    }
  });

  it('removes its temporary database when run without a path', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'example-tmp-'));
    dirs.push(tmp);
    const run = spawnSync(TSX, ['examples/agent-turn.ts'], { encoding: 'utf8', timeout: 50_000, env: { ...process.env, TMPDIR: tmp } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Scratchpad: ${tmp}`);
    expect(readdirSync(tmp).filter((n) => n.startsWith('agent-turn-'))).toEqual([]);
  });

  it('ends with exit 5 and one line under `| head`, removing its temporary database', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'example-head-'));
    dirs.push(tmp);
    const run = spawnSync('bash', ['-c', `"${TSX}" examples/agent-turn.ts | head -c 20 > /dev/null; exit \${PIPESTATUS[0]}`], {
      encoding: 'utf8',
      timeout: 50_000,
      env: { ...process.env, TMPDIR: tmp },
    });
    expect({ code: run.status, stderr: run.stderr }).toEqual({ code: 5, stderr: 'example: cannot write to stdout: the reader closed the pipe (EPIPE)\n' });
    expect(readdirSync(tmp).filter((f) => f.startsWith('agent-turn-'))).toEqual([]);
  });
});
