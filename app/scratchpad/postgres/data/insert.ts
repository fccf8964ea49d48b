import type pg from 'pg';
import { ScratchpadError } from '../../types';
import { SCHEMA } from '../names';
import { countNewlines } from './newlines';
import { randomIdHex } from './random-id';

/** Content cut into chunks (the shape of v2's encoder output): bytes, chunk starts plus the end, cp_indexes. */
export interface ChunkedContent {
  readonly bytes: Buffer;
  /** Byte offset where each chunk starts, then the total length (chunks + 1 numbers). */
  readonly byteOffsets: readonly number[];
  /** Per chunk: cp_index bytes (uint32 LE offsets of code points 1,024, 2,048, ...) or null; null for all. */
  readonly cpIndexes: readonly (Buffer | null)[] | null;
  /** Code points (text) or bytes (binary). */
  readonly lengthUnits: number;
  readonly sha256: string;
  /** Per chunk: its `\n` count, when the encoder counted them (text); else counted here. */
  readonly newlines?: readonly number[] | null;
}

/** The metadata of one observation, as the core decided it. Times are Unix seconds from the store's clock. */
export interface ObservationInsert {
  readonly owner: string;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly kind: 'text' | 'binary';
  readonly structured: boolean;
  /** Units per chunk: code points (text) or bytes (binary). */
  readonly chunkUnits: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly actor: string | null;
  readonly channel: string | null;
  readonly detectedType: string | null;
  readonly summary: string;
  /** Packed handle fields the row cannot give back (JSON) or null. */
  readonly handle: string | null;
}

/** Chunks bound per INSERT statement after the first (each a binary parameter, so no hex encoding). */
const CHUNKS_PER_STATEMENT = 16;
/** Parameters per chunk row: seq, byte_start, unit_start, units, newlines, cp_index, data. */
const CHUNK_PARAMS = 7;

/*
 * One statement: the row number from the sequence (CTE k, evaluated once), the metadata row and the first chunks.
 * Neither INSERT has RETURNING: RETURNING makes PostgreSQL apply the SELECT policies too (one more evaluation of
 * the principal per table); the row number comes from k instead. Both INSERTs run to completion whether or not
 * the main query reads them, and a refused or failed row raises, so every VALUES row is written or none is.
 */
const INSERT_HEAD = `WITH k AS (SELECT nextval('${SCHEMA}.observation_pk') AS pk),
o AS (INSERT INTO ${SCHEMA}.observations (pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes,
    length_units, chunk_units, newlines, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle)
  SELECT k.pk, $1 || lpad(to_hex(k.pk), 12, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19 FROM k),
c AS (INSERT INTO ${SCHEMA}.chunks (entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, data)
  SELECT k.pk, v.seq, $2, v.byte_start, v.unit_start, v.units, v.newlines, v.cp_index, v.data
  FROM k, (VALUES `;
const HEAD_PARAMS = 19;

function valuesList(first: number, rows: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const p = (c: number) => `$${first + r * CHUNK_PARAMS + c}`;
    out.push(`(${p(0)}::integer, ${p(1)}::bigint, ${p(2)}::bigint, ${p(3)}::integer, ${p(4)}::integer, ${p(5)}::bytea, ${p(6)}::bytea)`);
  }
  return out.join(', ');
}

/** Parameters of chunk `seq`: seq, byte_start, unit_start, units, newlines, cp_index, data. */
function chunkParams(c: ChunkedContent, chunkUnits: number, seq: number, newlines: readonly number[]): unknown[] {
  const from = c.byteOffsets[seq] ?? 0;
  const to = c.byteOffsets[seq + 1] ?? from;
  const units = Math.max(0, Math.min(chunkUnits, c.lengthUnits - seq * chunkUnits));
  return [seq, from, seq * chunkUnits, units, newlines[seq] ?? 0, c.cpIndexes?.[seq] ?? null, c.bytes.subarray(from, to)];
}

/**
 * Inserts one observation (metadata) and all its chunks inside the caller's transaction (bound to the owner:
 * RLS refuses any other). The first statement allocates the row number, writes the metadata and the first
 * chunks; further chunks follow CHUNKS_PER_STATEMENT at a time as binary parameters. An empty content gets one
 * empty chunk 0. Returns the row number and its id (32 random hex digits, then pk as 12 hex, as in v2).
 * CORRUPT if a statement wrote fewer chunks than sent; driver errors propagate (the caller maps them).
 */
export async function insertObservation(client: pg.ClientBase, meta: ObservationInsert, content: ChunkedContent): Promise<{ pk: number; id: string }> {
  const random = randomIdHex();
  const chunkCount = Math.max(1, content.byteOffsets.length - 1);
  const perChunk: number[] = content.newlines?.length === chunkCount ? [...content.newlines] : [];
  for (let s = perChunk.length; s < chunkCount; s++)
    perChunk.push(countNewlines(content.bytes.subarray(content.byteOffsets[s] ?? 0, content.byteOffsets[s + 1] ?? 0)));
  const newlines = perChunk.reduce((a, b) => a + b, 0);
  const head = [
    random,
    meta.owner,
    meta.turnId,
    meta.stepNum,
    meta.executorName,
    meta.kind,
    meta.structured,
    content.bytes.length,
    content.lengthUnits,
    meta.chunkUnits,
    newlines,
    meta.createdAt,
    meta.expiresAt,
    meta.actor,
    meta.channel,
    meta.detectedType,
    content.sha256,
    meta.summary,
    meta.handle,
  ];
  const firstRows = Math.min(chunkCount, CHUNKS_PER_STATEMENT);
  const params: unknown[] = [...head];
  for (let s = 0; s < firstRows; s++) params.push(...chunkParams(content, meta.chunkUnits, s, perChunk));
  const sql = `${INSERT_HEAD}${valuesList(HEAD_PARAMS + 1, firstRows)}) AS v (seq, byte_start, unit_start, units, newlines, cp_index, data)) SELECT pk FROM k`;
  // Named: a connection parses and plans this once per chunk count (planning was a third of a small put's time).
  const res = await client.query<{ pk: string }>({ name: `scratchpad_insert_${firstRows}`, text: sql, values: params });
  if (res.rowCount !== 1) throw new ScratchpadError('CORRUPT', 'a new observation was not written');
  const pk = Number(res.rows[0]!.pk);
  for (let from = firstRows; from < chunkCount; from += CHUNKS_PER_STATEMENT) {
    const rows = Math.min(CHUNKS_PER_STATEMENT, chunkCount - from);
    const p: unknown[] = [pk, meta.owner];
    for (let s = from; s < from + rows; s++) p.push(...chunkParams(content, meta.chunkUnits, s, perChunk));
    const more = await client.query(
      `INSERT INTO ${SCHEMA}.chunks (entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, data)
      SELECT $1, v.seq, $2, v.byte_start, v.unit_start, v.units, v.newlines, v.cp_index, v.data FROM (VALUES ${valuesList(3, rows)}) AS v (seq, byte_start, unit_start, units, newlines, cp_index, data)`,
      p,
    );
    if (more.rowCount !== rows) throw new ScratchpadError('CORRUPT', `chunks ${from}.. of observation ${pk} were not written`);
  }
  return { pk, id: random + pk.toString(16).padStart(12, '0') };
}
