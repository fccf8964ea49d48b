import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import type { Scratchpad } from '../../app/scratchpad';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import { likePattern } from '../../app/scratchpad/postgres/store/calls';
import { createAppDatabase } from '../support/pg-app';
import type { TestDatabase } from '../support/pg-db';

/*
 * The server-side prefilter of literal search (scratchpad.entries_holding via BackendReader.mayHoldBytes): which
 * entries hold the needle, inside a chunk or straddling a boundary, decided where the content lives. The same
 * rows put into a v2 file with the same chunk layout must give the same hits, so the prefilter loses none.
 */

const LAYOUT = { textChunkCodePoints: 64, binaryChunkBytes: 32 };
const alice = { kind: 'user', userId: 'alice' } as const;
let db: TestDatabase;
let admin: pg.Client;
let pgStore: Scratchpad;
let v2Store: Scratchpad;
let dir: string;

const ROWS: readonly (string | Uint8Array)[] = [
  `${'a'.repeat(60)}NEEDLE${'b'.repeat(100)}`, // straddles the boundary at code point 64
  `${'é'.repeat(63)}NEEDLE tail`, // straddles after 2-byte characters
  'no match here at all, only needle in lower case',
  'price: 50%_off \\ back\\slash',
  Buffer.concat([Buffer.alloc(30, 1), Buffer.from('NEEDLE'), Buffer.alloc(40, 2)]), // binary, straddles byte 32
  `${'x'.repeat(200)}NEEDLE`, // inside the last chunk
];

beforeAll(async () => {
  let url: string;
  ({ db, admin, url } = await createAppDatabase(inject('pgAdminUrl')));
  dir = mkdtempSync(join(tmpdir(), 'pg-prefilter-'));
  pgStore = await openScratchpadWithLayout(url, { clock: () => 1_000 }, LAYOUT);
  v2Store = await openScratchpadWithLayout(join(dir, 'same.db'), { clock: () => 1_000 }, LAYOUT);
  for (const [i, content] of ROWS.entries()) {
    for (const s of [pgStore, v2Store]) await s.put(alice, { turnId: 't', stepNum: i, executorName: null, observation: { content }, ttlSeconds: 60 });
  }
  await pgStore.put({ kind: 'user', userId: 'bob' }, { turnId: 't', stepNum: null, executorName: null, observation: 'bob has a NEEDLE too', ttlSeconds: 60 });
});
afterAll(async () => {
  await pgStore.close();
  await v2Store.close();
  rmSync(dir, { recursive: true, force: true });
  await db.drop();
});

/** Hits without ids (they differ between stores, and so does the order of rows put in the same second), by step and offset. */
async function hits(store: Scratchpad, request: Parameters<Scratchpad['search']>[1]) {
  const r = await store.search(alice, request);
  const byPlace = (a: { stepNum: unknown; offset: number }, b: { stepNum: unknown; offset: number }) =>
    Number(a.stepNum) - Number(b.stepNum) || a.offset - b.offset;
  return { hits: r.hits.map(({ id: _, ...h }) => h).sort(byPlace), done: r.nextCursor === null };
}

describe('literal search with the server-side prefilter', () => {
  it.each(['NEEDLE', 'EEDL', '50%_off', '%_', '\\ back\\', 'é'.repeat(3) + 'NEE', 'absent'])('finds exactly what v2 finds for %j', async (pattern) => {
    expect(await hits(pgStore, { pattern })).toEqual(await hits(v2Store, { pattern }));
  });

  it('finds straddling matches in text and binary rows, and none of another owner', async () => {
    const r = await pgStore.search(alice, { pattern: 'NEEDLE' });
    expect(r.hits.map((h) => [h.stepNum, h.kind, h.offset]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [0, 'text', 60],
      [1, 'text', 63],
      [4, 'binary', 30],
      [5, 'text', 200],
    ]);
    // The ruled-out entries count as scanned: their bytes were read, on the server.
    const stored = ROWS.reduce((n, c) => n + (typeof c === 'string' ? Buffer.byteLength(c) : c.length), 0);
    expect(r.scannedBytes).toBe(stored);
  });

  it('case-insensitive and regex searches still scan every entry here, with the same hits as v2', async () => {
    for (const request of [
      { pattern: 'needle', caseSensitive: false },
      { pattern: 'NEE+DLE', regex: true },
    ]) {
      expect(await hits(pgStore, request)).toEqual(await hits(v2Store, request));
    }
  });

  it('the server function matches LIKE metacharacters literally and sees only the bound owner', async () => {
    const pks = (await admin.query(`SELECT array_agg(pk ORDER BY pk) AS a FROM scratchpad.observations`)).rows[0].a as string[];
    const holding = async (owner: string, needle: string) => {
      const res = await admin.query(`SELECT array_agg(h ORDER BY h) AS a FROM (SELECT h FROM scratchpad.entries_holding($1, false, $2, $3, $4) AS h) s`, [
        owner,
        pks,
        likePattern(Buffer.from(needle)),
        Buffer.byteLength(needle),
      ]);
      return (res.rows[0].a as string[] | null)?.length ?? 0;
    };
    // As the superuser RLS does not apply, so the owner condition alone decides.
    expect(await holding('alice', '%_')).toBe(1);
    expect(await holding('alice', '_x')).toBe(0); // unescaped, '_x' would match any character before an x
    expect(await holding('alice', 'NEEDLE')).toBe(4);
    expect(await holding('bob', 'NEEDLE')).toBe(1);
  });
});
