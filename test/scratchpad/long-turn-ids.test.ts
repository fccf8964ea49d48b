// Turn ids longer than a put accepts (256), as other writers store them: every turn listTurns lists can be asked
// for by its id (listForTurn, extendTtl and readLog of a turn, search in a turn, the IPC request schemas).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNELS, SearchRequestSchema } from '../../app/contract';
import { openScratchpad } from '../../app/scratchpad';
import { MAX_NAME_LENGTH } from '../../app/common/limits';
import { V1_DDL } from './metnos-v1/v1-files';
import { operator, tempDir, user } from './helpers';

const NOW = 1_800_000_000;
const LONG = `turn-${'x'.repeat(4 * MAX_NAME_LENGTH)}`;

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

describe('turn ids longer than a put accepts', () => {
  it('v2: a listed turn with a 1,029-character id is listed, read, extended and searched by that id', async () => {
    tmp = tempDir('long-turn-');
    const file = tmp.file('v2.db');
    const writer = await openScratchpad(file, { clock: () => NOW });
    const { scratchpad_id: id } = await writer.put(user('u'), { turnId: 'short', stepNum: 1, executorName: 'e', observation: 'hello long turn' });
    await writer.recordRead(user('u'), { entryId: id, mode: 'head', start: 0, end: 5, truncated: false });
    await writer.close();
    // Another writer renames the turn: its rows and its aggregate row, as one transaction.
    const db = new Database(file);
    db.transaction(() => {
      db.prepare('UPDATE observations SET turn_id = ? WHERE turn_id = ?').run(LONG, 'short');
      db.prepare('UPDATE turns SET turn_id = ? WHERE turn_id = ?').run(LONG, 'short');
    })();
    db.close();

    const sp = await openScratchpad(file, { clock: () => NOW });
    try {
      const listed = (await sp.listTurns(user('u'))).turns.map((t) => t.turnId);
      expect(listed).toEqual([LONG]);
      expect((await sp.listForTurn(user('u'), listed[0]!)).map((e) => e.id)).toEqual([id]);
      expect((await sp.readLog(user('u'), { turnId: LONG })).map((r) => [r.entryId, r.start, r.end])).toEqual([[id, 0, 5]]);
      expect(await sp.extendTtl(user('u'), { turnId: LONG }, 60)).toBe(1);
      expect((await sp.listForTurn(operator, LONG)).map((e) => e.expiresAt)).toEqual([NOW + 60]);
      expect((await sp.search(user('u'), { pattern: 'long', turnId: LONG })).hits.map((h) => h.id)).toEqual([id]);
    } finally {
      await sp.close();
    }
  });

  it('metnos-v1: a turn id of 1,029 characters is listed and its entries are requested by it', async () => {
    tmp = tempDir('long-turn-v1-');
    const file = join(tmp.dir, 'scratchpad.db');
    const db = new Database(file);
    db.exec(V1_DDL);
    db.prepare('INSERT INTO entries VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)').run(
      'a000000000000001',
      LONG,
      'x',
      'text',
      Buffer.from('abc'),
      3,
      's',
      NOW - 60,
      NOW + 60,
    );
    db.close();
    const sp = await openScratchpad(file, { readonly: true, clock: () => NOW });
    try {
      const listed = (await sp.listTurns(operator)).turns.map((t) => t.turnId);
      expect(listed).toEqual([LONG]);
      expect((await sp.listForTurn(operator, listed[0]!)).map((e) => [e.id, e.turnId])).toEqual([['a000000000000001', LONG]]);
      expect(await sp.readLog(operator, { turnId: LONG })).toEqual([]);
    } finally {
      await sp.close();
    }
  });

  it('the IPC requests that name a turn accept any listed turn id', () => {
    expect(CHANNELS['turn:entries'].request.parse({ turnId: LONG })).toEqual({ turnId: LONG });
    expect(CHANNELS['entry:readLog'].request.parse({ turnId: LONG })).toEqual({ turnId: LONG });
    expect(SearchRequestSchema.parse({ pattern: 'a', turnId: LONG }).turnId).toBe(LONG);
    expect(CHANNELS['turn:entries'].request.safeParse({ turnId: '' }).success).toBe(false);
  });
});
