/*
 * PostgreSQL figures (`--only postgres`): a throw-away server on 127.0.0.1 started here (fsync on, as a real
 * one), measured through the real store (openScratchpad('postgres://...'): argument checks, summary, handle,
 * RLS binding) against the floor measured in the same run, `pg_raw_insert_8KB_per_s`: the same bytes inserted
 * one row per transaction into a one-column bytea table with plain `pg`. The same operations on a v2 SQLite file
 * give the `sqlite_*` figures of the same table, so a reader sees what the server costs. Stats and search at
 * 1 GiB: postgres-1gb.ts, after the rest (both stores filled by puts).
 */
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { startPgServer } from '../../test/support/pg-server';
import { KiB, MiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { median } from '../lib/timing';
import { atOneGigabyte } from './postgres-1gb';

const USER = { kind: 'user', userId: 'bench-user' } as const;
const OPERATOR = { kind: 'operator' } as const;

/** A store with a clock the bench sets (Unix seconds). */
interface Bench {
  readonly store: Scratchpad;
  now: number;
}

async function openBench(target: string): Promise<Bench> {
  const bench: Bench = { store: null as unknown as Scratchpad, now: 1_000 };
  (bench as { store: Scratchpad }).store = await openScratchpad(target, { clock: () => bench.now });
  return bench;
}

const put = (b: Bench, turnId: string, text: string, ttlSeconds = 1e9) =>
  b.store.put(USER, { turnId, stepNum: 1, executorName: 'bench', observation: text, ttlSeconds });

async function msOf(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Median ms per call over `reps` batches of `batch` calls, the arms interleaved so load hits them alike. */
async function interleaved<K extends string>(arms: Record<K, () => Promise<unknown>>, batch: number, reps: number): Promise<Record<K, number>> {
  const names = Object.keys(arms) as K[];
  const samples = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (const k of names) for (let i = 0; i < batch; i++) await arms[k](); // warm-up
  for (let r = 0; r < reps; r++) {
    for (const k of names) {
      const ms = await msOf(async () => {
        for (let i = 0; i < batch; i++) await arms[k]();
      });
      samples[k].push(ms / batch);
    }
  }
  return Object.fromEntries(names.map((k) => [k, median(samples[k])])) as Record<K, number>;
}

async function putsAgainstFloor(pgb: Bench, sq: Bench, raw: pg.Client, scale: number): Promise<Record<string, number>> {
  const text = textOfBytes(8 * KiB, 'mixed', 'pg-put');
  const bytes = Buffer.from(text, 'utf8');
  let n = 0;
  const ms = await interleaved(
    {
      put: () => put(pgb, `put-${n++ % 100}`, text),
      raw: () => raw.query('INSERT INTO raw_floor (data) VALUES ($1)', [bytes]),
      sqlite: () => put(sq, `put-${n++ % 100}`, text),
    },
    Math.max(10, Math.round(100 * scale)),
    9,
  );
  return { pg_put_8KB_per_s: 1000 / ms.put, pg_raw_insert_8KB_per_s: 1000 / ms.raw, sqlite_put_8KB_per_s: 1000 / ms.sqlite };
}

async function reads(pgb: Bench, sq: Bench, scale: number): Promise<Record<string, number>> {
  const bigBytes = Math.round(100 * MiB * scale);
  progress(`  putting a ${Math.round(bigBytes / MiB)} MiB entry in each store`);
  const bigText = textOfBytes(bigBytes, 'mixed', 'big');
  const smallText = textOfBytes(10 * KiB, 'mixed', 'small');
  const out: Record<string, number> = {};
  for (const [prefix, b] of [
    ['pg', pgb],
    ['sqlite', sq],
  ] as const) {
    const small = (await put(b, 'read-small', smallText)).scratchpad_id;
    let big = '';
    const putMs = await msOf(async () => (big = (await put(b, 'read-big', bigText)).scratchpad_id));
    const ms = await interleaved(
      {
        small: () => b.store.read(USER, small, { mode: 'head', n: 2_000 }),
        bigHead: () => b.store.read(USER, big, { mode: 'head', n: 2_000 }),
        bigTail: () => b.store.read(USER, big, { mode: 'tail', n: 2_000 }),
      },
      50,
      9,
    );
    Object.assign(out, {
      [`${prefix}_read_head_2000_10KB_ms`]: ms.small,
      [`${prefix}_read_head_2000_100MB_ms`]: ms.bigHead,
      [`${prefix}_read_tail_2000_100MB_ms`]: ms.bigTail,
      [`${prefix}_put_100MB_MB_per_s`]: bigBytes / MiB / (putMs / 1000),
    });
  }
  return out;
}

/**
 * listForTurn of 100 x 1 MiB entries and the operator's stats, interleaved, in each store; for PostgreSQL also the
 * first listing of the turn by a store just opened (`extra.pg_list_turn_100x1MB_first_ms`, median of 5 stores,
 * each after listing another turn): a listing asked again gets whole only the rows the store does not hold
 * (migrations/007), a first one gets every row whole.
 */
async function listAndStats(
  pgb: Bench,
  sq: Bench,
  scale: number,
  openPg: () => Promise<Scratchpad>,
): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const entry = textOfBytes(Math.round(MiB * scale), 'latin1', 'list');
  const out: Record<string, number> = {};
  for (const [prefix, b] of [
    ['pg', pgb],
    ['sqlite', sq],
  ] as const) {
    for (let i = 0; i < 100; i++) await put(b, 'list-100', entry);
    const ms = await interleaved(
      {
        list: () => b.store.listForTurn(USER, 'list-100'),
        stats: () => b.store.stats(OPERATOR),
      },
      20,
      9,
    );
    Object.assign(out, { [`${prefix}_list_turn_100x1MB_ms`]: ms.list, [`${prefix}_stats_all_rows_ms`]: ms.stats });
  }
  const first: number[] = [];
  for (let i = 0; i < 5; i++) {
    const store = await openPg();
    try {
      await store.listForTurn(USER, 'put-0'); // another turn first (10 rows of 8 KiB): the connection and the call's plan warm
      first.push(await msOf(() => store.listForTurn(USER, 'list-100')));
    } finally {
      await store.close();
    }
  }
  return { figures: out, extra: { pg_list_turn_100x1MB_first_ms: median(first) } };
}

/** 10,000 expired rows of 1 KiB, made set-based in SQL (setup only: 10,000 puts would take minutes on a loaded machine). */
const SEED_EXPIRED = `WITH k AS (
    SELECT nextval('scratchpad.observation_pk') AS pk, g FROM generate_series(1, 10000) AS g
  ), o AS (
    INSERT INTO scratchpad.observations (pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
      chunk_units, newlines, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle)
    SELECT pk, md5(g::text) || lpad(to_hex(pk), 12, '0'), 'bench-user', 'gc-' || (g % 50), 1, 'bench', 'text', false, 1024, 1024,
      32768, 0, 10, 20, NULL, NULL, NULL, repeat('0', 64), 'bench observation', NULL FROM k
  )
  INSERT INTO scratchpad.chunks (entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, data)
  SELECT pk, 0, 'bench-user', 0, 0, 1024, 0, NULL, convert_to(repeat(md5(g::text), 32), 'UTF8') FROM k`;

/** gc of 10,000 expired rows through the store (the operator), seeded in SQL on the server and by puts in SQLite. */
async function gc(pgb: Bench, sq: Bench, owner: pg.Client): Promise<Record<string, number>> {
  const samples: Record<'pg' | 'sqlite', number[]> = { pg: [], sqlite: [] };
  const filler = 'x'.repeat(1024);
  for (let rep = 0; rep < 3; rep++) {
    // The schema owner is bound like the application role: RLS (forced) checks the seeded rows against the principal.
    await owner.query(`BEGIN; SELECT set_config('scratchpad.principal', 'bench-user', true)`);
    await owner.query(SEED_EXPIRED);
    await owner.query('COMMIT');
    sq.now = 1_000;
    for (let i = 0; i < 10_000; i++) await put(sq, `gc-${i % 50}`, filler, 5);
    for (const [prefix, b] of [
      ['pg', pgb],
      ['sqlite', sq],
    ] as const) {
      b.now = 2_000;
      let removed = 0;
      samples[prefix].push(await msOf(async () => (removed = (await b.store.gc(OPERATOR)).deletedRows)));
      if (removed !== 10_000) throw new Error(`${prefix} gc removed ${removed} rows, expected 10,000`);
      b.now = 1_000;
    }
  }
  return { pg_gc_10000_expired_ms: median(samples.pg), sqlite_gc_10000_expired_ms: median(samples.sqlite) };
}

/**
 * Runs the PostgreSQL figures; `scale` shrinks the large sizes (100 MB entry, 1 MB list entries). Returns the
 * figures and extras (server version, binaries' source). The server is stopped and removed at the end.
 */
export async function runPostgres(scale: number): Promise<{ figures: Record<string, number>; extra: Record<string, number>; info: Record<string, string> }> {
  const server = await startPgServer({ durable: true });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  try {
    await admin.connect();
    const version = String((await admin.query('SHOW server_version')).rows[0].server_version);
    await admin.query('CREATE DATABASE bench');
    const url = Object.assign(new URL(server.adminUrl), { pathname: '/bench' }).toString();
    // The superuser skips RLS, which would hide its cost: the bench connects as an ordinary role owning the database.
    await admin.query(`CREATE ROLE bench LOGIN PASSWORD 'bench'; ALTER DATABASE bench OWNER TO bench`);
    const benchUrl = Object.assign(new URL(url), { username: 'bench', password: 'bench' }).toString();
    // bench owns the database and the schema (so it binds principals) and is given the operator view.
    await admin.query(`CREATE ROLE scratchpad_operator NOLOGIN; GRANT scratchpad_operator TO bench`);
    const pgb = await openBench(benchUrl);
    const dir = mkdtempSync(join(tmpdir(), 'bench-pg-sqlite-'));
    const sq = await openBench(join(dir, 'bench.db'));
    const raw = new pg.Client({ connectionString: benchUrl });
    try {
      await raw.connect();
      await raw.query('CREATE TABLE raw_floor (data bytea NOT NULL); ALTER TABLE raw_floor ALTER COLUMN data SET STORAGE EXTERNAL');
      const figures: Record<string, number> = {};
      progress('postgres: puts against the raw floor (and SQLite)');
      Object.assign(figures, await putsAgainstFloor(pgb, sq, raw, scale));
      progress('postgres: reads');
      Object.assign(figures, await reads(pgb, sq, scale));
      progress('postgres: list and stats');
      const listed = await listAndStats(pgb, sq, scale, () => openScratchpad(benchUrl, { clock: () => pgb.now }));
      Object.assign(figures, listed.figures);
      progress('postgres: gc');
      Object.assign(figures, await gc(pgb, sq, raw));
      const big = await atOneGigabyte(
        { pg: { store: pgb.store, put: (t, text) => put(pgb, t, text) }, sqlite: { store: sq.store, put: (t, text) => put(sq, t, text) } },
        scale,
      );
      Object.assign(figures, big.figures);
      const counter = new pg.Client({ connectionString: url }); // the superuser on the bench database: sees every row
      await counter.connect();
      const rows = Number((await counter.query('SELECT count(*) AS n FROM scratchpad.observations')).rows[0]?.n ?? 0);
      await counter.end();
      return {
        figures,
        extra: { pg_stats_rows: rows, ...listed.extra, ...big.extra },
        info: { pg_server_version: version, pg_binaries: server.binaries.source },
      };
    } finally {
      await raw.end().catch(() => undefined);
      await pgb.store.close();
      await sq.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await admin.end().catch(() => undefined);
    await server.stop();
  }
}
