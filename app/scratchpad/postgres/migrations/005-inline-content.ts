import { OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA } from '../names';
import { CHANGE_CHANNEL } from '../data/notify';
import { TOTALS_BUCKET_BOUNDS } from './003-turn-totals-and-calls';
import { TOTALS_BY_CALL_SETTING } from './004-cheap-principal-and-calls';

/*
 * Schema 5: a one-chunk observation's content in its own row.
 *
 * observations gets `cp_index` and `data` (bytea, STORAGE EXTERNAL as chunks.data: out of line in TOAST,
 * uncompressed, so a put spends no CPU on pglz and substr() reads only the TOAST pieces it needs). put_one_chunk
 * writes the content there, and no chunks row: the chunks row, its primary-key entry and its row-level security
 * check (one more evaluation of principal(), the dearest part of a policy for the schema owner) were a third of
 * the server's work for an 8 KiB put. A row is inline exactly when `data` is not null; it then has no chunks
 * row, its one chunk being seq 0 with byte_start = unit_start = 0, units = length_units, newlines = newlines.
 * Rows written before (and every observation of two or more chunks, written by data/insert.ts) keep `data` null
 * and their chunks rows: readers take both layouts (data/chunks.ts, store/reader.ts), so nothing is rewritten.
 *
 * put_one_chunk also sets its settings by assignment (`v := set_config(...)`, PL/pgSQL's simple-expression path)
 * instead of PERFORM (a whole SELECT through SPI per call). Same arguments, same SECURITY INVOKER, same binding
 * and totals as schema 4; the grants of schema 1 stay (CREATE OR REPLACE keeps them).
 *
 * entries_holding (the literal search prefilter) also looks inside inline rows (a single chunk: no boundary).
 */

const BUCKETS = [...TOTALS_BUCKET_BOUNDS.map((_, i) => `b${i}`), `b${TOTALS_BUCKET_BOUNDS.length}`];
/** The columns of a turn_totals row, in order (shared with later migrations). */
export const COLUMNS = `owner, turn_id, rows, bytes, text_rows, text_bytes, ${BUCKETS.join(', ')}`;
/** `rows = t.rows + excluded.rows, ...`: an upsert's conflicting row added to the stored one. */
export const ADD_SET = ['rows', 'bytes', 'text_rows', 'text_bytes', ...BUCKETS].map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
/** Per size bucket, `(cond)::int`: 1 when a row of p_size_bytes bytes falls in it. */
export const BUCKET_FLAGS_LIST = BUCKETS.map((_, i) => {
  const low = i === 0 ? null : TOTALS_BUCKET_BOUNDS[i - 1];
  const up = TOTALS_BUCKET_BOUNDS[i];
  const conds = [low === null ? null : `p_size_bytes > ${low}`, up === undefined ? null : `p_size_bytes <= ${up}`].filter((c) => c !== null);
  return `(${conds.join(' AND ')})::int`;
});
/** `rows = t.rows + 1, bytes = t.bytes + p_size_bytes, ...`: one row of p_size_bytes bytes added to a totals row. */
export const ADD_ONE = [
  't.rows + 1',
  't.bytes + p_size_bytes',
  `t.text_rows + (p_kind = 'text')::int`,
  `t.text_bytes + CASE WHEN p_kind = 'text' THEN p_size_bytes ELSE 0 END`,
  ...BUCKET_FLAGS_LIST.map((f, i) => `t.b${i} + ${f}`),
]
  .map((v, i) => `${['rows', 'bytes', 'text_rows', 'text_bytes', ...BUCKETS][i]} = ${v}`)
  .join(', ');

/** Entries of p_pks holding p_pattern: in their chunks rows (inside one or across a boundary) or in their own row. */
const HOLDING = (chunkOwner: string, rowOwner: string) => `SELECT DISTINCT s.entry_pk FROM (
      SELECT c.entry_pk, c.data LIKE p_pattern AS inside, pg_catalog.substr(c.data, 1, p_needle_bytes - 1) AS head,
        pg_catalog.lag(pg_catalog.substr(c.data, GREATEST(pg_catalog.octet_length(c.data) - p_needle_bytes + 2, 1)))
          OVER (PARTITION BY c.entry_pk ORDER BY c.seq) AS prev_tail
      FROM ${SCHEMA}.chunks c WHERE c.entry_pk = ANY (p_pks)${chunkOwner}
    ) s WHERE s.inside OR s.prev_tail || s.head LIKE p_pattern
    UNION
    SELECT o.pk FROM ${SCHEMA}.observations o WHERE o.pk = ANY (p_pks) AND o.data IS NOT NULL AND o.data LIKE p_pattern${rowOwner}`;

export const MIGRATION_005 = `
ALTER TABLE ${SCHEMA}.observations ADD COLUMN cp_index bytea, ADD COLUMN data bytea;
ALTER TABLE ${SCHEMA}.observations ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE OR REPLACE FUNCTION ${SCHEMA}.put_one_chunk(
  p_owner text, p_random text, p_turn_id text, p_step_num integer, p_executor_name text, p_kind text, p_structured boolean,
  p_size_bytes bigint, p_length_units bigint, p_chunk_units integer, p_newlines bigint, p_created_at double precision,
  p_expires_at double precision, p_actor text, p_channel text, p_detected_type text, p_sha256 text, p_summary text, p_handle text,
  p_cp_index bytea, p_data bytea
) RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE v_pk bigint; v_set text;
BEGIN
  v_set := pg_catalog.set_config('${PRINCIPAL_SETTING}', p_owner, true);
  v_set := pg_catalog.set_config('${OPERATOR_SETTING}', 'off', true);
  v_set := pg_catalog.set_config('${TOTALS_BY_CALL_SETTING}', 'on', true);
  v_pk := pg_catalog.nextval('${SCHEMA}.observation_pk');
  INSERT INTO ${SCHEMA}.observations (pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
      chunk_units, newlines, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle, cp_index, data)
    VALUES (v_pk, p_random || pg_catalog.lpad(pg_catalog.to_hex(v_pk), 12, '0'), p_owner, p_turn_id, p_step_num, p_executor_name, p_kind,
      p_structured, p_size_bytes, p_length_units, p_chunk_units, p_newlines, p_created_at, p_expires_at, p_actor, p_channel,
      p_detected_type, p_sha256, p_summary, p_handle, p_cp_index, p_data);
  v_set := pg_catalog.set_config('${TOTALS_BY_CALL_SETTING}', 'off', true);
  UPDATE ${SCHEMA}.turn_totals t SET ${ADD_ONE} WHERE t.owner = p_owner AND t.turn_id = p_turn_id;
  IF NOT FOUND THEN
    INSERT INTO ${SCHEMA}.turn_totals AS t (${COLUMNS})
      VALUES (p_owner, p_turn_id, 1, p_size_bytes, (p_kind = 'text')::int, CASE WHEN p_kind = 'text' THEN p_size_bytes ELSE 0 END,
        ${BUCKET_FLAGS_LIST.join(', ')})
    ON CONFLICT (owner, turn_id) DO UPDATE SET ${ADD_SET};
  END IF;
  PERFORM pg_catalog.pg_notify('${CHANGE_CHANNEL}', 'put:' || v_pk);
  RETURN v_pk;
END
$fn$;

CREATE OR REPLACE FUNCTION ${SCHEMA}.entries_holding(p_owner text, p_operator boolean, p_pks bigint[], p_pattern bytea, p_needle_bytes integer)
RETURNS SETOF bigint LANGUAGE plpgsql AS $fn$
DECLARE v_set text;
BEGIN
  v_set := pg_catalog.set_config('${PRINCIPAL_SETTING}', coalesce(p_owner, ''), true);
  v_set := pg_catalog.set_config('${OPERATOR_SETTING}', CASE WHEN p_operator THEN 'on' ELSE 'off' END, true);
  IF p_owner IS NULL THEN
    RETURN QUERY ${HOLDING('', '')};
  ELSE
    RETURN QUERY ${HOLDING(' AND c.owner = p_owner', ' AND o.owner = p_owner')};
  END IF;
END
$fn$;
`;
