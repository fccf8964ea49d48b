import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { operator, tempDir } from './helpers';
import { copyFixture, FIXTURE_EXPECTED, fingerprint } from './metnos-v1/v1-files';
import type { ExpectedRow } from '../fixtures/metnos-v1';

const expected = JSON.parse(readFileSync(FIXTURE_EXPECTED, 'utf8')) as Record<string, ExpectedRow>;
const rows = Object.entries(expected);
const NOW = 1_767_225_600; // the fixture's creation time: one row is already expired, the others live
let tmp: ReturnType<typeof tempDir>;
let file: string;
let sp: Scratchpad;

beforeAll(async () => {
  tmp = tempDir('metnos-v1-fixture-');
  file = copyFixture(tmp.file('scratchpad.db'));
  sp = await openScratchpad(file, { clock: () => NOW });
});
afterAll(async () => {
  await sp.close();
  tmp.cleanup();
});

describe('openScratchpad on the original runtime sample', () => {
  it('detects the metnos-v1 format', () => {
    expect(sp.format).toBe('metnos-v1');
    expect(sp.readonly).toBe(false);
  });
});

describe('listForTurn', () => {
  it('lists every expected row of each turn, by step, with its metadata', async () => {
    const turnIds = [...new Set(rows.map(([, r]) => r.turn_id))];
    for (const turnId of turnIds) {
      const want = rows
        .map(([, r]) => r)
        .filter((r) => r.turn_id === turnId)
        .sort((a, b) => a.step_num - b.step_num);
      const got = await sp.listForTurn(operator, turnId);
      expect(
        got.map((m) => ({
          id: m.id,
          turnId: m.turnId,
          stepNum: m.stepNum,
          executorName: m.executorName,
          kind: m.kind,
          sizeBytes: m.sizeBytes,
          createdAt: m.createdAt,
          expiresAt: m.expiresAt,
        })),
      ).toEqual(
        want.map((r) => ({
          id: r.id,
          turnId: r.turn_id,
          stepNum: r.step_num,
          executorName: r.executor_name,
          kind: r.kind,
          sizeBytes: r.size_bytes,
          createdAt: r.created_at,
          expiresAt: r.expires_at,
        })),
      );
      for (const m of got) expect(m).toMatchObject({ owner: null, actor: null, channel: null, lengthCodePoints: null });
    }
  });

  it('marks the expired row expired and the others live', async () => {
    const all = [...(await sp.listForTurn(operator, 'c0ffee00c0ffee00')), ...(await sp.listForTurn(operator, 'deadbeef00000001'))];
    const states = Object.fromEntries(all.map((m) => [m.id, m.expiry]));
    for (const [, r] of rows) expect(states[r.id]).toBe(r.expires_at <= NOW ? 'expired' : 'live');
    expect(states[expected.expired_text!.id]).toBe('expired');
  });

  it('flags the rows written from objects as structured, from their summaries', async () => {
    const all = [...(await sp.listForTurn(operator, 'c0ffee00c0ffee00')), ...(await sp.listForTurn(operator, 'deadbeef00000001'))];
    const structured = all
      .filter((m) => m.structured)
      .map((m) => m.id)
      .sort();
    expect(structured).toEqual([expected.structured_files!.id, expected.structured_nolist!.id].sort());
  });
});

describe.each(rows)('%s', (_name, r) => {
  it('describes with the full sha256, size and code-point length', async () => {
    const d = await sp.describe(operator, r.id);
    expect(d.sha256).toBe(r.sha256);
    expect(d.meta).toMatchObject({ id: r.id, turnId: r.turn_id, stepNum: r.step_num, executorName: r.executor_name, kind: r.kind, sizeBytes: r.size_bytes });
    expect(d.meta.lengthCodePoints).toBe(r.kind === 'text' ? r.length_code_points : null);
    expect(d.handle).toBeNull();
    expect(d.detectedType).toBe(r.kind === 'binary' ? 'unknown' : null);
  });

  if (r.kind === 'text') {
    it('reads head 12, tail 12 and range [3, 15) in code points', async () => {
      const head = await sp.read(operator, r.id, { mode: 'head', n: 12 });
      expect(head.content).toBe(r.head_12);
      expect(head.meta).toEqual({
        id: r.id,
        kind: 'text',
        unit: 'code_points',
        totalLength: r.length_code_points,
        start: 0,
        end: 12,
        returnedLength: 12,
        truncated: false,
      });
      const tail = await sp.read(operator, r.id, { mode: 'tail', n: 12 });
      expect(tail.content).toBe(r.tail_12);
      expect(tail.meta).toMatchObject({ start: r.length_code_points! - 12, end: r.length_code_points });
      expect((await sp.read(operator, r.id, { mode: 'range', start: 3, end: 15 })).content).toBe(r.range_3_15);
    });
  } else {
    it('reads head 6 and tail 6 bytes as base64', async () => {
      const head = await sp.read(operator, r.id, { mode: 'head', n: 6 });
      expect(head).toEqual({
        content: r.head_6_base64,
        encoding: 'base64',
        meta: { id: r.id, kind: 'binary', unit: 'bytes', totalLength: r.size_bytes, start: 0, end: 6, returnedLength: 6, truncated: false },
      });
      expect((await sp.read(operator, r.id, { mode: 'tail', n: 6 })).content).toBe(r.tail_6_base64);
    });
  }
});

describe('the file after reading', () => {
  it('keeps the same bytes and mtime after listing, reading, describing, exporting and stats', async () => {
    const before = fingerprint(file);
    await sp.listTurns(operator);
    for (const [, r] of rows) {
      await sp.listForTurn(operator, r.turn_id);
      await sp.describe(operator, r.id);
      await sp.read(operator, r.id, { mode: 'range', start: 1, end: 5000 });
      await sp.get(operator, r.id);
      for await (const chunk of await sp.iterateContent(operator, r.id, 4096)) expect(chunk.length).toBeLessThanOrEqual(4096);
    }
    await sp.stats(operator);
    await sp.gc(operator, { dryRun: true });
    expect(fingerprint(file)).toEqual(before);
  });
});
