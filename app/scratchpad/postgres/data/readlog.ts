import type pg from 'pg';
import type { ReadMode } from '../../../contract';
import { ScratchpadError } from '../../types';
import { SCHEMA } from '../names';

/** One served `scratchpad_read`: the slice [start, end) in the entry's unit, and when (Unix seconds, store clock). */
export interface ReadLogInsert {
  readonly entryPk: number;
  /** The entry's owner (RLS: the row must belong to the bound principal, or the operator). */
  readonly owner: string;
  /** Who read: a user id or `operator`. */
  readonly principal: string;
  readonly mode: ReadMode;
  readonly unit: 'code_points' | 'bytes';
  readonly start: number;
  readonly end: number;
  readonly truncated: boolean;
  readonly at: number;
}

/** A read-log row as stored, with the entry's id and turn. */
export interface ReadLogRow extends Omit<ReadLogInsert, 'owner'> {
  readonly seq: number;
  readonly entryId: string;
  readonly turnId: string;
}

/** Records one read in the caller's transaction. CORRUPT when no row was written. */
export async function insertRead(client: pg.ClientBase, r: ReadLogInsert): Promise<void> {
  const res = await client.query(
    `INSERT INTO ${SCHEMA}.read_log (entry_pk, owner, principal, mode, unit, start_unit, end_unit, truncated, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [r.entryPk, r.owner, r.principal, r.mode, r.unit, r.start, r.end, r.truncated, r.at],
  );
  if (res.rowCount !== 1) throw new ScratchpadError('CORRUPT', 'read log not written');
}

const SELECT = `SELECT r.seq, r.entry_pk, o.id, o.turn_id, r.principal, r.mode, r.unit, r.start_unit, r.end_unit, r.truncated, r.at
  FROM ${SCHEMA}.read_log r JOIN ${SCHEMA}.observations o ON o.pk = r.entry_pk`;

function toRow(r: Record<string, unknown>): ReadLogRow {
  return {
    seq: Number(r.seq),
    entryPk: Number(r.entry_pk),
    entryId: r.id as string,
    turnId: r.turn_id as string,
    principal: r.principal as string,
    mode: r.mode as ReadLogRow['mode'],
    unit: r.unit as ReadLogRow['unit'],
    start: Number(r.start_unit),
    end: Number(r.end_unit),
    truncated: r.truncated as boolean,
    at: r.at as number,
  };
}

/** The read log of entry `pk` visible to the bound principal, oldest first. */
export async function readsOfEntry(client: pg.ClientBase, pk: number): Promise<ReadLogRow[]> {
  return (await client.query(`${SELECT} WHERE r.entry_pk = $1 ORDER BY r.seq`, [pk])).rows.map(toRow);
}

/** The read log of a turn's entries visible to the bound principal, oldest first. */
export async function readsOfTurn(client: pg.ClientBase, turnId: string): Promise<ReadLogRow[]> {
  return (await client.query(`${SELECT} WHERE o.turn_id = $1 ORDER BY r.seq`, [turnId])).rows.map(toRow);
}
