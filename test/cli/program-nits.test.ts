import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, oneLine, tempDir } from './helpers';
import { NOW, writeV2Fixture } from './v2-fixture';

let tmp: ReturnType<typeof tempDir>;
let db: string;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });

beforeAll(async () => {
  tmp = tempDir('cli-nits-');
  ({ path: db } = await writeV2Fixture(tmp.dir));
});
afterAll(() => tmp.cleanup());

describe('global options without a command', () => {
  it('say "no command given", as no arguments do', async () => {
    const none = await cli([]);
    const dbOnly = await run();
    expect({ code: dbOnly.code, stdout: dbOnly.stdout, stderr: dbOnly.stderr }).toEqual({ code: 2, stdout: '', stderr: none.stderr });
    expect(none.stderr).toBe('scratchpad-inspector: no command given (see scratchpad-inspector --help)\n');
  });
  it('say it in JSON with --json', async () => {
    const r = await run('--json');
    expect({ code: r.code, stdout: r.stdout, error: JSON.parse(r.stderr) }).toEqual({
      code: 2,
      stdout: '',
      error: { error: { code: 'USAGE', message: 'no command given (see scratchpad-inspector --help)' } },
    });
  });
  it('still name an unknown command', async () => {
    expect(oneLine((await run('frobnicate')).stderr)).toBe("scratchpad-inspector: unknown command 'frobnicate' (see scratchpad-inspector --help)");
  });
});

describe('turns', () => {
  it('refuses --limit 0 and -1 with a message that matches what it accepts', async () => {
    for (const bad of ['0', '-1', 'x']) {
      const r = await run('turns', '--limit', bad);
      expect({ code: r.code, line: oneLine(r.stderr) }).toEqual({
        code: 2,
        line: `scratchpad-inspector: option '--limit <n>' argument '${bad}' is invalid. must be an integer >= 1 (see scratchpad-inspector --help)`,
      });
    }
  });
  it('accepts --sort time and --sort size as the store names', async () => {
    expect((await run('turns', '--sort', 'time', '--json')).stdout).toBe((await run('turns', '--sort', 'lastCreated', '--json')).stdout);
    const bySize = await run('turns', '--sort', 'size', '--json');
    expect(bySize.code).toBe(0);
    expect(bySize.stdout).toBe((await run('turns', '--sort', 'totalBytes', '--json')).stdout);
  });
});

describe('help', () => {
  it.each(['read', 'turns', 'export', 'reads'])('of %s has the Default database paragraph its --db option points to', async (command) => {
    const r = await cli([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/see\s+Default\s+database\s+below/);
    expect(r.stdout).toMatch(/\nDefault database: \$METNOS_USER_DATA\/scratchpad\.db/);
  });
});
