import type pg from 'pg';
import { SCHEMA } from '../names';

/** Metadata of one observation, as listing shows it (no content). Times in Unix seconds; sizes in bytes. */
export interface ListedObservation {
  readonly pk: number;
  readonly id: string;
  readonly owner: string;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly kind: 'text' | 'binary';
  readonly sizeBytes: number;
  readonly lengthUnits: number;
  readonly chunkUnits: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly summary: string;
}

const COLUMNS = 'pk, id, owner, turn_id, step_num, executor_name, kind, size_bytes, length_units, chunk_units, created_at, expires_at, summary';

/** Maps a metadata row (bigints come back as strings) to {@link ListedObservation}. */
export function toListed(r: Record<string, unknown>): ListedObservation {
  return {
    pk: Number(r.pk),
    id: r.id as string,
    owner: r.owner as string,
    turnId: r.turn_id as string,
    stepNum: r.step_num as number | null,
    executorName: r.executor_name as string | null,
    kind: r.kind as 'text' | 'binary',
    sizeBytes: Number(r.size_bytes),
    lengthUnits: Number(r.length_units),
    chunkUnits: r.chunk_units as number,
    createdAt: r.created_at as number,
    expiresAt: r.expires_at as number,
    summary: r.summary as string,
  };
}

/** The observations of one turn visible to the bound principal, by step then creation time then row. */
export async function listTurnObservations(client: pg.ClientBase, turnId: string): Promise<ListedObservation[]> {
  const res = await client.query(`SELECT ${COLUMNS} FROM ${SCHEMA}.observations WHERE turn_id = $1 ORDER BY step_num NULLS FIRST, created_at, pk`, [turnId]);
  return res.rows.map(toListed);
}

/** The metadata row of entry `pk` when the bound principal may see it, else null. */
export async function findObservation(client: pg.ClientBase, pk: number): Promise<ListedObservation | null> {
  const res = await client.query(`SELECT ${COLUMNS} FROM ${SCHEMA}.observations WHERE pk = $1`, [pk]);
  return res.rows[0] ? toListed(res.rows[0]) : null;
}

/** One turn in a listing: counts, bytes and times over its visible observations (expired ones included). */
export interface TurnSummary {
  readonly turnId: string;
  readonly owner: string;
  readonly entries: number;
  readonly sizeBytes: number;
  readonly firstCreatedAt: number;
  readonly lastCreatedAt: number;
  /** Observations with expires_at <= now. */
  readonly expired: number;
}

/** Keyset position after a turn of a page: its last creation time and its ids (newest turns first). */
export interface TurnCursor {
  readonly lastCreatedAt: number;
  readonly turnId: string;
  readonly owner: string;
}

/**
 * One page of turns visible to the bound principal, most recently written first, at most `limit` (1-1,000),
 * after `cursor` (null: from the start). `now` (Unix seconds, from the store's clock) decides `expired`.
 * Reads only the (owner, turn_id) covering index, never content. Returns the page and the next cursor (null at the end).
 */
export async function listTurnsPage(
  client: pg.ClientBase,
  now: number,
  limit: number,
  cursor: TurnCursor | null,
): Promise<{ turns: TurnSummary[]; next: TurnCursor | null }> {
  const res = await client.query(
    `SELECT turn_id, owner, count(*) AS entries, sum(size_bytes) AS size_bytes, min(created_at) AS first_created,
       max(created_at) AS last_created, count(*) FILTER (WHERE expires_at <= $1) AS expired
     FROM ${SCHEMA}.observations GROUP BY owner, turn_id
     HAVING $2::double precision IS NULL OR (max(created_at), turn_id, owner) < ($2, $3, $4)
     ORDER BY last_created DESC, turn_id DESC, owner DESC LIMIT $5`,
    [now, cursor?.lastCreatedAt ?? null, cursor?.turnId ?? null, cursor?.owner ?? null, limit + 1],
  );
  const turns = res.rows.slice(0, limit).map((r) => ({
    turnId: r.turn_id as string,
    owner: r.owner as string,
    entries: Number(r.entries),
    sizeBytes: Number(r.size_bytes),
    firstCreatedAt: r.first_created as number,
    lastCreatedAt: r.last_created as number,
    expired: Number(r.expired),
  }));
  const tail = turns[turns.length - 1];
  return { turns, next: res.rows.length > limit && tail ? { lastCreatedAt: tail.lastCreatedAt, turnId: tail.turnId, owner: tail.owner } : null };
}
