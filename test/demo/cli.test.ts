import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { cli } from '../cli/helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'demo-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run demo-db -- ARGS` as package.json runs it (tsx app/demo/cli.ts). */
function demoDb(...args: string[]) {
  const r = spawnSync('npm', ['run', '-s', 'demo-db', '--', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run demo-db', () => {
  it('writes the database, refuses to overwrite it, and replaces it with --force', async () => {
    const path = join(dir, 'demo.db');
    const first = demoDb(path);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`Wrote 20 rows in 7 turns for owners alice, bob, ci-bot to ${path}\n`);
    const store = await openScratchpad(path, { readonly: true });
    try {
      expect((await store.stats({ kind: 'operator' })).rows).toBe(20);
      expect(await store.owners({ kind: 'operator' })).toEqual(['alice', 'bob', 'ci-bot']);
    } finally {
      await store.close();
    }
    const before = readFileSync(path);
    const again = demoDb(path);
    expect({ code: again.code, stderr: again.stderr }).toEqual({
      code: 5,
      stderr: `demo-db: ${path} already exists (use --force to replace it)\n`,
    });
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(demoDb(path, '--force').code).toBe(0);
  });

  it("words its output as the CLI's demo-db does", async () => {
    const viaNpm = demoDb(join(dir, 'npm.db'));
    const viaCli = await cli(['demo-db', join(dir, 'cli.db')]);
    expect(viaNpm.stdout.replace('npm.db', 'X')).toBe(viaCli.stdout.replace('cli.db', 'X'));
  });

  it('exits 2 without a path', () => {
    const r = demoDb();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usage: npm run demo-db -- PATH [--force]');
  });
});
