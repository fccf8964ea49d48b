import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { V1_DDL } from './metnos-v1/v1-files';

const OPERATOR = { kind: 'operator' } as const;
const NOW = 1_800_000_000;

function oddFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'v1-odd-')), 'scratchpad.db');
  const db = new Database(path);
  db.exec(V1_DDL);
  const insert = db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const row = (id: string, step: unknown, kind: string, expiresAt: unknown) => insert.run(id, 't', step, 'x', kind, Buffer.from('abc'), 3, 's', NOW - 60, expiresAt);
  row('a000000000000001', 1, 'text', Infinity);
  row('a000000000000002', 2n ** 53n + 1n, 'text', -Infinity);
  row('a000000000000003', 2.5, 'text', 'never');
  row('a000000000000004', 'four', 'TEXT', NOW + 3600);
  db.close();
  return path;
}

describe('Metnos v1 rows with odd values', () => {
  it('shows infinite and TEXT expiries as gc and stats treat them, steps verbatim, non-"text" kinds as binary', async () => {
    const sp = await openScratchpad(oddFile(), { readonly: true, clock: () => NOW });
    try {
      const entries = await sp.listForTurn(OPERATOR, 't');
      expect(entries.map((e) => [e.id, e.stepNum, e.kind, e.expiresAt, e.expiry])).toEqual([
        ['a000000000000001', 1, 'text', null, 'live'],
        ['a000000000000003', '2.5', 'text', null, 'live'],
        ['a000000000000002', '9007199254740993', 'text', null, 'expired'],
        ['a000000000000004', 'four', 'binary', NOW + 3600, 'live'],
      ]);
      const [turn] = (await sp.listTurns(OPERATOR)).turns;
      expect([turn!.earliestExpiresAt, turn!.expiredCount]).toEqual([null, 1]);
      const stats = await sp.stats(OPERATOR);
      expect([stats.expiredRows, stats.byKind.binary.rows]).toEqual([1, 1]);
      expect((await sp.gc(OPERATOR, { dryRun: true })).deletedRows).toBe(1);
    } finally {
      await sp.close();
    }
  });
});
