import { APP_ROLE, OPERATOR_ROLE, OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA, USER_ROLE } from '../names';
import { CHANGE_CHANNEL } from '../data/notify';
import { TOTALS_BUCKET_BOUNDS, TURN_ENTRY_FIELDS } from './003-turn-totals-and-calls';

/*
 * Schema 4: the same rules, paid for once per statement instead of planned again in every statement.
 *
 * is_schema_owner(): schema 1 gave it an SQL-standard body holding a sub-select (the schema's owner from
 * pg_namespace). A sub-select keeps an SQL function from being inlined, and PostgreSQL 17 plans the body of a
 * non-inlined SQL function again in every statement that calls it: principal() (which asks it for every role
 * outside scratchpad_app) cost ~0.2 ms per statement, about five times per put (each policy check and the totals
 * trigger), i.e. most of a put's server time. Now it is PL/pgSQL, whose plan is kept per connection: ~0.01 ms.
 * Its search_path is pinned (SET search_path = pg_catalog, pg_temp) and every name in it is qualified, operators
 * too, so a caller's search_path still cannot swap a function or operator of its own into it (the reason schema
 * 1 used SQL-standard bodies). principal() and is_operator() keep their bodies and are still inlined.
 *
 * put_one_chunk: the metadata row and its chunk in one statement, and the row added to its turn's totals by the
 * call itself (a plain UPDATE of the totals row, the upsert only for a turn's first row; no trigger call). The
 * row trigger of schema 3 stays for every other insert, skipped only while the setting scratchpad.totals_by_call
 * is 'on', which put_one_chunk sets around its own INSERT and clears right after (is_local, so also gone at the
 * end of the transaction). Any role may set it, and it grants nothing: a role can
 * only insert rows of its own principal (RLS), and it may already update its own totals rows; skipping them only
 * falsifies its own stats.
 *
 * turn_entries_split: a turn's listing as one JSON array of arrays without the summaries, then the summaries
 * joined as one text with U+001E (record separator) between them: escaping ~1 KB summaries into JSON was most of
 * the listing's server time. A summary that holds U+001E itself makes more pieces than rows; the client then
 * asks turn_entries_json (schema 3) instead, so the split never guesses.
 *
 * stats_from_totals: the expired part (count and bytes of rows with expires_at <= now) in one query instead of
 * two. An owner's expired rows come from the new index observations_owner_expiry (owner, expires_at) INCLUDE
 * (size_bytes), one index-only range whatever the statistics say: before, the planner (on stale or no
 * statistics, a bulk put later) scanned every row of the owner through (owner, turn_id) and the heap, twice,
 * ~14 ms at 40,000 rows. It costs a put one more index entry. Bitmap scans are off inside the function: they
 * never mark an index entry dead, so after a gc every stats call visited every removed row's entry again until
 * vacuum (~5 ms per 30,000); an index scan marks them on its first pass. The operator's (every owner's) expired
 * part is planned with the actual `now` on every call (EXECUTE ... USING).
 *
 * Every function stays SECURITY INVOKER and binds the principal with set_config(..., true) for its own statement's
 * transaction, exactly as before: RLS (forced) applies to every row they touch, and a per-user role stays itself
 * whatever name it passes.
 */

/** Setting that makes the totals trigger skip a row (put_one_chunk adds the row to the totals itself). */
export const TOTALS_BY_CALL_SETTING = 'scratchpad.totals_by_call';

const BUCKETS = [...TOTALS_BUCKET_BOUNDS.map((_, i) => `b${i}`), `b${TOTALS_BUCKET_BOUNDS.length}`];
const COLUMNS = `owner, turn_id, rows, bytes, text_rows, text_bytes, ${BUCKETS.join(', ')}`;
const ADD_SET = ['rows', 'bytes', 'text_rows', 'text_bytes', ...BUCKETS].map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');

/** 1 or 0 per bucket for a row of p_size_bytes bytes, in bucket order. */
const BUCKET_FLAGS_LIST = BUCKETS.map((_, i) => {
  const low = i === 0 ? null : TOTALS_BUCKET_BOUNDS[i - 1];
  const up = TOTALS_BUCKET_BOUNDS[i];
  const conds = [low === null ? null : `p_size_bytes > ${low}`, up === undefined ? null : `p_size_bytes <= ${up}`].filter((c) => c !== null);
  return `(${conds.join(' AND ')})::int`;
});
const BUCKET_FLAGS = BUCKET_FLAGS_LIST.join(', ');

/** `rows = t.rows + 1, bytes = t.bytes + p_size_bytes, ...`: one row of p_size_bytes bytes added to a totals row. */
const ADD_ONE = [
  't.rows + 1',
  't.bytes + p_size_bytes',
  `t.text_rows + (p_kind = 'text')::int`,
  `t.text_bytes + CASE WHEN p_kind = 'text' THEN p_size_bytes ELSE 0 END`,
  ...BUCKET_FLAGS_LIST.map((f, i) => `t.b${i} + ${f}`),
]
  .map((v, i) => `${['rows', 'bytes', 'text_rows', 'text_bytes', ...BUCKETS][i]} = ${v}`)
  .join(', ');

const BIND = `PERFORM pg_catalog.set_config('${PRINCIPAL_SETTING}', coalesce(p_owner, ''), true);
  PERFORM pg_catalog.set_config('${OPERATOR_SETTING}', CASE WHEN p_operator THEN 'on' ELSE 'off' END, true);`;

/** The listing columns of turn_entries_split's JSON, in this order: TURN_ENTRY_FIELDS without the summary. */
export const SPLIT_ENTRY_FIELDS = TURN_ENTRY_FIELDS.filter((f) => f !== 'summary');
/** What turn_entries_split puts between two summaries. */
export const SUMMARY_SEPARATOR = '\u001e';

const ENTRY_JSON = `pg_catalog.json_build_array(${SPLIT_ENTRY_FIELDS.map((f) => `o.${f}`).join(', ')})`;
const ENTRY_ORDER = 'o.step_num NULLS LAST, o.created_at, o.pk';
const SPLIT = (owner: string) => `SELECT coalesce(pg_catalog.json_agg(${ENTRY_JSON} ORDER BY ${ENTRY_ORDER}), '[]'::json),
      coalesce(pg_catalog.string_agg(o.summary, E'\\x1e' ORDER BY ${ENTRY_ORDER}), '')
    FROM ${SCHEMA}.observations o WHERE o.turn_id = p_turn_id${owner}`;

const EXPIRED_ALL = `SELECT count(*), coalesce(sum(o.size_bytes), 0) FROM ${SCHEMA}.observations o WHERE o.expires_at <= $1`;

export const MIGRATION_004 = `
CREATE OR REPLACE FUNCTION ${SCHEMA}.is_schema_owner() RETURNS boolean LANGUAGE plpgsql STABLE
  SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
  RETURN pg_catalog.pg_has_role(current_user,
    (SELECT n.nspowner FROM pg_catalog.pg_namespace n WHERE n.nspname OPERATOR(pg_catalog.=) '${SCHEMA}'), 'USAGE');
END
$fn$;

CREATE INDEX observations_owner_expiry ON ${SCHEMA}.observations (owner, expires_at) INCLUDE (size_bytes);

DROP TRIGGER turn_totals_added ON ${SCHEMA}.observations;
CREATE TRIGGER turn_totals_added AFTER INSERT ON ${SCHEMA}.observations FOR EACH ROW
  WHEN (pg_catalog.current_setting('${TOTALS_BY_CALL_SETTING}', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ${SCHEMA}.turn_totals_added();

CREATE OR REPLACE FUNCTION ${SCHEMA}.put_one_chunk(
  p_owner text, p_random text, p_turn_id text, p_step_num integer, p_executor_name text, p_kind text, p_structured boolean,
  p_size_bytes bigint, p_length_units bigint, p_chunk_units integer, p_newlines bigint, p_created_at double precision,
  p_expires_at double precision, p_actor text, p_channel text, p_detected_type text, p_sha256 text, p_summary text, p_handle text,
  p_cp_index bytea, p_data bytea
) RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE v_pk bigint;
BEGIN
  PERFORM pg_catalog.set_config('${PRINCIPAL_SETTING}', p_owner, true);
  PERFORM pg_catalog.set_config('${OPERATOR_SETTING}', 'off', true);
  PERFORM pg_catalog.set_config('${TOTALS_BY_CALL_SETTING}', 'on', true);
  v_pk := pg_catalog.nextval('${SCHEMA}.observation_pk');
  WITH o AS (
    INSERT INTO ${SCHEMA}.observations (pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, newlines, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle)
      VALUES (v_pk, p_random || pg_catalog.lpad(pg_catalog.to_hex(v_pk), 12, '0'), p_owner, p_turn_id, p_step_num, p_executor_name, p_kind,
        p_structured, p_size_bytes, p_length_units, p_chunk_units, p_newlines, p_created_at, p_expires_at, p_actor, p_channel,
        p_detected_type, p_sha256, p_summary, p_handle)
  )
  INSERT INTO ${SCHEMA}.chunks (entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, data)
    VALUES (v_pk, 0, p_owner, 0, 0, p_length_units, p_newlines, p_cp_index, p_data);
  PERFORM pg_catalog.set_config('${TOTALS_BY_CALL_SETTING}', 'off', true);
  -- The turn's totals row exists for every put but its first: a plain UPDATE, the upsert only when it does not.
  UPDATE ${SCHEMA}.turn_totals t SET ${ADD_ONE} WHERE t.owner = p_owner AND t.turn_id = p_turn_id;
  IF NOT FOUND THEN
    INSERT INTO ${SCHEMA}.turn_totals AS t (${COLUMNS})
      VALUES (p_owner, p_turn_id, 1, p_size_bytes, (p_kind = 'text')::int, CASE WHEN p_kind = 'text' THEN p_size_bytes ELSE 0 END, ${BUCKET_FLAGS})
    ON CONFLICT (owner, turn_id) DO UPDATE SET ${ADD_SET};
  END IF;
  PERFORM pg_catalog.pg_notify('${CHANGE_CHANNEL}', 'put:' || v_pk);
  RETURN v_pk;
END
$fn$;

-- A turn's listing: [[SPLIT_ENTRY_FIELDS...], ...] by step (nulls last), creation, row number, and the
-- summaries in the same order joined with U+001E between them.
CREATE FUNCTION ${SCHEMA}.turn_entries_split(p_owner text, p_operator boolean, p_turn_id text)
RETURNS TABLE (entries json, summaries text) LANGUAGE plpgsql AS $fn$
BEGIN
  ${BIND}
  IF p_owner IS NULL THEN
    RETURN QUERY ${SPLIT('')};
  ELSE
    RETURN QUERY ${SPLIT(' AND o.owner = p_owner')};
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION ${SCHEMA}.stats_from_totals(p_owner text, p_operator boolean, p_now double precision)
RETURNS TABLE (total_rows numeric, total_bytes numeric, total_text_rows numeric, total_text_bytes numeric, expired_rows bigint, expired_bytes numeric,
  buckets numeric[])
LANGUAGE plpgsql SET enable_bitmapscan = off AS $fn$
DECLARE v_rows bigint; v_bytes numeric;
BEGIN
  ${BIND}
  IF p_owner IS NULL THEN
    EXECUTE '${EXPIRED_ALL}' INTO v_rows, v_bytes USING p_now;
    RETURN QUERY SELECT coalesce(sum(t.rows), 0), coalesce(sum(t.bytes), 0), coalesce(sum(t.text_rows), 0), coalesce(sum(t.text_bytes), 0),
        v_rows, v_bytes, ARRAY[${BUCKETS.map((b) => `coalesce(sum(t.${b}), 0)`).join(', ')}]
      FROM ${SCHEMA}.turn_totals t;
  ELSE
    SELECT count(*), coalesce(sum(o.size_bytes), 0) INTO v_rows, v_bytes FROM ${SCHEMA}.observations o
      WHERE o.owner = p_owner AND o.expires_at <= p_now;
    RETURN QUERY SELECT coalesce(sum(t.rows), 0), coalesce(sum(t.bytes), 0), coalesce(sum(t.text_rows), 0), coalesce(sum(t.text_bytes), 0),
        v_rows, v_bytes, ARRAY[${BUCKETS.map((b) => `coalesce(sum(t.${b}), 0)`).join(', ')}]
      FROM ${SCHEMA}.turn_totals t WHERE t.owner = p_owner;
  END IF;
END
$fn$;

DO $grants$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['${APP_ROLE}', '${USER_ROLE}', '${OPERATOR_ROLE}'] LOOP
    IF to_regrole(r) IS NOT NULL THEN
      EXECUTE format('GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries_split TO %I', r);
    END IF;
  END LOOP;
END
$grants$;
`;
