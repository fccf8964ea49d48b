import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad, openScratchpadWithLayout } from '../../app/scratchpad/open';
import { resolveOptions } from '../../app/scratchpad/options';
import type { Scratchpad } from '../../app/scratchpad';
import { DEFAULT_CHUNK_LAYOUT } from '../../app/scratchpad/core/chunk-layout';
import { StoreContext } from '../../app/scratchpad/v2/context';
import { fakeClock, tempDir, user } from './helpers';

/*
 * A search reads content through a second connection of the v2 file: read-only and memory-mapped
 * (connection.ts). Every other read stays on the main connection, and what a search finds is what the file holds
 * now (writes of the main connection included).
 */
const alice = user('alice');
let tmp: ReturnType<typeof tempDir>;
let sp: Scratchpad;
let clock: ReturnType<typeof fakeClock>;

/** Lines of /proc/self/maps that map `file` (the kernel's list of this process's mappings). */
const mappingsOf = (file: string): string[] =>
  readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .filter((l) => l.endsWith(file));
const linux = existsSync('/proc/self/maps');

beforeEach(async () => {
  tmp = tempDir();
  clock = fakeClock();
  sp = await openScratchpadWithLayout(tmp.file(), { clock: clock.now }, { textChunkCodePoints: 64, binaryChunkBytes: 64 });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

describe('v2 search connection', () => {
  it.runIf(linux)('maps the file only once a search ran, not for reads, and unmaps it on close', async () => {
    const text = 'row one città\n'.repeat(200);
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text })).scratchpad_id;
    expect((await sp.read(alice, id, { mode: 'range', start: 1000, end: 1010 })).content).toBe([...text].slice(1000, 1010).join(''));
    expect(mappingsOf(tmp.file())).toEqual([]);
    // Into the file itself (SQLite reads a page still in the WAL from there, mapped or not).
    const other = new Database(tmp.file());
    other.pragma('wal_checkpoint(TRUNCATE)');
    other.close();
    const r = await sp.search(alice, { pattern: 'città', id, limit: 1000 });
    expect(r.hits).toHaveLength(200);
    expect(mappingsOf(tmp.file()).length).toBeGreaterThan(0);
    await sp.close();
    expect(mappingsOf(tmp.file())).toEqual([]);
    sp = await openScratchpad(tmp.file(), { clock: clock.now });
  });

  it('finds what was written after its connection was opened, and not what gc removed', async () => {
    const first = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: 'x '.repeat(100) + 'needle', ttlSeconds: 10 }))
      .scratchpad_id;
    expect((await sp.search(alice, { pattern: 'needle' })).hits.map((h) => h.id)).toEqual([first]);
    clock.advance(20);
    expect((await sp.gc(alice)).deletedRows).toBe(1);
    // A new row may reuse the removed row's number, so its chunk keys: the search must read the new bytes.
    const second = (await sp.put(alice, { turnId: 't', stepNum: 2, executorName: null, observation: 'y '.repeat(150) + 'needle' })).scratchpad_id;
    const r = await sp.search(alice, { pattern: 'needle' });
    expect(r.hits.map((h) => [h.id, h.offset])).toEqual([[second, 300]]);
    expect(r.hits[0]!.preview.text).toBe('y '.repeat(15) + 'needle');
  });
});

describe('StoreContext.scanStmt', () => {
  it('uses the main connection when the scan connection cannot be opened, and inside a transaction', () => {
    const file = tmp.file('ctx.db');
    const db = new Database(file);
    const scan = new Database(file, { readonly: true });
    try {
      let opens = 0;
      const failing = new StoreContext(db, file, resolveOptions(), DEFAULT_CHUNK_LAYOUT, null, () => {
        opens++;
        throw new Error('too many open files');
      });
      expect(failing.scanStmt('SELECT 1').database).toBe(db);
      expect(failing.scanStmt('SELECT 2').database).toBe(db);
      expect(opens).toBe(1);
      const ctx = new StoreContext(db, file, resolveOptions(), DEFAULT_CHUNK_LAYOUT, null, () => scan);
      expect(ctx.scanStmt('SELECT 1').database).toBe(scan);
      expect(ctx.read(() => ctx.scanStmt('SELECT 1').database)).toBe(db);
      ctx.close();
      expect([db.open, scan.open]).toEqual([false, false]);
    } finally {
      if (scan.open) scan.close();
      if (db.open) db.close();
    }
  });
});
