import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { encodeBinary, encodeText } from '../../app/scratchpad/core/encode';
import { putObservationRow } from '../../app/scratchpad/postgres/data/put';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { openPgTarget, type OpenedPgTarget } from '../../app/scratchpad/postgres/pool';
import { BINARY_CHUNK, meta, TEXT_CHUNK } from './fixtures';
import { perTestDatabaseWithRoles } from './helpers';

/*
 * Schema 5: one-chunk puts keep their content in their own row (observations.data, no chunks row). The migration
 * from 4 rewrites nothing; rows of either layout read, list, search and count the same through the store.
 */

/** A fresh database with the roles per test; `env.client(url)` connections are closed after each. */
const env = perTestDatabaseWithRoles();
const client = env.client;

const label = 'postgres://app@127.0.0.1/test';
const alice = { kind: 'user', userId: 'alice' } as const;

/** Texts of one chunk (under 32,768 code points) and one of three, non-ASCII so chunks carry cp_index checkpoints. */
const TEXTS = {
  ascii: 'first line\nsecond line\nthird\n',
  accents: 'é😀 ligne ' + 'naïve café\n'.repeat(2_500),
  empty: '',
  long: 'αβγ\n😀'.repeat(20_000),
} as const;
const BYTES = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
const SMALL_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

/** What the store answers for entry `id` to each read (or the error code), the id left out. */
async function readAll(store: Scratchpad, id: string, kind: 'text' | 'binary'): Promise<unknown> {
  const requests = [
    { mode: 'full' },
    { mode: 'head', n: 5 },
    { mode: 'tail', n: 7 },
    { mode: 'range', start: 3, end: 40_000 },
    ...(kind === 'text' ? [{ mode: 'lines', start: 2, end: 4 } as const] : []),
  ] as const;
  const out: unknown[] = [];
  for (const r of requests) {
    out.push(
      await store.read(alice, id, r).then(
        (res) => ({ ...res, meta: { ...res.meta, id: undefined } }),
        (e: { code?: string }) => ({ error: e.code }),
      ),
    );
  }
  return out;
}

async function putAll(store: Scratchpad, turnId: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [k, text] of Object.entries(TEXTS))
    ids[k] = (await store.put(alice, { turnId, stepNum: 1, executorName: 'shell', observation: text, ttlSeconds: 60 })).scratchpad_id;
  ids.bytes = (await store.put(alice, { turnId, stepNum: 2, executorName: 'shell', observation: BYTES, ttlSeconds: 60 })).scratchpad_id;
  ids.smallBytes = (await store.put(alice, { turnId, stepNum: 2, executorName: 'shell', observation: SMALL_BYTES, ttlSeconds: 60 })).scratchpad_id;
  return ids;
}

/** Per row of the turn: size, inline (data not null; false before schema 5), its chunks rows (the superuser, past RLS). */
async function layoutOf(admin: pg.ClientBase, turnId: string): Promise<unknown[]> {
  return (
    await admin.query(
      `SELECT o.size_bytes::int AS size, to_jsonb(o) ->> 'data' IS NOT NULL AS inline, (SELECT count(*)::int FROM scratchpad.chunks c WHERE c.entry_pk = o.pk) AS chunks
      FROM scratchpad.observations o WHERE o.turn_id = $1 ORDER BY o.pk`,
      [turnId],
    )
  ).rows;
}

/** Puts every content of TEXTS and the two binaries through the data layer (data/put.ts) at whatever schema the database has. */
async function putAllRows(target: OpenedPgTarget, turnId: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const bind = { owner: 'alice', operator: false };
  for (const [k, text] of Object.entries(TEXTS)) ids[k] = (await putObservationRow(target, bind, meta('alice', turnId), encodeText(text, TEXT_CHUNK))).id;
  for (const [k, bytes] of [
    ['bytes', BYTES],
    ['smallBytes', SMALL_BYTES],
  ] as const)
    ids[k] = (await putObservationRow(target, bind, meta('alice', turnId, { kind: 'binary', chunkUnits: BINARY_CHUNK }), encodeBinary(bytes, BINARY_CHUNK))).id;
  return ids;
}

/** Every row of the tables the migration touches (content as md5, the new columns apart), as the superuser sees them. */
async function rowsOf(admin: pg.ClientBase): Promise<unknown> {
  const q = async (sql: string) => (await admin.query(sql)).rows;
  return {
    observations: await q(`SELECT to_jsonb(o) - 'data' - 'cp_index' AS row FROM scratchpad.observations o ORDER BY pk`),
    chunks: await q('SELECT entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, md5(data) AS data FROM scratchpad.chunks ORDER BY 1, 2'),
    turn_totals: await q('SELECT * FROM scratchpad.turn_totals ORDER BY owner, turn_id'),
  };
}

describe('migration 4 to 5', () => {
  it('keeps the rows of schema 4 as they were; one-chunk puts then go inline, and both layouts read the same', async () => {
    const admin = await env.db.admin();
    const target = await openPgTarget(env.roles.appUrl);
    let old: Record<string, string>;
    try {
      const c = await target.pool.connect();
      expect(await openSchema(c, { label, target: 4 })).toBe(4);
      c.release();
      old = await putAllRows(target, 'before');
      expect(await layoutOf(admin, 'before')).toEqual([
        { size: 29, inline: false, chunks: 1 },
        { size: 32_513, inline: false, chunks: 1 },
        { size: 0, inline: false, chunks: 1 },
        { size: 220_000, inline: false, chunks: 4 },
        { size: 70_000, inline: false, chunks: 2 },
        { size: 7, inline: false, chunks: 1 },
      ]);
      const before = await rowsOf(admin);
      const c2 = await target.pool.connect();
      expect(await openSchema(c2, { label, target: 5 })).toBe(5);
      c2.release();
      expect(await rowsOf(admin)).toEqual(before);
    } finally {
      await target.close();
    }
    const shape = await admin.query(`SELECT (SELECT value FROM scratchpad.meta WHERE key = 'version') AS version,
      (SELECT attstorage FROM pg_attribute WHERE attrelid = 'scratchpad.observations'::regclass AND attname = 'data') AS storage,
      (SELECT count(*)::int FROM scratchpad.observations WHERE data IS NOT NULL OR cp_index IS NOT NULL) AS inline_rows`);
    expect(shape.rows).toEqual([{ version: '5', storage: 'e', inline_rows: 0 }]);

    const store = await openScratchpad(env.roles.appUrl, { clock: () => 2_000 });
    try {
      const now = await putAll(store, 'after');
      expect(await layoutOf(admin, 'after')).toEqual([
        { size: 29, inline: true, chunks: 0 },
        { size: 32_513, inline: true, chunks: 0 },
        { size: 0, inline: true, chunks: 0 },
        { size: 220_000, inline: false, chunks: 4 },
        { size: 70_000, inline: false, chunks: 2 },
        { size: 7, inline: true, chunks: 0 },
      ]);
      for (const k of Object.keys(now)) {
        const kind = k.includes('ytes') ? 'binary' : 'text';
        const a = await readAll(store, old[k]!, kind);
        expect(await readAll(store, now[k]!, kind), k).toEqual(a);
      }
      expect(((await readAll(store, now.accents!, 'text')) as { content: string }[])[0]?.content).toBe(TEXTS.accents);
      expect(((await readAll(store, old.long!, 'text')) as { content: string }[])[0]?.content).toBe(TEXTS.long);
      // A literal search (server prefilter on both layouts) finds the same places in both turns.
      const r = await store.search(alice, { pattern: '😀 ligne' });
      const places = r.hits.map((h) => [h.turnId, h.offset]);
      const inTurn = (t: string) => places.filter((p) => p[0] === t).map((p) => p[1]);
      expect([inTurn('before'), inTurn('after')]).toEqual([[1], [1]]);
      expect((await store.stats(alice)).rows).toBe(12);
    } finally {
      await store.close();
    }
  });
});

describe('inline rows and row-level security', () => {
  it("a per-user role reads its own inline content and none of another's, whatever principal it names", async () => {
    await openSchema(await client(env.roles.appUrl), { label });
    const mine = await openScratchpad(env.roles.alice.url, { clock: () => 1_000 });
    const theirs = await openScratchpad(env.roles.bob.url, { clock: () => 1_000 });
    try {
      const me = { kind: 'user', userId: env.roles.alice.name } as const;
      const them = { kind: 'user', userId: env.roles.bob.name } as const;
      const id = (await theirs.put(them, { turnId: 't', stepNum: 1, executorName: null, observation: 'bob only', ttlSeconds: 60 })).scratchpad_id;
      expect((await theirs.read(them, id, { mode: 'full' })).content).toBe('bob only');
      const alice = await client(env.roles.alice.url);
      await alice.query('BEGIN');
      await alice.query(`SELECT set_config('scratchpad.principal', $1, true)`, [env.roles.bob.name]);
      const seen = await alice.query('SELECT count(*)::int AS n FROM scratchpad.observations WHERE data IS NOT NULL');
      await alice.query('ROLLBACK');
      expect(seen.rows).toEqual([{ n: 0 }]);
      await expect(mine.read(me, id, { mode: 'full' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
