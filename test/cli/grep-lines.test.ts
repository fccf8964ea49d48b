import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers';
import { NOW, writeV2Fixture, type FixtureRow } from './v2-fixture';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let rows: FixtureRow[];
const row = (label: string) => rows.find((r) => r.label === label) as FixtureRow;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });
const BOB_LINES = Array.from({ length: 3000 }, (_, i) => `[${i}] worker ok`);

beforeAll(async () => {
  tmp = tempDir('grep-lines-');
  ({ path: db, rows } = await writeV2Fixture(tmp.dir));
});
afterAll(() => tmp.cleanup());

describe('grep over the store', () => {
  it("prints id:line:offset: preview for the principal's rows and exits 0", async () => {
    const r = await run('--owner', 'bob', 'grep', '[2999] worker');
    const all = BOB_LINES.join('\n');
    const offset = all.indexOf('[2999] worker');
    // The preview: 30 code points each side of the match, line breaks escaped.
    const preview = all.slice(offset - 30).replace(/\n/g, '\\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${row('bob-log').id}:3000:${offset}: ${preview}\n`);
  });

  it("exits 1 when only another owner's rows would match, and never prints them", async () => {
    const r = await run('--owner', 'alice', 'grep', 'worker ok');
    expect([r.code, r.stdout]).toEqual([1, '']);
  });

  it('pages across entries up to --limit, with --json hits carrying the contract fields', async () => {
    const r = await run('--owner', 'alice', '--json', 'grep', 'soon gone', '--limit', '3');
    const out = JSON.parse(r.stdout) as { hits: { id: string; line: number; offset: number; expired: boolean }[] };
    expect(out.hits.map((h) => [h.id, h.line, h.offset, h.expired])).toEqual([0, 1, 2].map((i) => [row('expiring').id, i + 1, i * 10, false]));
  });

  it('exits 2 for an invalid regex and for --id with --turn', async () => {
    expect((await run('grep', '-E', '(')).code).toBe(2);
    expect((await run('grep', 'x', '--id', row('bob-log').id, '--turn', 't')).code).toBe(2);
  });

  it('folds case with -i', async () => {
    const r = await run('--owner', 'bob', 'grep', '-i', '[7] WORKER OK', '--id', row('bob-log').id);
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(':')[1]),
    ).toEqual(['8']);
  });
});

describe('read --lines', () => {
  it('prints lines [A, B) without terminators', async () => {
    const r = await run('--owner', 'bob', 'read', row('bob-log').id, '--lines', '2:4');
    expect([r.code, r.stdout]).toEqual([0, '[2] worker ok\n[3] worker ok\n']);
    expect((await run('--owner', 'bob', 'read', row('bob-log').id, '--lines', '2998:')).stdout).toBe('[2998] worker ok\n[2999] worker ok\n');
  });

  it('exits 2 for a malformed spec or a binary entry, 1 for a foreign entry', async () => {
    expect((await run('--owner', 'bob', 'read', row('bob-log').id, '--lines', '4:2')).code).toBe(2);
    expect((await run('--owner', 'bob', 'read', row('bob-log').id, '--lines', 'x')).code).toBe(2);
    expect((await run('--owner', 'alice', 'read', row('binary').id, '--lines', '0:1')).code).toBe(2);
    expect((await run('--owner', 'alice', 'read', row('bob-log').id, '--lines', '0:1')).code).toBe(1);
  });
});
