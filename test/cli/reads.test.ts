import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctPrefixes, LS_MAX_WIDTH } from '../../app/cli/commands/ls';
import { formatTime } from '../../app/common/format';
import type { ReadLogEntry } from '../../app/contract';
import { writeDemoDatabase } from '../../app/demo';
import { openScratchpad } from '../../app/scratchpad';
import { cli, copyV1Fixture, oneLine, tempDir } from './helpers';

const T0 = 1_767_225_600;
const TURN = 'c0c0c0c0c0c0c0c0';
const alice = { kind: 'user', userId: 'alice' } as const;
const TEXT = 'x'.repeat(1000);
const BYTES = Buffer.alloc(400, 7);

let tmp: ReturnType<typeof tempDir>;
let db: string;
let textId: string;
let binId: string;
const run = (...argv: string[]) => cli(['--db', db, ...argv], { now: T0 + 100 });

beforeAll(async () => {
  tmp = tempDir('cli-reads-');
  db = join(tmp.dir, 'reads.db');
  let clock = T0;
  const store = await openScratchpad(db, { clock: () => clock });
  try {
    textId = (await store.put(alice, { turnId: TURN, stepNum: 1, executorName: 'read_files', observation: { content: TEXT } })).scratchpad_id;
    binId = (await store.put(alice, { turnId: TURN, stepNum: 2, executorName: 'get_files', observation: { content: BYTES } })).scratchpad_id;
    await store.put({ kind: 'user', userId: 'bob' }, { turnId: 'b0b0b0b0b0b0b0b0', stepNum: 1, executorName: 'x', observation: { content: 'bob' } });
    clock = T0 + 10;
    await store.recordRead(alice, { entryId: textId, mode: 'head', start: 0, end: 100, truncated: false, at: T0 + 10 });
    await store.recordRead(alice, { entryId: textId, mode: 'range', start: 50, end: 250, truncated: false, at: T0 + 20 });
    await store.recordRead(alice, { entryId: binId, mode: 'tail', start: 300, end: 400, truncated: true, at: T0 + 30 });
  } finally {
    await store.close();
  }
});
afterAll(() => tmp.cleanup());

const log = (
  entryId: string,
  mode: ReadLogEntry['mode'],
  unit: ReadLogEntry['unit'],
  start: number,
  end: number,
  truncated: boolean,
  at: number,
): ReadLogEntry => ({
  entryId,
  turnId: TURN,
  principal: 'alice',
  mode,
  unit,
  start,
  end,
  truncated,
  at,
});

describe('reads', () => {
  it('lists the reads of one entry and its coverage as JSON', async () => {
    const r = await run('--owner', 'alice', 'reads', textId, '--json');
    expect(JSON.parse(r.stdout)).toEqual({
      reads: [log(textId, 'head', 'code_points', 0, 100, false, T0 + 10), log(textId, 'range', 'code_points', 50, 250, false, T0 + 20)],
      coverage: [{ entryId: textId, unit: 'code_points', totalLength: 1000, coveredLength: 250, percent: 25, reads: 2 }],
    });
  });

  it("lists a turn's reads and every entry's coverage as JSON", async () => {
    const r = await run('reads', '--turn', TURN, '--json');
    const out = JSON.parse(r.stdout) as { reads: ReadLogEntry[]; coverage: unknown[] };
    expect(out.reads).toEqual([
      log(textId, 'head', 'code_points', 0, 100, false, T0 + 10),
      log(textId, 'range', 'code_points', 50, 250, false, T0 + 20),
      log(binId, 'tail', 'bytes', 300, 400, true, T0 + 30),
    ]);
    expect(out.coverage).toEqual([
      { entryId: textId, unit: 'code_points', totalLength: 1000, coveredLength: 250, percent: 25, reads: 2 },
      { entryId: binId, unit: 'bytes', totalLength: 400, coveredLength: 100, percent: 25, reads: 1 },
    ]);
  });

  it('prints a table: time, entry, mode, range, unit, truncated, who, then the coverage', async () => {
    const r = await run('reads', '--turn', TURN);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^TIME\s+ENTRY\s+MODE\s+RANGE\s+UNIT\s+TRUNCATED\s+WHO$/);
    // The app's time format (common/format.ts, tested there) and the zone's name, then the relative time.
    expect(lines[3]?.split(/\s{2,}/)).toEqual([
      expect.stringMatching(new RegExp(`^${formatTime(T0 + 30)} \\S+ \\(1 minute ago\\)$`)),
      binId,
      'tail',
      '[300, 400)',
      'bytes',
      'yes',
      'alice',
    ]);
    expect(r.stdout).toMatch(new RegExp(`${textId}\\s+25%\\s+250 of 1000 code points\\s+2\\n`));
  });

  it("treats another owner's entry and turn as missing", async () => {
    expect((await run('--owner', 'bob', 'reads', textId)).code).toBe(1);
    expect((await run('--owner', 'bob', 'reads', '--turn', TURN)).code).toBe(1);
  });

  it('gives Metnos v1 entries (no read log, length not stored) their real length and no reads', async () => {
    const v1 = copyV1Fixture(tmp.dir);
    const out = JSON.parse((await cli(['--db', v1, 'reads', '--turn', 'c0ffee00c0ffee00', '--json'])).stdout) as {
      reads: unknown[];
      coverage: { entryId: string; totalLength: number; reads: number }[];
    };
    expect(out.reads).toEqual([]);
    expect(out.coverage.length).toBeGreaterThan(0);
    for (const c of out.coverage) {
      const read = JSON.parse((await cli(['--db', v1, 'read', c.entryId, '--range', '0', '0', '--json'])).stdout) as { meta: { totalLength: number } };
      expect({ total: c.totalLength, reads: c.reads }).toEqual({ total: read.meta.totalLength, reads: 0 });
      expect(c.totalLength).toBeGreaterThan(0);
    }
  });

  it('wants exactly one of an id and --turn', async () => {
    const r = await run('reads');
    expect({ code: r.code, line: oneLine(r.stderr) }).toEqual({ code: 2, line: 'scratchpad-inspector: give an entry id or --turn TURN_ID (one of them)' });
  });
});

describe('ls READS column', () => {
  it('counts the reads of each entry and their coverage', async () => {
    const r = await run('ls', TURN);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STEP\s+EXECUTOR\s+KIND\s+SIZE\s+EXPIRY\s+READS\s+SUMMARY$/);
    expect(lines[1]).toMatch(/\s2 · 25%\s/);
    expect(lines[2]).toMatch(/\s1 · 25%\s/);
  });

  it(`keeps every line of the demo database's turns within ${LS_MAX_WIDTH} columns, on a pipe and a wide terminal`, async () => {
    const demo = join(tmp.dir, 'demo.db');
    const written = await writeDemoDatabase(demo, { now: T0, largeLogBytes: 64 * 1024 });
    for (const turnId of new Set(written.entries.map((e) => e.turnId))) {
      for (const stdoutTTY of [false, true]) {
        const r = await cli(['--db', demo, 'ls', turnId], { now: T0, stdoutTTY, env: { NO_COLOR: '1' } });
        expect(Math.max(...r.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(LS_MAX_WIDTH);
      }
    }
  });
});

describe('distinctPrefixes', () => {
  it('cuts ids to 12 characters, longer where two would look the same', () => {
    expect(distinctPrefixes(['aaaaaaaaaaaa11', 'aaaaaaaaaaaa12', 'bbbbbbbbbbbbbbbb'])).toEqual(['aaaaaaaaaaaa11', 'aaaaaaaaaaaa12', 'bbbbbbbbbbbb']);
  });
});
