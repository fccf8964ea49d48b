import { APP_ROLE, OPERATOR_ROLE, OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA, USER_ROLE } from '../names';
import { CHANGE_CHANNEL } from '../data/notify';

/*
 * Schema 3.
 *
 * turn_totals: one row of additive aggregates per (owner, turn): rows, bytes, text rows and bytes, and the row
 * count of each stats size bucket (TOTALS_BUCKET_BOUNDS). Triggers on observations keep it current in the same
 * transaction as the change: each inserted row adds itself (one upsert; row-level, which costs a put less than
 * a statement-level trigger's transition table), a DELETE subtracts its rows per turn (a turn that reaches zero
 * is removed), statement-level over the transition table, so a gc batch of 1,000 rows is two statements on the
 * totals, not 1,000. Concurrent writers stay exact: each upsert or update takes the totals row's
 * lock and adds to the committed value (READ COMMITTED re-reads a row changed meanwhile). owner, turn_id, kind
 * and size_bytes of an observation are fixed once written (a guard trigger refuses changing them), so an UPDATE
 * (a TTL change) never moves a row between totals. Stats then read ~one row per turn instead of every row; only
 * the expired part (which depends on `now`) is counted from observations, by the expiry index.
 *
 * RLS as on every table: the triggers run as the invoker (SECURITY INVOKER), so a principal adds to and subtracts
 * from its own totals only, and the operator view's gc updates other owners' totals under its own policies.
 *
 * One-call reads and writes (one round trip each, in the statement's own implicit transaction, the principal
 * bound first with set_config(..., true) as in schema 2): turn_entries_json (a turn's listing as one JSON array,
 * parsed by the client in one JSON.parse instead of 16 fields per row), stats_from_totals, gc_batch (one whole
 * batch: rows, chunks, read log, and the change notice), entries_holding (the server-side prefilter of a literal
 * search: which entries hold the needle, inside a chunk or across a chunk boundary, without sending content).
 */

/** Size bucket upper bounds (bytes) whose counts turn_totals stores (b0..b6; the last bucket unbounded). */
export const TOTALS_BUCKET_BOUNDS: readonly number[] = [1_024, 16_384, 262_144, 1_048_576, 16_777_216, 268_435_456];

const BUCKETS = [...TOTALS_BUCKET_BOUNDS.map((_, i) => `b${i}`), `b${TOTALS_BUCKET_BOUNDS.length}`];

/** `count(*) FILTER (...) AS bI` of each bucket over `size_bytes`. */
const BUCKET_COUNTS = BUCKETS.map((b, i) => {
  const low = i === 0 ? null : TOTALS_BUCKET_BOUNDS[i - 1];
  const up = TOTALS_BUCKET_BOUNDS[i];
  const conds = [low === null ? null : `size_bytes > ${low}`, up === undefined ? null : `size_bytes <= ${up}`].filter((c) => c !== null);
  return `count(*) FILTER (WHERE ${conds.join(' AND ')}) AS ${b}`;
}).join(', ');

/** 1 or 0 per bucket for one row's NEW.size_bytes, in bucket order. */
const BUCKET_FLAGS = BUCKETS.map((_, i) => {
  const low = i === 0 ? null : TOTALS_BUCKET_BOUNDS[i - 1];
  const up = TOTALS_BUCKET_BOUNDS[i];
  const conds = [low === null ? null : `NEW.size_bytes > ${low}`, up === undefined ? null : `NEW.size_bytes <= ${up}`].filter((c) => c !== null);
  return `(${conds.join(' AND ')})::int`;
}).join(', ');

const COLUMNS = `owner, turn_id, rows, bytes, text_rows, text_bytes, ${BUCKETS.join(', ')}`;

/** Per (owner, turn) aggregates of the rows of `source` (a table or transition table). */
const AGGREGATE = (source: string) => `SELECT owner, turn_id, count(*) AS rows, sum(size_bytes) AS bytes, count(*) FILTER (WHERE kind = 'text') AS text_rows,
    coalesce(sum(size_bytes) FILTER (WHERE kind = 'text'), 0) AS text_bytes, ${BUCKET_COUNTS}
  FROM ${source} GROUP BY owner, turn_id`;

const ADD_SET = ['rows', 'bytes', 'text_rows', 'text_bytes', ...BUCKETS].map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
const SUB_SET = ['rows', 'bytes', 'text_rows', 'text_bytes', ...BUCKETS].map((c) => `${c} = t.${c} - d.${c}`).join(', ');

/** Binds the principal (and the operator view) for the current transaction, as schema 2's functions do. */
const BIND = `PERFORM pg_catalog.set_config('${PRINCIPAL_SETTING}', coalesce(p_owner, ''), true);
  PERFORM pg_catalog.set_config('${OPERATOR_SETTING}', CASE WHEN p_operator THEN 'on' ELSE 'off' END, true);`;

/** The listing columns of turn_entries_json, in this order (store/rows.ts reads them by position). */
export const TURN_ENTRY_FIELDS = [
  'pk',
  'id',
  'owner',
  'turn_id',
  'step_num',
  'executor_name',
  'kind',
  'structured',
  'size_bytes',
  'length_units',
  'chunk_units',
  'created_at',
  'expires_at',
  'actor',
  'channel',
  'summary',
] as const;

const ENTRY_JSON = `pg_catalog.json_build_array(${TURN_ENTRY_FIELDS.map((f) => `o.${f}`).join(', ')})`;
const ENTRY_ORDER = 'o.step_num NULLS LAST, o.created_at, o.pk';

/**
 * One gc batch's statement; `owner` is '' (operator view: every owner) or the owner condition. Oldest expiry
 * first by the expiry index alone, with no tie-break by row number: a tie-break made every batch read and sort
 * all the rows of one expiry (10,000 rows per batch when they all expired at the same second).
 */
const GC_BATCH = (owner: string) => `WITH gone AS (
      DELETE FROM ${SCHEMA}.observations
      WHERE pk = ANY (ARRAY(SELECT o.pk FROM ${SCHEMA}.observations o WHERE o.expires_at <= p_now${owner} ORDER BY o.expires_at LIMIT p_limit))
        AND expires_at + 0 <= p_now
      RETURNING pk, turn_id, owner, size_bytes
    ), chunks AS (
      DELETE FROM ${SCHEMA}.chunks WHERE entry_pk = ANY (ARRAY(SELECT pk FROM gone))
    ), reads AS (
      DELETE FROM ${SCHEMA}.read_log WHERE entry_pk = ANY (ARRAY(SELECT pk FROM gone))
    )
    SELECT coalesce(sum(s.n), 0), coalesce(pg_catalog.json_agg(pg_catalog.json_build_array(s.turn_id, s.owner, s.n, s.b)), '[]')
      INTO v_rows, v_groups
    FROM (SELECT g.turn_id, g.owner, count(*) AS n, sum(g.size_bytes) AS b FROM gone g GROUP BY g.turn_id, g.owner) s;`;

/** Chunks of the entries p_pks holding the LIKE pattern p_pattern (p_needle_bytes long) inside or across a boundary. */
const HOLDING = (owner: string) => `SELECT DISTINCT s.entry_pk FROM (
      SELECT c.entry_pk, c.data LIKE p_pattern AS inside, pg_catalog.substr(c.data, 1, p_needle_bytes - 1) AS head,
        pg_catalog.lag(pg_catalog.substr(c.data, GREATEST(pg_catalog.octet_length(c.data) - p_needle_bytes + 2, 1)))
          OVER (PARTITION BY c.entry_pk ORDER BY c.seq) AS prev_tail
      FROM ${SCHEMA}.chunks c WHERE c.entry_pk = ANY (p_pks)${owner}
    ) s WHERE s.inside OR s.prev_tail || s.head LIKE p_pattern`;

export const MIGRATION_003 = `
CREATE TABLE ${SCHEMA}.turn_totals (
  owner text NOT NULL,
  turn_id text NOT NULL,
  rows bigint NOT NULL,
  bytes bigint NOT NULL,
  text_rows bigint NOT NULL,
  text_bytes bigint NOT NULL,
  ${BUCKETS.map((b) => `${b} bigint NOT NULL`).join(',\n  ')},
  PRIMARY KEY (owner, turn_id)
);

-- Filled from the rows already there. observations has RLS forced (the schema owner too), so it is lifted for
-- this one statement inside the migration's transaction (ALTER TABLE holds its lock until COMMIT: no other
-- session ever sees it lifted); turn_totals gets RLS after it is filled.
ALTER TABLE ${SCHEMA}.observations NO FORCE ROW LEVEL SECURITY;
INSERT INTO ${SCHEMA}.turn_totals (${COLUMNS}) ${AGGREGATE(`${SCHEMA}.observations`)};
ALTER TABLE ${SCHEMA}.observations FORCE ROW LEVEL SECURITY;

ALTER TABLE ${SCHEMA}.turn_totals ENABLE ROW LEVEL SECURITY;
ALTER TABLE ${SCHEMA}.turn_totals FORCE ROW LEVEL SECURITY;
CREATE POLICY owner_rows ON ${SCHEMA}.turn_totals FOR ALL USING (owner = (SELECT ${SCHEMA}.principal())) WITH CHECK (owner = (SELECT ${SCHEMA}.principal()));
CREATE POLICY operator_read ON ${SCHEMA}.turn_totals FOR SELECT USING ((SELECT ${SCHEMA}.is_operator()));
-- The operator view's gc subtracts the rows it removes from their owners' totals.
CREATE POLICY operator_gc ON ${SCHEMA}.turn_totals FOR DELETE USING ((SELECT ${SCHEMA}.is_operator()));
CREATE POLICY operator_totals ON ${SCHEMA}.turn_totals FOR UPDATE USING ((SELECT ${SCHEMA}.is_operator())) WITH CHECK ((SELECT ${SCHEMA}.is_operator()));

CREATE FUNCTION ${SCHEMA}.turn_totals_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO ${SCHEMA}.turn_totals AS t (${COLUMNS})
    VALUES (NEW.owner, NEW.turn_id, 1, NEW.size_bytes, (NEW.kind = 'text')::int, CASE WHEN NEW.kind = 'text' THEN NEW.size_bytes ELSE 0 END,
      ${BUCKET_FLAGS})
  ON CONFLICT (owner, turn_id) DO UPDATE SET ${ADD_SET};
  RETURN NULL;
END
$fn$;

CREATE FUNCTION ${SCHEMA}.turn_totals_removed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- A turn whose last rows went is removed; the others get the removed rows subtracted.
  DELETE FROM ${SCHEMA}.turn_totals t USING (SELECT owner, turn_id, count(*) AS rows FROM removed GROUP BY owner, turn_id) d
    WHERE t.owner = d.owner AND t.turn_id = d.turn_id AND t.rows = d.rows;
  UPDATE ${SCHEMA}.turn_totals t SET ${SUB_SET} FROM (${AGGREGATE('removed')}) d
    WHERE t.owner = d.owner AND t.turn_id = d.turn_id;
  RETURN NULL;
END
$fn$;

CREATE FUNCTION ${SCHEMA}.observation_fixed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'owner, turn_id, kind and size_bytes of an observation cannot change (the turn totals follow them)'
    USING ERRCODE = 'integrity_constraint_violation';
END
$fn$;

CREATE TRIGGER turn_totals_added AFTER INSERT ON ${SCHEMA}.observations FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.turn_totals_added();
CREATE TRIGGER turn_totals_removed AFTER DELETE ON ${SCHEMA}.observations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.turn_totals_removed();
CREATE TRIGGER observation_fixed BEFORE UPDATE OF owner, turn_id, kind, size_bytes ON ${SCHEMA}.observations FOR EACH ROW
  WHEN (OLD.owner IS DISTINCT FROM NEW.owner OR OLD.turn_id IS DISTINCT FROM NEW.turn_id OR OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.size_bytes IS DISTINCT FROM NEW.size_bytes)
  EXECUTE FUNCTION ${SCHEMA}.observation_fixed();

-- A turn's listing as one JSON array of arrays (TURN_ENTRY_FIELDS), by step (nulls last), creation, row number.
CREATE FUNCTION ${SCHEMA}.turn_entries_json(p_owner text, p_operator boolean, p_turn_id text) RETURNS json LANGUAGE plpgsql AS $fn$
DECLARE v json;
BEGIN
  ${BIND}
  IF p_owner IS NULL THEN
    SELECT pg_catalog.json_agg(${ENTRY_JSON} ORDER BY ${ENTRY_ORDER}) INTO v FROM ${SCHEMA}.observations o WHERE o.turn_id = p_turn_id;
  ELSE
    SELECT pg_catalog.json_agg(${ENTRY_JSON} ORDER BY ${ENTRY_ORDER}) INTO v FROM ${SCHEMA}.observations o
      WHERE o.turn_id = p_turn_id AND o.owner = p_owner;
  END IF;
  RETURN coalesce(v, '[]'::json);
END
$fn$;

-- Stats totals of the scope from turn_totals (bucket i: TOTALS_BUCKET_BOUNDS), the expired part at p_now
-- (Unix seconds) from observations by the expiry index.
CREATE FUNCTION ${SCHEMA}.stats_from_totals(p_owner text, p_operator boolean, p_now double precision)
RETURNS TABLE (total_rows numeric, total_bytes numeric, total_text_rows numeric, total_text_bytes numeric, expired_rows bigint, expired_bytes numeric,
  buckets numeric[])
LANGUAGE plpgsql AS $fn$
BEGIN
  ${BIND}
  IF p_owner IS NULL THEN
    RETURN QUERY SELECT coalesce(sum(t.rows), 0), coalesce(sum(t.bytes), 0), coalesce(sum(t.text_rows), 0), coalesce(sum(t.text_bytes), 0),
        (SELECT count(*) FROM ${SCHEMA}.observations o WHERE o.expires_at <= p_now),
        (SELECT coalesce(sum(o.size_bytes), 0) FROM ${SCHEMA}.observations o WHERE o.expires_at <= p_now),
        ARRAY[${BUCKETS.map((b) => `coalesce(sum(t.${b}), 0)`).join(', ')}]
      FROM ${SCHEMA}.turn_totals t;
  ELSE
    RETURN QUERY SELECT coalesce(sum(t.rows), 0), coalesce(sum(t.bytes), 0), coalesce(sum(t.text_rows), 0), coalesce(sum(t.text_bytes), 0),
        (SELECT count(*) FROM ${SCHEMA}.observations o WHERE o.expires_at <= p_now AND o.owner = p_owner),
        (SELECT coalesce(sum(o.size_bytes), 0) FROM ${SCHEMA}.observations o WHERE o.expires_at <= p_now AND o.owner = p_owner),
        ARRAY[${BUCKETS.map((b) => `coalesce(sum(t.${b}), 0)`).join(', ')}]
      FROM ${SCHEMA}.turn_totals t WHERE t.owner = p_owner;
  END IF;
END
$fn$;

-- One gc batch: up to p_limit rows of the scope with expires_at <= p_now, oldest expiry first, with their chunks
-- and read log (one statement: all or nothing), and the change notice gc:<rows> (sent only if it commits).
-- Returns [[turn_id, owner, rows, bytes], ...].
CREATE FUNCTION ${SCHEMA}.gc_batch(p_owner text, p_operator boolean, p_now double precision, p_limit integer) RETURNS json LANGUAGE plpgsql AS $fn$
DECLARE v_rows bigint; v_groups json;
BEGIN
  ${BIND}
  IF p_owner IS NULL THEN
    ${GC_BATCH('')}
  ELSE
    ${GC_BATCH(' AND o.owner = p_owner')}
  END IF;
  IF v_rows > 0 THEN PERFORM pg_catalog.pg_notify('${CHANGE_CHANNEL}', 'gc:' || v_rows); END IF;
  RETURN v_groups;
END
$fn$;

-- The entries of p_pks holding p_pattern (a LIKE pattern '%needle%', the needle p_needle_bytes long): inside a
-- chunk, or across a boundary (the previous chunk's last p_needle_bytes - 1 bytes and this one's first ones; the
-- caller asks only when the needle is shorter than a chunk, so a match spans at most two). Content never leaves
-- the server.
CREATE FUNCTION ${SCHEMA}.entries_holding(p_owner text, p_operator boolean, p_pks bigint[], p_pattern bytea, p_needle_bytes integer)
RETURNS SETOF bigint LANGUAGE plpgsql AS $fn$
BEGIN
  ${BIND}
  IF p_owner IS NULL THEN
    RETURN QUERY ${HOLDING('')};
  ELSE
    RETURN QUERY ${HOLDING(' AND c.owner = p_owner')};
  END IF;
END
$fn$;

DO $grants$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['${APP_ROLE}', '${USER_ROLE}'] LOOP
    IF to_regrole(r) IS NOT NULL THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ${SCHEMA}.turn_totals TO %I', r);
      EXECUTE format('GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries_json, ${SCHEMA}.stats_from_totals, ${SCHEMA}.gc_batch, ${SCHEMA}.entries_holding TO %I', r);
    END IF;
  END LOOP;
  IF to_regrole('${OPERATOR_ROLE}') IS NOT NULL THEN
    GRANT SELECT, UPDATE, DELETE ON ${SCHEMA}.turn_totals TO ${OPERATOR_ROLE};
    GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries_json, ${SCHEMA}.stats_from_totals, ${SCHEMA}.gc_batch, ${SCHEMA}.entries_holding TO ${OPERATOR_ROLE};
  END IF;
END
$grants$;
`;
