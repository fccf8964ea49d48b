import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryState, type EntryMeta, type Stats, type TurnSummary } from '../../app/contract';
import { cli, copyV1Fixture, tempDir, V1_EXPECTED_PATH, V1_FIXTURE } from './helpers';
import type { ExpectedRow as V1Expected } from '../fixtures/metnos-v1';

const EXPECTED = JSON.parse(readFileSync(V1_EXPECTED_PATH, 'utf8')) as Record<string, V1Expected>;
const ROWS = Object.entries(EXPECTED).map(([label, row]) => ({ label, ...row }));
/** The fixture's rows that hold an object stored as JSON (named so by the fixture). */
const STRUCTURED = new Set(['structured_files', 'structured_nolist']);
const NOW = 1_796_000_000;
const sorted = <T>(xs: readonly T[]) => [...xs].sort();

let tmp: ReturnType<typeof tempDir>;
let db: string;
let summaries: Map<string, string>;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: NOW });

function expectedMeta(r: (typeof ROWS)[number], counted: boolean): EntryMeta {
  return {
    id: r.id,
    turnId: r.turn_id,
    stepNum: r.step_num,
    executorName: r.executor_name,
    kind: r.kind,
    structured: STRUCTURED.has(r.label),
    sizeBytes: r.size_bytes,
    lengthCodePoints: counted && r.kind === 'text' ? (r.length_code_points as number) : null,
    summary: summaries.get(r.id) as string,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    expiry: expiryState(r.expires_at, NOW),
    owner: null,
    actor: null,
    channel: null,
  };
}

beforeAll(() => {
  tmp = tempDir('cli-v1-');
  db = copyV1Fixture(tmp.dir);
  const raw = new Database(V1_FIXTURE, { readonly: true, fileMustExist: true });
  summaries = new Map((raw.prepare('SELECT id, summary FROM entries').all() as { id: string; summary: string }[]).map((r) => [r.id, r.summary]));
  raw.close();
});
afterAll(() => tmp.cleanup());

describe('metnos-v1 file', () => {
  it('turns: both turns with counts, sizes, times and executors', async () => {
    const r = await run('turns', '--json');
    expect(r.code).toBe(0);
    const turns = (JSON.parse(r.stdout) as TurnSummary[]).map((t) => ({ ...t, executors: sorted(t.executors) }));
    const expected = [...new Set(ROWS.map((x) => x.turn_id))].map((turnId): TurnSummary => {
      const mine = ROWS.filter((x) => x.turn_id === turnId);
      return {
        turnId,
        entryCount: mine.length,
        totalBytes: mine.reduce((n, x) => n + x.size_bytes, 0),
        firstCreatedAt: Math.min(...mine.map((x) => x.created_at)),
        lastCreatedAt: Math.max(...mine.map((x) => x.created_at)),
        earliestExpiresAt: Math.min(...mine.map((x) => x.expires_at)),
        expiredCount: mine.filter((x) => x.expires_at <= NOW).length,
        executors: sorted([...new Set(mine.map((x) => x.executor_name))]),
        owners: [],
      };
    });
    expect(turns.sort((a, b) => a.turnId.localeCompare(b.turnId))).toEqual(expected.sort((a, b) => a.turnId.localeCompare(b.turnId)));
  });

  it('ls: a turn ordered by step', async () => {
    for (const turnId of ['c0ffee00c0ffee00', 'deadbeef00000001']) {
      const r = await run('ls', turnId, '--json');
      const mine = ROWS.filter((x) => x.turn_id === turnId).sort((a, b) => a.step_num - b.step_num);
      expect(JSON.parse(r.stdout)).toEqual(mine.map((x) => expectedMeta(x, false)));
    }
  });

  it('show: metadata, sha256, no stored handle, detected type of binary rows', async () => {
    for (const x of ROWS) {
      const r = await run('show', x.id, '--json');
      expect(r.code, x.label).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        meta: expectedMeta(x, true),
        sha256: x.sha256,
        handle: null,
        detectedType: x.kind === 'binary' ? 'unknown' : null,
      });
    }
  });

  it('read: head, tail and range of text in code points', async () => {
    for (const x of ROWS.filter((y) => y.kind === 'text')) {
      const total = x.length_code_points as number;
      const slice = async (args: string[]) =>
        JSON.parse((await run('read', x.id, ...args, '--json')).stdout) as { content: string; meta: { start: number; end: number; totalLength: number } };
      const head = await slice(['--head', '12']);
      expect({ content: head.content, start: head.meta.start, end: head.meta.end, total: head.meta.totalLength }).toEqual({
        content: x.head_12,
        start: 0,
        end: 12,
        total,
      });
      expect((await slice(['--tail', '12'])).content).toBe(x.tail_12);
      expect((await slice(['--range', '3', '15'])).content).toBe(x.range_3_15);
      expect((await run('read', x.id, '--range', '3', '15')).stdout).toBe(`${x.range_3_15 ?? ''}${x.range_3_15?.endsWith('\n') ? '' : '\n'}`);
    }
  });

  it('read: binary head and tail as base64, and --raw bytes identical to the stored bytes', async () => {
    const bin = EXPECTED.binary_blob as V1Expected;
    expect(JSON.parse((await run('read', bin.id, '--head', '6', '--json')).stdout)).toEqual({
      content: bin.head_6_base64,
      encoding: 'base64',
      meta: { id: bin.id, kind: 'binary', unit: 'bytes', totalLength: bin.size_bytes, start: 0, end: 6, returnedLength: 6, truncated: false },
    });
    expect(JSON.parse((await run('read', bin.id, '--tail', '6', '--json')).stdout).content).toBe(bin.tail_6_base64);
    for (const x of ROWS) {
      const length = x.kind === 'binary' ? x.size_bytes : (x.length_code_points as number);
      const raw = await run('read', x.id, '--range', '0', String(length), '--raw');
      expect(createHash('sha256').update(raw.stdoutBytes).digest('hex'), x.label).toBe(x.sha256);
    }
  });

  it('stats: rows, bytes, kinds, expired rows and file figures', async () => {
    const out = JSON.parse((await run('stats', '--json')).stdout) as Stats;
    const sum = (xs: typeof ROWS) => ({ rows: xs.length, bytes: xs.reduce((n, x) => n + x.size_bytes, 0) });
    const expired = ROWS.filter((x) => x.expires_at <= NOW);
    const raw = new Database(db, { readonly: true });
    const pageSize = raw.pragma('page_size', { simple: true });
    const freePages = raw.pragma('freelist_count', { simple: true });
    raw.close();
    let previous = -1;
    const buckets = out.sizeBuckets.map((b) => {
      const rows = ROWS.filter((x) => x.size_bytes > previous && (b.upToBytes === null || x.size_bytes <= b.upToBytes)).length;
      previous = b.upToBytes ?? previous;
      return { upToBytes: b.upToBytes, rows };
    });
    expect(out).toEqual({
      ...sum(ROWS),
      byKind: { text: sum(ROWS.filter((x) => x.kind === 'text')), binary: sum(ROWS.filter((x) => x.kind === 'binary')) },
      expiredRows: expired.length,
      expiredBytes: sum(expired).bytes,
      sizeBuckets: buckets,
      byOwner: [{ owner: null, ...sum(ROWS) }],
      fileSizeBytes: statSync(db).size,
      pageSize,
      freePages,
    });
  });

  it('export: streams a row to a file byte for byte', async () => {
    const x = EXPECTED.structured_nolist as V1Expected;
    const file = join(tmp.dir, 'nolist.json');
    const r = await run('export', x.id, file, '--json');
    expect(JSON.parse(r.stdout)).toEqual({ id: x.id, path: file, bytesWritten: x.size_bytes, sha256: x.sha256 });
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(x.sha256);
  });

  it('gc: previews then deletes the expired row only, in a copy', async () => {
    const gone = EXPECTED.expired_text as V1Expected;
    const copy = copyV1Fixture(tmp.dir, 'gc.db');
    const gc = (...args: string[]) => cli(['--db', copy, 'gc', '--json', ...args], { now: NOW });
    const result = (dryRun: boolean) => ({
      deletedRows: 1,
      deletedBytes: gone.size_bytes,
      now: NOW,
      dryRun,
      turns: [{ turnId: gone.turn_id, owner: null, rows: 1, bytes: gone.size_bytes }],
    });
    expect(JSON.parse((await gc('--dry-run')).stdout)).toEqual(result(true));
    expect(JSON.parse((await gc()).stdout)).toEqual(result(false));
    expect((await cli(['--db', copy, 'show', gone.id], { now: NOW })).code).toBe(1);
    expect(JSON.parse((await cli(['--db', copy, 'ls', gone.turn_id, '--json'], { now: NOW })).stdout)).toHaveLength(2);
  });

  it('shows nothing to a user: v1 rows have no owner, and always says so (also to a pipe)', async () => {
    const note = 'note: the rows of a Metnos v1 file have no owner, so a user sees none of them; only the operator view shows them (--operator)\n';
    const json = await run('--owner', 'alice', 'turns', '--json');
    expect([JSON.parse(json.stdout), json.stderr]).toEqual([[], note]);
    const text = await run('--owner', 'alice', 'turns');
    expect([text.code, text.stdout, text.stderr]).toEqual([
      0,
      'No turns: the rows of a Metnos v1 file have no owner, so a user sees none of them; only the operator view shows them (--operator).\n',
      note,
    ]);
    const show = await run('--owner', 'alice', 'show', (EXPECTED.text_log as V1Expected).id);
    expect([show.code, show.stderr.startsWith(note)]).toEqual([1, true]);
    // The operator gets no note.
    expect((await run('--operator', 'turns')).stderr).toBe('');
  });

  it('never changes the file on reads', async () => {
    const before = readFileSync(db);
    await run('turns');
    await run('show', (EXPECTED.text_accents as V1Expected).id);
    await run('gc', '--dry-run');
    expect(readFileSync(db).equals(before)).toBe(true);
  });
});
