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
  const row = (id: string, step: unknown, kind: string, expiresAt: unknown) =>
    insert.run(id, 't', step, 'x', kind, Buffer.from('abc'), 3, 's', NOW - 60, expiresAt);
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

describe('Metnos v1 rows whose id or turn id is NULL, a BLOB or empty', () => {
  function keyFile(): string {
    const path = join(mkdtempSync(join(tmpdir(), 'v1-keys-')), 'scratchpad.db');
    const db = new Database(path);
    db.exec(V1_DDL.replace(/ NOT NULL/g, ''));
    const insert = db.prepare('INSERT INTO entries VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)');
    const row = (id: unknown, turn: unknown, text: string) => insert.run(id, turn, 'x', 'text', Buffer.from(text), text.length, text, NOW - 60, NOW + 60);
    row(null, 't', 'null id'); // rowid 1
    row(Buffer.from([0xca, 0xfe]), 't', 'blob id'); // rowid 2
    row('', 't', 'empty id'); // rowid 3
    row('rowid:1', 't', 'a text id that reads like a key'); // rowid 4
    row('b000000000000001', null, 'null turn');
    row('b000000000000002', Buffer.from([0x01, 0xab]), 'blob turn');
    row('b000000000000003', '', 'empty turn');
    row('b000000000000004', '(no turn id)', 'a text turn id that reads like a key');
    db.close();
    return path;
  }

  it('lists them under keys a request can carry, and opens each by its key', async () => {
    const sp = await openScratchpad(keyFile(), { readonly: true, clock: () => NOW });
    try {
      expect((await sp.listTurns(OPERATOR)).turns.map((t) => [t.turnId, t.entryCount]).sort()).toEqual([
        ['(empty turn id)', 1],
        ['(no turn id)', 1],
        ['t', 4],
        ['text:(no turn id)', 1],
        ["x'01ab'", 1],
      ]);
      const entries = await sp.listForTurn(OPERATOR, 't');
      expect(entries.map((e) => e.id).sort()).toEqual(['rowid:1', 'rowid:2', 'rowid:3', 'rowid:4'].sort());
      // A stored id that reads like a key is shown by its rowid too, so keys never collide.
      const byKey = async (id: string) => (await sp.read(OPERATOR, id, { mode: 'full' })).content;
      expect(await Promise.all(['rowid:1', 'rowid:2', 'rowid:3', 'rowid:4'].map(byKey))).toEqual([
        'null id',
        'blob id',
        'empty id',
        'a text id that reads like a key',
      ]);
      expect((await sp.listForTurn(OPERATOR, 'text:(no turn id)')).map((e) => e.id)).toEqual(['b000000000000004']);
      for (const [turn, text] of [
        ['(no turn id)', 'null turn'],
        ["x'01ab'", 'blob turn'],
        ['(empty turn id)', 'empty turn'],
      ] as const) {
        const [entry] = await sp.listForTurn(OPERATOR, turn);
        expect([entry?.turnId, (await sp.describe(OPERATOR, entry!.id)).meta.turnId, await byKey(entry!.id)]).toEqual([turn, turn, text]);
      }
      expect((await sp.gc(OPERATOR, { dryRun: true, now: NOW + 120 })).turns.map((t) => t.turnId).sort()).toEqual([
        '(empty turn id)',
        '(no turn id)',
        't',
        'text:(no turn id)',
        "x'01ab'",
      ]);
    } finally {
      await sp.close();
    }
  });
});
