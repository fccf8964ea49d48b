import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, copyV1Fixture, oneLine, tempDir } from './helpers';
import { fixtureExpected } from '../fixtures/metnos-v1';

// What a newcomer ran against a copy of the original runtime's file and found wrong (session s12).

const EXPECTED = fixtureExpected();
const NOW = 1_796_000_000;
const accents = EXPECTED.text_accents?.id as string;

let tmp: ReturnType<typeof tempDir>;
let db: string;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });

beforeAll(() => {
  tmp = tempDir('cli-v1-newcomer-');
  db = copyV1Fixture(tmp.dir);
});
afterAll(() => tmp.cleanup());

describe('gc --now', () => {
  it('refuses a time past the last date a clock can show, before deleting anything', async () => {
    const copy = copyV1Fixture(tmp.dir, 'gc-far.db');
    const before = readFileSync(copy);
    const r = await cli(['--db', copy, 'gc', '--now', '1e20'], { now: NOW });
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
    expect(oneLine(r.stderr)).toMatch(/--now.*'1e20'.*at most 8640000000000/);
    expect(readFileSync(copy).equals(before)).toBe(true);
  });

  it('still collects as of the last representable time', async () => {
    const copy = copyV1Fixture(tmp.dir, 'gc-last.db');
    const r = await cli(['--db', copy, 'gc', '--dry-run', '--now', '8640000000000', '--json'], { now: NOW });
    expect([r.code, (JSON.parse(r.stdout) as { deletedRows: number }).deletedRows]).toEqual([0, 6]);
  });
});

describe('grep --id', () => {
  it('takes an id prefix and upper-case hex, as show and read do', async () => {
    const full = await run('grep', 'façade', '--id', accents, '--limit', '1');
    expect(full.code).toBe(0);
    expect(await run('grep', 'façade', '--id', accents.slice(0, 8), '--limit', '1')).toEqual(full);
    expect(await run('grep', 'façade', '--id', accents.toUpperCase(), '--limit', '1')).toEqual(full);
  });

  it('refuses a malformed id as a usage error, with the message show gives', async () => {
    const grep = await run('grep', 'x', '--id', 'zz');
    const show = await run('show', 'zz');
    expect([grep.code, grep.stdout, grep.stderr]).toEqual([2, '', show.stderr]);
  });
});

describe('grep --limit', () => {
  it('says the same for 0 and -1: an integer >= 1', async () => {
    for (const bad of ['0', '-1']) {
      const r = await run('grep', 'x', '--limit', bad);
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
      expect(oneLine(r.stderr)).toMatch(new RegExp(`--limit.*'${bad}'.*must be an integer >= 1`));
    }
  });
});

describe('grep with an empty pattern', () => {
  it('is a usage error naming PATTERN, not a schema message', async () => {
    const r = await run('grep', '');
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', 'scratchpad-inspector: PATTERN is empty: give the text (or regex, or hex digits) to search for\n']);
  });
});

describe('read --lines past the end', () => {
  const log = EXPECTED.text_log?.id as string; // 800 lines, each ending with a newline

  it('says so on stderr as --range does, and prints what exists', async () => {
    const r = await run('read', log, '--lines', '799:900');
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      '[00799] worker started job 2397\n',
      'note: --lines 799:900 reaches past the end (800 lines); printed [799, 800)\n',
    ]);
    const after = await run('read', log, '--lines', '900:');
    expect([after.code, after.stdout, after.stderr]).toEqual([0, '', 'note: --lines 900: reaches past the end (800 lines); printed [800, 800)\n']);
  });

  it('says nothing when the span ends at or before the last line', async () => {
    for (const spec of ['0:800', '799:', '800:']) expect((await run('read', log, '--lines', spec)).stderr).toBe('');
  });
});

describe('--busy-timeout', () => {
  it('refuses more than SQLite takes as a usage error, before opening the file', async () => {
    const r = await run('--busy-timeout', '4294967296', 'turns');
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
    expect(oneLine(r.stderr)).toBe(
      "scratchpad-inspector: option '--busy-timeout <ms>' argument '4294967296' is invalid. must be an integer from 0 to 2147483647 (see scratchpad-inspector --help)",
    );
    expect((await run('--busy-timeout', '2147483647', 'turns')).code).toBe(0);
  });
});

describe('a count past the largest safe integer', () => {
  it('is refused with a message that says what is accepted', async () => {
    const huge = '99999999999999999999';
    const head = await run('read', accents, '--head', huge);
    expect([head.code, oneLine(head.stderr)]).toEqual([
      2,
      `scratchpad-inspector: option '--head <n>' argument '${huge}' is invalid. must be an integer from 0 to 9007199254740991 (see scratchpad-inspector --help)`,
    ]);
    const range = await run('read', accents, '--range', '0', huge);
    expect([range.code, oneLine(range.stderr)]).toEqual([2, `scratchpad-inspector: --range END '${huge}' must be an integer from 0 to 9007199254740991`]);
    const limit = await run('turns', '--limit', huge);
    expect(oneLine(limit.stderr)).toBe(
      `scratchpad-inspector: option '--limit <n>' argument '${huge}' is invalid. must be an integer from 1 to 9007199254740991 (see scratchpad-inspector --help)`,
    );
  });
});

describe('grep --turn', () => {
  it('says a missing turn is not found, as ls does (exit 1 either way)', async () => {
    const grep = await run('grep', 'x', '--turn', '0000000000000000');
    const ls = await run('ls', '0000000000000000');
    expect([grep.code, grep.stdout, grep.stderr]).toEqual([1, '', ls.stderr]);
    expect(ls.stderr).toBe('scratchpad-inspector: turn 0000000000000000 not found\n');
  });
});
