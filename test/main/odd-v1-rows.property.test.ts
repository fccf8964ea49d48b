// Odd values another writer (or the original runtime itself) leaves in a Metnos v1 file never break a page:
// every answer through main's handlers is a valid envelope of its channel, and one odd row never hides the others.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNELS, envelopeSchema, type ChannelName } from '../../app/contract';
import { createHandlers } from '../../main/ipc/handlers';
import { openInProcessClient } from '../../main/store/in-process';
import { V1_DDL } from '../scratchpad/metnos-v1/v1-files';
import { memoryRecentFiles, OPERATOR, recordingSession, removeScratchDirs, scriptedDialogs, tempDir, testServices } from './helpers';

afterAll(removeScratchDirs);

const NOW = 1_800_000_000;
const odd = {
  step: fc.oneof(fc.constant(null), fc.integer(), fc.constant(2 ** 53 + 1), fc.constant(2.5), fc.constant(-0.5), fc.constant('three'), fc.constant(Infinity)),
  executor: fc.oneof(fc.constant(null), fc.string(), fc.integer()),
  kind: fc.oneof(fc.constant('text'), fc.constant('binary'), fc.constant('TEXT'), fc.constant(''), fc.constant('json'), fc.constant(7)),
  content: fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.string({ maxLength: 40 })),
  size: fc.oneof(fc.integer(), fc.constant(null), fc.constant('big')),
  summary: fc.oneof(fc.constant(null), fc.string(), fc.double(), fc.uint8Array({ maxLength: 4 })),
  time: fc.oneof(
    fc.double({ min: 0, max: 4e9, noNaN: true }),
    fc.constant(Infinity),
    fc.constant(-Infinity),
    fc.constant('never'),
    fc.constant(null),
    fc.constant(NOW),
  ),
};
const key = (texts: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: texts },
    fc.constant(null),
    fc.uint8Array({ maxLength: 6 }),
    fc.constant(''),
    // Bound as SQLite INTEGERs (a JS number binds as REAL, stored as '3.0'); TEXT affinity keeps their text.
    fc.bigInt({ min: -5n, max: 5n }),
  );
const rowArb = fc.record({
  // NULL, BLOB, '' and integers (TEXT affinity stores those as text) next to ordinary ids and turn ids.
  id: key(fc.constantFrom('id-1', 'id-2', 'id-3', '0123456789abcdef')),
  turn: key(fc.constantFrom('turn-a', 'turn-b', 'turn-c')),
  step: odd.step,
  executor: odd.executor,
  kind: odd.kind,
  content: odd.content,
  size: odd.size,
  summary: odd.summary,
  createdAt: odd.time,
  expiresAt: odd.time,
});
type OddRow = typeof rowArb extends fc.Arbitrary<infer T> ? T : never;

/** The turn key the store shows (metnos-v1/keys.ts): the stored text, or a marked form for NULL, '' and BLOB. */
function turnKey(value: OddRow['turn']): string {
  if (value === null) return '(no turn id)';
  if (value instanceof Uint8Array) return `x'${Buffer.from(value).toString('hex')}'`;
  if (value === '') return '(empty turn id)';
  return String(value);
}

/** True when a stored id is its own key (TEXT affinity stores an integer as its text). */
const plainId = (value: OddRow['id']) => typeof value === 'bigint' || (typeof value === 'string' && value.length > 0);

/** A v1 file with the original's DDL minus NOT NULL (other writers), holding `rows` and one plain row. */
function writeFile(rows: readonly OddRow[]): { path: string; stored: OddRow[] } {
  const path = join(tempDir('odd-v1-'), 'scratchpad.db');
  const db = new Database(path);
  db.exec(V1_DDL.replace(/ NOT NULL/g, ''));
  const insert = db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const bind = (v: unknown) => (v instanceof Uint8Array ? Buffer.from(v) : v);
  // The primary key refuses a repeated id: such a row is left out (the file holds what a writer could store).
  const stored: OddRow[] = [];
  rows.forEach((r) => {
    try {
      insert.run(
        bind(r.id),
        bind(r.turn),
        bind(r.step),
        bind(r.executor),
        bind(r.kind),
        bind(r.content),
        bind(r.size),
        bind(r.summary),
        bind(r.createdAt),
        bind(r.expiresAt),
      );
      stored.push(r);
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw err;
    }
  });
  insert.run('plain00000000000', 'turn-plain', 1, 'shell', 'text', Buffer.from('plain text'), 10, 'plain text', NOW - 10, NOW + 3600);
  db.close();
  return { path, stored };
}

describe('a Metnos v1 file with odd values in every column', () => {
  it('answers every channel with a valid envelope and hides no row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 6 }), async (rows) => {
        const { path, stored } = writeFile(rows);
        const store = await openInProcessClient(path);
        try {
          const handlers = createHandlers(testServices(async (p) => openInProcessClient(p), scriptedDialogs().dialogs, memoryRecentFiles()));
          const { session } = recordingSession(store, OPERATOR);
          const call = async <C extends ChannelName>(channel: C, request: unknown) => {
            const answer = await (handlers[channel] as (s: unknown, r: unknown) => Promise<unknown>)(session, request);
            const parsed = envelopeSchema(CHANNELS[channel].response).safeParse(answer);
            expect(parsed.success, `${channel} ${JSON.stringify(answer)}`).toBe(true);
            expect(answer, `${channel} failed`).toMatchObject({ ok: true });
            return (answer as { ok: true; value: never }).value;
          };
          const page: { turns: { turnId: string; entryCount: number }[] } = await call('turns:list', {});
          expect(page.turns.map((t) => t.turnId).sort()).toEqual([...new Set([...stored.map((r) => turnKey(r.turn)), 'turn-plain'])].sort());
          let seen = 0;
          let expired = 0;
          const ids: string[] = [];
          for (const t of page.turns) {
            const entries: { id: string; expiry: string }[] = await call('turn:entries', { turnId: t.turnId });
            expired += entries.filter((e) => e.expiry === 'expired').length;
            expect(entries).toHaveLength(t.entryCount);
            seen += entries.length;
            for (const e of entries) {
              ids.push(e.id);
              const described: { meta: { id: string; turnId: string } } = await call('entry:describe', { id: e.id });
              expect([described.meta.id, described.meta.turnId]).toEqual([e.id, t.turnId]);
              await call('entry:read', { id: e.id, mode: 'head', n: 5 });
            }
          }
          expect(seen).toBe(stored.length + 1);
          // Every row has its own id: the stored one, or rowid:N for a NULL, BLOB or empty id.
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.filter((id) => id.startsWith('rowid:'))).toHaveLength(stored.filter((r) => !plainId(r.id)).length);
          const stats: { rows: number; expiredRows: number } = await call('stats:get', {});
          expect(stats.rows).toBe(stored.length + 1);
          const preview: { deletedRows: number } = await call('gc:preview', {});
          // Badges, stats and gc agree on which rows are expired (+Infinity and TEXT never, -Infinity always).
          expect(preview.deletedRows).toBe(stats.expiredRows);
          expect(expired).toBe(stats.expiredRows);
        } finally {
          await store.close();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
