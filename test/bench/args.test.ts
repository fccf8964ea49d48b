import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBenchArgs, SUITES, USAGE } from '../../bench/lib/args';
import { renderTable } from '../../bench/lib/report';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

describe('parseBenchArgs', () => {
  it('parses the options', () => {
    expect(parseBenchArgs(['--json', '--only', 'gc,puts', '--scale', '0.5'])).toEqual({ kind: 'run', json: true, scale: 0.5, only: new Set(['gc', 'puts']) });
    expect(parseBenchArgs([])).toEqual({
      kind: 'run',
      json: false,
      scale: 1,
      only: new Set(['reads', 'memory', 'puts', 'gc', 'turns', 'v1', 'compare', 'search', 'ui']),
    });
    expect(SUITES).toContain('postgres'); // asked for by name only: it starts a server
  });
  it('asks for the usage on --help, and with an error line on bad input', () => {
    expect(parseBenchArgs(['--help'])).toEqual({ kind: 'usage', error: null });
    expect(parseBenchArgs(['--only', 'bogus'])).toEqual({ kind: 'usage', error: `unknown suite bogus; known: ${SUITES.join(', ')}` });
    expect(parseBenchArgs(['--scale', '2'])).toEqual({ kind: 'usage', error: '--scale must be in (0, 1], got 2' });
    expect(parseBenchArgs(['--frobnicate'])).toMatchObject({ kind: 'usage', error: expect.stringMatching(/Unknown option '--frobnicate'/) });
  });
});

describe('npm run bench', () => {
  const bench = (...args: string[]) => spawnSync(TSX, ['bench/run.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  it('prints the usage for --help, exit 0', () => {
    const r = bench('--help');
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
  });
  it('prints one line and the usage for --only bogus, exit 2, no stack trace', () => {
    const r = bench('--only', 'bogus');
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `bench: unknown suite bogus; known: ${SUITES.join(', ')}\n${USAGE}\n`,
    });
  });
});

describe('renderTable', () => {
  it('prints the load average at start above the figures', () => {
    const out = renderTable({ put_8KB_per_s: 1000 }, {}, {}, { loadAverage: [1.5, 0.75, 0.2], cores: 2 });
    expect(out.split('\n')[0]).toBe('load average at start: 1.5, 0.75, 0.2 (1, 5, 15 min; 2 cores)');
    expect(out).toMatch(/put_8KB_per_s\s*│\s*1000/);
  });
});
