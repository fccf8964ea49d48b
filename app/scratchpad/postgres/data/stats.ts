import type pg from 'pg';
import { SCHEMA } from '../names';

/** Totals over the observations visible to the bound principal. Sizes in bytes; `now` in Unix seconds. */
export interface PgStats {
  readonly entries: number;
  readonly sizeBytes: number;
  readonly turns: number;
  readonly owners: number;
  readonly expiredEntries: number;
  readonly expiredBytes: number;
  /** Oldest and newest creation time, null when empty. */
  readonly oldestCreatedAt: number | null;
  readonly newestCreatedAt: number | null;
}

/** Stats aggregates in one query over the (owner, turn_id) covering index; never reads content. */
export async function readStats(client: pg.ClientBase, now: number): Promise<PgStats> {
  const r = (
    await client.query(
      `SELECT count(*) AS entries, coalesce(sum(size_bytes), 0) AS size_bytes, count(DISTINCT (owner, turn_id)) AS turns,
       count(DISTINCT owner) AS owners, count(*) FILTER (WHERE expires_at <= $1) AS expired_entries,
       coalesce(sum(size_bytes) FILTER (WHERE expires_at <= $1), 0) AS expired_bytes, min(created_at) AS oldest, max(created_at) AS newest
     FROM ${SCHEMA}.observations`,
      [now],
    )
  ).rows[0]!;
  return {
    entries: Number(r.entries),
    sizeBytes: Number(r.size_bytes),
    turns: Number(r.turns),
    owners: Number(r.owners),
    expiredEntries: Number(r.expired_entries),
    expiredBytes: Number(r.expired_bytes),
    oldestCreatedAt: (r.oldest as number | null) ?? null,
    newestCreatedAt: (r.newest as number | null) ?? null,
  };
}
