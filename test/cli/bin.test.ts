import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, copyV1Fixture, tempDir, V1_EXPECTED_PATH } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'scratchpad-inspector.js');
const EXPECTED = JSON.parse(readFileSync(V1_EXPECTED_PATH, 'utf8')) as Record<string, { id: string; sha256: string; size_bytes: number }>;

/** Runs the real bin in a child process with stdout and stderr on pipes (never a terminal). */
function bin(args: string[], env: Record<string, string> = {}) {
  const { FORCE_COLOR: _f, NO_COLOR: _n, ...inherited } = process.env; // vitest forces colour in its workers
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...inherited, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

let tmp: ReturnType<typeof tempDir>;
let v1: string;
beforeAll(() => {
  tmp = tempDir('cli-bin-');
  v1 = copyV1Fixture(tmp.dir);
});
afterAll(() => tmp.cleanup());

describe('the scratchpad-inspector bin', () => {
  it('runs the TypeScript sources without a build and prints the same JSON as in-process', async () => {
    const child = bin(['--db', v1, 'ls', 'c0ffee00c0ffee00', '--json']);
    expect(child.code).toBe(0);
    const inProcess = await cli(['--db', v1, 'ls', 'c0ffee00c0ffee00', '--json']);
    const stable = (s: string) => (JSON.parse(s) as { expiry: string }[]).map(({ expiry: _e, ...rest }) => rest);
    expect(stable(child.stdout.toString('utf8'))).toEqual(stable(inProcess.stdout));
  });

  it('writes --raw bytes through a pipe identical to the stored bytes', () => {
    const blob = EXPECTED.binary_blob as { id: string; sha256: string; size_bytes: number };
    const child = bin(['--db', v1, 'read', blob.id, '--head', String(blob.size_bytes), '--raw']);
    expect(child.code).toBe(0);
    expect(child.stdout.length).toBe(blob.size_bytes);
    expect(createHash('sha256').update(child.stdout).digest('hex')).toBe(blob.sha256);
  });

  it('exits 1 with one stderr line for a missing id, and 2 for an unknown command', () => {
    const missing = bin(['--db', v1, 'show', 'ffffffffffffffff']);
    expect({ code: missing.code, lines: missing.stderr.trimEnd().split('\n').length, out: missing.stdout.length }).toEqual({ code: 1, lines: 1, out: 0 });
    const unknown = bin(['--db', v1, 'frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("scratchpad-inspector: unknown command 'frobnicate' (see scratchpad-inspector --help)\n");
  });

  it('prints no colour on a pipe even with colour-capable TERM, and writes a demo database', () => {
    const demo = join(tmp.dir, 'demo.db');
    const made = bin(['demo-db', demo], { TERM: 'xterm-256color' });
    expect(made.code).toBe(0);
    expect(existsSync(demo)).toBe(true);
    const turns = bin(['--db', demo, 'turns'], { TERM: 'xterm-256color' });
    expect(turns.code).toBe(0);
    expect(turns.stdout.toString('utf8')).toMatch(/^TURN\s+ENTRIES/);
    expect(turns.stdout.includes(0x1b)).toBe(false);
    expect(turns.stdout.toString('utf8').trimEnd().split('\n')).toHaveLength(8);
  });

  it('exports a multi-MiB entry of the demo database byte for byte', async () => {
    const demo = join(tmp.dir, 'demo-export.db');
    const made = JSON.parse((await cli(['demo-db', demo, '--json'])).stdout) as { entries: { id: string; label: string; sizeBytes: number }[] };
    const log = made.entries.find((e) => e.label === 'large-log') as { id: string; sizeBytes: number };
    const shown = JSON.parse((await cli(['--db', demo, 'show', log.id, '--json'])).stdout) as { sha256: string };
    const file = join(tmp.dir, 'large.log');
    const r = await cli(['--db', demo, 'export', log.id, file]);
    expect(r.code).toBe(0);
    const written = readFileSync(file);
    expect(written.length).toBe(log.sizeBytes);
    expect(written.length).toBeGreaterThan(4 * 1024 * 1024 - 1);
    expect(createHash('sha256').update(written).digest('hex')).toBe(shown.sha256);
  });

  it('ends with exit 5 and one line when the reader closes the pipe early', async () => {
    const demo = join(tmp.dir, 'demo-pipe.db');
    const made = JSON.parse((await cli(['demo-db', demo, '--json'])).stdout) as { entries: { id: string; label: string }[] };
    const log = (made.entries.find((e) => e.label === 'large-log') as { id: string }).id;
    const script = `"${process.execPath}" "${BIN}" --db "${demo}" read ${log} --head 1000000 | head -c 5; exit \${PIPESTATUS[0]}`;
    const r = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 5,
      stdout: (await cli(['--db', demo, 'read', log, '--head', '5', '--raw'])).stdout,
      stderr: 'scratchpad-inspector: cannot write to stdout: the reader closed the pipe (EPIPE)\n',
    });
  });

  it('ends with exit 5 and one line when stdout is full (ENOSPC)', () => {
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" --db "${v1}" stats --json > /dev/full`], { cwd: ROOT, encoding: 'utf8' });
    expect({ code: r.status, stderr: r.stderr }).toEqual({
      code: 5,
      stderr: 'scratchpad-inspector: cannot write to stdout: no space left on device (ENOSPC)\n',
    });
  });

  it('runs as `npx scratchpad-inspector` from the checkout', () => {
    const r = spawnSync('npx', ['--no-install', 'scratchpad-inspector', '--db', v1, 'stats', '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).rows).toBe(Object.keys(EXPECTED).length);
  });
});
