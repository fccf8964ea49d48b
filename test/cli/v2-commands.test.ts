import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes, formatTime } from '../../app/common/format';
import { expiryState, formatDeepLink, type EntryMeta, type GcResult, type Stats, type TurnSummary } from '../../app/contract';
import { cli, tempDir } from './helpers';
import { NOW, T0, TURN_A1, TURN_A2, TURN_B1, writeV2Fixture, type FixtureRow } from './v2-fixture';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let rows: FixtureRow[];
const row = (label: string) => rows.find((r) => r.label === label) as FixtureRow;
const sorted = <T>(xs: readonly T[]) => [...xs].sort();
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const cps = (s: string) => [...s];

function expectedMeta(r: FixtureRow): EntryMeta {
  return {
    id: r.id,
    turnId: r.turnId,
    stepNum: r.stepNum,
    executorName: r.executorName,
    kind: r.kind,
    structured: r.structured,
    sizeBytes: r.bytes.length,
    lengthCodePoints: r.text === null ? null : cps(r.text).length,
    summary: r.handle.summary,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    expiry: expiryState(r.expiresAt, NOW),
    owner: r.owner,
    actor: r.actor,
    channel: r.channel,
  };
}

function expectedTurn(turnId: string, operator: boolean): TurnSummary {
  const mine = rows.filter((r) => r.turnId === turnId);
  return {
    turnId,
    entryCount: mine.length,
    totalBytes: mine.reduce((n, r) => n + r.bytes.length, 0),
    firstCreatedAt: Math.min(...mine.map((r) => r.createdAt)),
    lastCreatedAt: Math.max(...mine.map((r) => r.createdAt)),
    earliestExpiresAt: Math.min(...mine.map((r) => r.expiresAt)),
    expiredCount: mine.filter((r) => r.expiresAt <= NOW).length,
    executors: sorted([...new Set(mine.flatMap((r) => (r.executorName === null ? [] : [r.executorName])))]),
    owners: operator ? sorted([...new Set(mine.map((r) => r.owner))]) : [],
  };
}

const normalizeTurns = (turns: TurnSummary[]) => turns.map((t) => ({ ...t, executors: sorted(t.executors), owners: sorted(t.owners) }));
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });

beforeAll(async () => {
  tmp = tempDir('cli-v2-');
  ({ path: db, rows } = await writeV2Fixture(tmp.dir));
});
afterAll(() => tmp.cleanup());

describe('turns', () => {
  it('lists every turn for the operator, most recent first, as JSON', async () => {
    const r = await run('turns', '--json');
    expect(r.code).toBe(0);
    expect(normalizeTurns(JSON.parse(r.stdout))).toEqual([TURN_B1, TURN_A2, TURN_A1].map((t) => expectedTurn(t, true)));
  });

  it("lists only the owner's turns with --owner", async () => {
    const r = await run('--owner', 'alice', 'turns', '--json');
    expect(normalizeTurns(JSON.parse(r.stdout))).toEqual([TURN_A2, TURN_A1].map((t) => expectedTurn(t, false)));
  });

  it('honours --limit', async () => {
    const r = await run('turns', '--limit', '1', '--json');
    expect(normalizeTurns(JSON.parse(r.stdout))).toEqual([expectedTurn(TURN_B1, true)]);
  });

  it('prints an aligned table with sizes and relative times, without colour off a terminal', async () => {
    const r = await run('turns');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TURN\s+ENTRIES\s+SIZE\s+EXPIRED\s+LAST ACTIVITY\s+NEXT EXPIRY\s+OWNERS\s+EXECUTORS$/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(
      new RegExp(`^${TURN_A1}\\s+3\\s+${formatBytes(expectedTurn(TURN_A1, true).totalBytes)}\\s+0\\s+10 minutes ago\\s+in 50 minutes\\s+alice\\s`),
    );
    const sizeEnds = lines.map((l, i) => (i === 0 ? l.indexOf('SIZE') + 4 : l.search(/(KiB|B)\s/) + (l.match(/(KiB|B)\s/)?.[1]?.length ?? 0)));
    expect(new Set(sizeEnds).size).toBe(1);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('colours on a terminal unless NO_COLOR is set', async () => {
    expect((await cli(['--db', db, 'turns'], { now: NOW, stdoutTTY: true })).stdout).toContain('\u001b[1mTURN');
    expect((await cli(['--db', db, 'turns'], { now: NOW, stdoutTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });
});

describe('ls', () => {
  it("prints a turn's entries ordered by step as JSON", async () => {
    const r = await run('ls', TURN_A1, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['accents', 'files', 'binary'].map((l) => expectedMeta(row(l))));
  });

  it('puts entries without a step last and shows expiry states', async () => {
    const r = await run('ls', TURN_A2, '--json');
    const metas = JSON.parse(r.stdout) as EntryMeta[];
    expect(metas).toEqual([expectedMeta(row('expired')), expectedMeta(row('expiring'))]);
    expect(metas.map((m) => m.expiry)).toEqual(['expired', 'expiring']);
  });

  it('prints a table with one line per entry', async () => {
    const r = await run('ls', TURN_A1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STEP\s+EXECUTOR\s+KIND\s+SIZE\s+EXPIRY\s+READS\s+SUMMARY$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 6))).toEqual([
      [row('accents').id.slice(0, 12), '1', 'read_files', 'text', ...formatBytes(row('accents').bytes.length).split(' ')],
      [row('files').id.slice(0, 12), '2', 'find_files', 'json', ...formatBytes(row('files').bytes.length).split(' ')],
      [row('binary').id.slice(0, 12), '3', 'get_files', 'binary', '10', 'KiB'],
    ]);
  });
});

describe('show', () => {
  it('describes an entry as JSON: metadata, full sha256, the synthetic handle, detected type', async () => {
    for (const label of ['accents', 'files', 'binary']) {
      const r = row(label);
      const out = await run('show', r.id, '--json');
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toEqual({
        meta: expectedMeta(r),
        sha256: r.sha256,
        handle: r.handle,
        detectedType: r.kind === 'binary' ? 'unknown' : null,
      });
    }
  });

  it('prints the sha256 and expiry for a human', async () => {
    const r = await run('show', row('expired').id);
    expect(r.stdout).toContain(`sha256    ${row('expired').sha256}\n`);
    expect(r.stdout).toMatch(new RegExp(`expires\\s+${formatTime(T0 + 63)} \\S+ \\(9 minutes ago\\) expired\\n`));
  });

  it("show LINK opens the link's file (said on stderr) as the principal of the flags, never the link's", async () => {
    const r = row('accents');
    const link = formatDeepLink({ db, id: r.id, offset: 3 });
    const out = await cli(['--operator', 'show', link, '--json'], { now: NOW });
    expect([out.code, out.stderr]).toEqual([0, `file: ${db} (from the link)\n`]);
    expect(JSON.parse(out.stdout).meta).toEqual(expectedMeta(r));
    // alice's entry through a link, viewed as bob: not found, exactly as `show ID` (exit 1).
    const foreign = await cli(['--owner', 'bob', 'show', link], { now: NOW });
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain(`no entry with id "${r.id}"`);
    // A well-formed id that names no row is not found (exit 1); a malformed one is a usage error (exit 2).
    const unknown = await cli(['show', formatDeepLink({ db, id: 'f'.repeat(44) })], { now: NOW });
    expect(unknown.code).toBe(1);
    const malformed = await cli(['show', formatDeepLink({ db, id: 'no-such-entry' })], { now: NOW });
    expect(malformed.code).toBe(2);
  });

  it.each([
    ['scratchpad-inspector://open?db=%2Fx.db&owner=bob', 'it never sets who views'],
    ['scratchpad-inspector://open?db=%2Fx.db', 'the link names no entry'],
  ])('show refuses the link %s (exit 2, nothing opened)', async (link, message) => {
    const out = await cli(['show', link], { now: NOW });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(message);
  });

  it('show refuses a link naming another file than --db', async () => {
    const out = await run('show', formatDeepLink({ db: '/elsewhere.db', id: row('accents').id }));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('not the --db file');
  });
});

describe('read', () => {
  const text = () => row('accents').text as string;
  const meta = (start: number, end: number, total: number, kind: 'text' | 'binary', id: string) => ({
    id,
    kind,
    unit: kind === 'text' ? 'code_points' : 'bytes',
    totalLength: total,
    start,
    end,
    returnedLength: end - start,
    truncated: false,
  });

  it('reads head, tail and range in code points as JSON', async () => {
    const all = cps(text());
    const id = row('accents').id;
    const head = JSON.parse((await run('read', id, '--head', '40', '--json')).stdout);
    expect(head).toEqual({ content: all.slice(0, 40).join(''), encoding: 'utf8', meta: meta(0, 40, all.length, 'text', id) });
    const tail = JSON.parse((await run('read', id, '--tail', '25', '--json')).stdout);
    expect(tail).toEqual({ content: all.slice(-25).join(''), encoding: 'utf8', meta: meta(all.length - 25, all.length, all.length, 'text', id) });
    const range = JSON.parse((await run('read', id, '--range', '30', '45', '--json')).stdout);
    expect(range).toEqual({ content: all.slice(30, 45).join(''), encoding: 'utf8', meta: meta(30, 45, all.length, 'text', id) });
  });

  it('prints text as text', async () => {
    const r = await run('read', row('accents').id, '--range', '3', '30');
    expect(r.stdout).toBe(cps(text()).slice(3, 30).join('') + '\n');
  });

  it('prints binary as a hex dump with offsets from the slice start', async () => {
    const r = await run('read', row('binary').id, '--range', '16', '40');
    expect(r.stdout).toBe(
      '00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  |................|\n' +
        '00000020  20 21 22 23 24 25 26 27                           | !"#$%&\'|\n',
    );
  });

  it('reads binary slices as base64 in JSON', async () => {
    const b = row('binary');
    const out = JSON.parse((await run('read', b.id, '--tail', '6', '--json')).stdout);
    expect(out).toEqual({ content: b.bytes.subarray(-6).toString('base64'), encoding: 'base64', meta: meta(10_234, 10_240, 10_240, 'binary', b.id) });
  });

  it('writes --raw bytes identical to the stored bytes (sha256 as show reports it)', async () => {
    for (const label of ['binary', 'accents', 'files']) {
      const r = row(label);
      const described = JSON.parse((await run('show', r.id, '--json')).stdout) as { sha256: string; meta: EntryMeta };
      const length = r.kind === 'binary' ? described.meta.sizeBytes : (described.meta.lengthCodePoints as number);
      const raw = await run('read', r.id, '--head', String(length), '--raw');
      expect(raw.code).toBe(0);
      expect(sha256(raw.stdoutBytes)).toBe(described.sha256);
      expect(raw.stdoutBytes.equals(r.bytes)).toBe(true);
    }
  });

  it('reads the whole value without a mode', async () => {
    const r = await run('read', row('expiring').id);
    expect(r.stdout).toBe(row('expiring').text);
  });
});

describe('stats', () => {
  it('prints counts and sizes as JSON', async () => {
    const out = JSON.parse((await run('stats', '--json')).stdout) as Stats;
    const sum = (xs: FixtureRow[]) => ({ rows: xs.length, bytes: xs.reduce((n, r) => n + r.bytes.length, 0) });
    const expired = rows.filter((r) => r.expiresAt <= NOW);
    let previous = -1;
    const buckets = out.sizeBuckets.map((b) => {
      const n = rows.filter((r) => r.bytes.length > previous && (b.upToBytes === null || r.bytes.length <= b.upToBytes)).length;
      previous = b.upToBytes ?? previous;
      return { upToBytes: b.upToBytes, rows: n };
    });
    const raw = new Database(db, { readonly: true });
    const pageSize = raw.pragma('page_size', { simple: true });
    const freePages = raw.pragma('freelist_count', { simple: true });
    raw.close();
    expect(out).toEqual({
      ...sum(rows),
      byKind: { text: sum(rows.filter((r) => r.kind === 'text')), binary: sum(rows.filter((r) => r.kind === 'binary')) },
      expiredRows: expired.length,
      expiredBytes: sum(expired).bytes,
      sizeBuckets: buckets,
      byOwner: ['alice', 'bob'].map((owner) => ({ owner, ...sum(rows.filter((r) => r.owner === owner)) })),
      fileSizeBytes: statSync(db).size,
      pageSize,
      freePages,
    });
    expect(buckets.reduce((n, b) => n + b.rows, 0)).toBe(rows.length);
  });

  it("counts only the owner's rows for a user", async () => {
    const out = JSON.parse((await run('--owner', 'bob', 'stats', '--json')).stdout) as Stats;
    expect({ rows: out.rows, bytes: out.bytes, byOwner: out.byOwner }).toEqual({ rows: 1, bytes: row('bob-log').bytes.length, byOwner: undefined });
  });

  it('prints a summary for a human', async () => {
    const r = await run('stats');
    expect(r.stdout).toMatch(/^file\s+.*v2\.db \(v2\)$/m); // opened read-only, but the file may be written
    expect(r.stdout).toMatch(new RegExp(`^total\\s+${rows.length} rows, `, 'm'));
    expect(r.stdout).toMatch(/^alice\s+5\s+/m);
  });

  it('says read-only, and why, for a file this user may not write (mode 0444, honoured for root too)', async () => {
    const copy = join(tmp.dir, 'stats-0444.db');
    copyFileSync(db, copy);
    chmodSync(copy, 0o444);
    const r = await cli(['--db', copy, 'stats'], { now: NOW });
    expect(r.stdout.split('\n')[0]).toBe(`file        ${copy} (v2, read-only: its mode 0444 grants no write permission)`);
  });
});

describe('export', () => {
  it('streams the raw content to a file and reports its sha256', async () => {
    for (const label of ['binary', 'accents']) {
      const r = row(label);
      const file = join(tmp.dir, `${label}.out`);
      const out = await run('export', r.id, file, '--json');
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toEqual({ id: r.id, path: file, bytesWritten: r.bytes.length, sha256: r.sha256 });
      expect(readFileSync(file).equals(r.bytes)).toBe(true);
    }
  });

  it('draws a progress bar only when stderr is a terminal', async () => {
    const quiet = await cli(['--db', db, 'export', row('bob-log').id, join(tmp.dir, 'quiet.out')], { now: NOW });
    expect(quiet.stderr).toBe('');
    const bar = await cli(['--db', db, 'export', row('bob-log').id, join(tmp.dir, 'bar.out')], { now: NOW, stderrTTY: true });
    expect(bar.stderr).toMatch(/\[#{30}\] 100% .* \/ .*\n$/);
  });
});

describe('gc', () => {
  it('previews, then deletes exactly the expired rows', async () => {
    const gone = row('expired');
    const expected = (dryRun: boolean): GcResult => ({
      deletedRows: 1,
      deletedBytes: gone.bytes.length,
      now: NOW,
      dryRun,
      turns: [{ turnId: TURN_A2, owner: 'alice', rows: 1, bytes: gone.bytes.length }],
    });
    const preview = await run('gc', '--dry-run', '--json');
    expect(JSON.parse(preview.stdout)).toEqual(expected(true));
    const human = (await run('gc', '--dry-run')).stdout.split('\n');
    expect(human[0]).toMatch(new RegExp(`^Would delete 1 expired row \\(${formatBytes(gone.bytes.length)}\\) in 1 turn, at ${formatTime(NOW)} \\S+$`));
    expect(human[3]).toMatch(new RegExp(`^${TURN_A2}\\s+alice\\s+1\\s+${formatBytes(gone.bytes.length)}$`));
    expect((await run('show', gone.id)).code).toBe(0);
    const done = await run('gc', '--json');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual(expected(false));
    expect((await run('show', gone.id)).code).toBe(1);
    expect(JSON.parse((await run('gc', '--dry-run', '--json')).stdout)).toEqual({ deletedRows: 0, deletedBytes: 0, now: NOW, dryRun: true, turns: [] });
  });

  it('collects as of --now', async () => {
    const later = NOW + 3600;
    const out = JSON.parse((await run('gc', '--dry-run', '--now', String(later), '--json')).stdout) as GcResult;
    const due = rows.filter((r) => r.label !== 'expired' && r.expiresAt <= later);
    expect(out.now).toBe(later);
    expect(out.deletedRows).toBe(due.length);
    expect(out.deletedBytes).toBe(due.reduce((n, r) => n + r.bytes.length, 0));
  });
});
