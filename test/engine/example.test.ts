import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { alice } from './store-fixture';

const TSX = resolve('node_modules/.bin/tsx');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
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
