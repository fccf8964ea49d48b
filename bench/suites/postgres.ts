/*
 * PostgreSQL figures (`--only postgres`): a throw-away server on 127.0.0.1 started here (fsync on, as a real
 * one), the store's data access layer (app/scratchpad/postgres/data) against the floor measured in the same run,
 * `pg_raw_insert_8KB_per_s`: the same bytes inserted one row per transaction into a one-column bytea table with
 * plain `pg`. Until the PostgreSQL backend implements the store interface, "put" is encode + insertObservation in
 * a transaction bound to the owner (what that backend's put will do, less argument checks and the summary).
 */
import pg from 'pg';
import type { Binding } from '../../app/scratchpad/postgres/binding';
import { readUnits } from '../../app/scratchpad/postgres/data/chunks';
import { gcExpired } from '../../app/scratchpad/postgres/data/gc';
import type { ObservationInsert } from '../../app/scratchpad/postgres/data/insert';
import { findObservation, listTurnObservations } from '../../app/scratchpad/postgres/data/list';
import { putObservationRow } from '../../app/scratchpad/postgres/data/put';
import { readStats } from '../../app/scratchpad/postgres/data/stats';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { openPgTarget, type OpenedPgTarget } from '../../app/scratchpad/postgres/pool';
import { inTransaction } from '../../app/scratchpad/postgres/transaction';
import { encodeText } from '../../app/scratchpad/v2/encode';
import { startPgServer } from '../../test/support/pg-server';
import { KiB, MiB, textOfBytes } from '../lib/content';
import { progress } from '../lib/log';
import { median } from '../lib/timing';

const TEXT_CHUNK = 32_768;
const OWNER: Binding = { owner: 'bench-user', operator: false };
const OPERATOR_LIKE: Binding = OWNER; // one owner holds every row here, so the owner's gc is the whole gc

function meta(turnId: string, createdAt: number, expiresAt: number): ObservationInsert {
  return {
    owner: 'bench-user', turnId, stepNum: 1, executorName: 'bench', kind: 'text', structured: false, chunkUnits: TEXT_CHUNK,
    createdAt, expiresAt, actor: null, channel: null, detectedType: null, summary: 'bench observation', handle: null,
  };
}

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

async function putsAgainstFloor(target: OpenedPgTarget, raw: pg.Client, scale: number): Promise<Record<string, number>> {
  const text = textOfBytes(8 * KiB, 'mixed', 'pg-put');
  const bytes = Buffer.from(text, 'utf8');
  let n = 0;
  const ms = await interleaved({
    put: () => putObservationRow(target, OWNER, meta(`put-${n++ % 100}`, 1_000, 1e12), encodeText(text, TEXT_CHUNK)),
    raw: () => raw.query('INSERT INTO raw_floor (data) VALUES ($1)', [bytes]),
  }, Math.max(10, Math.round(100 * scale)), 9);
  return { pg_put_8KB_per_s: 1000 / ms.put, pg_raw_insert_8KB_per_s: 1000 / ms.raw };
}

async function reads(target: OpenedPgTarget, scale: number): Promise<Record<string, number>> {
  const small = await putObservationRow(target, OWNER, meta('read-small', 1_000, 1e12), encodeText(textOfBytes(10 * KiB, 'mixed', 'small'), TEXT_CHUNK));
  const bigBytes = Math.round(100 * MiB * scale);
  progress(`  putting a ${Math.round(bigBytes / MiB)} MiB entry`);
  const bigText = textOfBytes(bigBytes, 'mixed', 'big');
  const putMs = await msOf(() => putObservationRow(target, OWNER, meta('read-big', 1_000, 1e12), encodeText(bigText, TEXT_CHUNK)));
  const big = await inTransaction(target, OWNER, { operation: 'read' }, (c) => listTurnObservations(c, 'read-big'));
  const bigPk = big[0]!.pk;
  const slice = (pk: number, from: 'head' | 'tail') => inTransaction(target, OWNER, { operation: 'read' }, async (c) => {
    const row = await findObservation(c, pk);
    if (!row) throw new Error('entry vanished');
    const a = from === 'head' ? 0 : Math.max(0, row.lengthUnits - 2_000);
    return readUnits(c, { pk, kind: row.kind, lengthUnits: row.lengthUnits, chunkUnits: row.chunkUnits }, a, a + 2_000);
  });
  const ms = await interleaved({
    small: () => slice(small.pk, 'head'),
    bigHead: () => slice(bigPk, 'head'),
    bigTail: () => slice(bigPk, 'tail'),
  }, 50, 9);
  return {
    pg_read_head_2000_10KB_ms: ms.small, pg_read_head_2000_100MB_ms: ms.bigHead, pg_read_tail_2000_100MB_ms: ms.bigTail,
    pg_put_100MB_MB_per_s: bigBytes / MiB / (putMs / 1000),
  };
}

async function listAndStats(target: OpenedPgTarget, scale: number): Promise<Record<string, number>> {
  const entry = textOfBytes(Math.round(MiB * scale), 'latin1', 'list');
  for (let i = 0; i < 100; i++) await putObservationRow(target, OWNER, meta('list-100', 1_000 + i, 1e12), encodeText(entry, TEXT_CHUNK));
  const ms = await interleaved({
    list: () => inTransaction(target, OWNER, { operation: 'read' }, (c) => listTurnObservations(c, 'list-100')),
    stats: () => inTransaction(target, OWNER, { operation: 'read' }, (c) => readStats(c, 2_000)),
  }, 20, 9);
  return { pg_list_turn_100x1MB_ms: ms.list, pg_stats_all_rows_ms: ms.stats };
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

async function gc(target: OpenedPgTarget): Promise<Record<string, number>> {
  const samples: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    await inTransaction(target, OWNER, { operation: 'write' }, (c) => c.query(SEED_EXPIRED));
    let removed = 0;
    samples.push(await msOf(async () => (removed = (await gcExpired(target, OPERATOR_LIKE, 100)).removed)));
    if (removed !== 10_000) throw new Error(`gc removed ${removed} rows, expected 10,000`);
  }
  return { pg_gc_10000_expired_ms: median(samples) };
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
    const target = await openPgTarget(benchUrl);
    const raw = new pg.Client({ connectionString: benchUrl });
    try {
      const c = await target.pool.connect();
      await openSchema(c, { label: target.label });
      c.release();
      await raw.connect();
      await raw.query('CREATE TABLE raw_floor (data bytea NOT NULL); ALTER TABLE raw_floor ALTER COLUMN data SET STORAGE EXTERNAL');
      const figures: Record<string, number> = {};
      progress('postgres: puts against the raw floor');
      Object.assign(figures, await putsAgainstFloor(target, raw, scale));
      progress('postgres: reads');
      Object.assign(figures, await reads(target, scale));
      progress('postgres: list and stats');
      Object.assign(figures, await listAndStats(target, scale));
      progress('postgres: gc');
      Object.assign(figures, await gc(target));
      const counter = new pg.Client({ connectionString: url }); // the superuser on the bench database: sees every row
      await counter.connect();
      const rows = Number((await counter.query('SELECT count(*) AS n FROM scratchpad.observations')).rows[0]?.n ?? 0);
      await counter.end();
      return { figures, extra: { pg_stats_rows: rows }, info: { pg_server_version: version, pg_binaries: server.binaries.source } };
    } finally {
      await raw.end().catch(() => undefined);
      await target.close();
    }
  } finally {
    await admin.end().catch(() => undefined);
    await server.stop();
  }
}
