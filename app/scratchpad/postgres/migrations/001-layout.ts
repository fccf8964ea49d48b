import { APP_ROLE, MARKER_FORMAT, OPERATOR_ROLE, OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA, USER_ROLE } from '../names';

/*
 * Schema 1: the v2 layout (../../v2/FORMAT.md) on PostgreSQL, with row-level security on every table.
 *
 * observations: metadata only (listing, stats and gc read no content); `pk` from a sequence, the id is 32 random
 * hex digits then pk as 12 hex digits, as in v2, so a lookup is one primary-key fetch plus a constant-time
 * compare. `summary` stays here (PostgreSQL keeps a row's wide values in TOAST, and a delete rewrites no page of
 * neighbours, so the reason v2 moved it out does not hold). One covering index serves listForTurn, listTurns,
 * stats and the gc selection by index-only scans.
 *
 * chunks: content cut every chunk_units units (32,768 code points of text, never inside one; 65,536 bytes of
 * binary), the chunk holding unit u being seq = floor(u / chunk_units). `cp_index`: byte offsets (uint32 LE) of
 * code points 1,024, 2,048, ... of a non-ASCII text chunk. `newlines`: the chunk's count of "\n", for a line
 * index. `data` is STORAGE EXTERNAL (out of line, uncompressed): puts spend no CPU on compression and
 * substring() of a chunk reads only the TOAST pieces it needs.
 *
 * Every table carries `owner` and has RLS enabled and forced: a row is visible and writable when its owner is
 * scratchpad.principal() (the bound principal for the application role and the schema owner; the role's own
 * name for any other role), and readable and deletable by members of scratchpad_operator who set
 * scratchpad.operator = 'on'.
 *
 * No foreign keys, as in v2: a put writes an observation and its chunks in one transaction, and gc deletes an
 * observation, its chunks and its read log in one statement (set-based, where ON DELETE CASCADE fired one trigger
 * per row and a foreign key check per chunk inserted). Chunks are found by (entry_pk, seq), read-log rows by
 * (entry_pk, seq), both primary or indexed.
 */
export const MIGRATION_001 = `
CREATE TABLE ${SCHEMA}.meta (key text PRIMARY KEY, value text NOT NULL);
INSERT INTO ${SCHEMA}.meta (key, value) VALUES ('format', '${MARKER_FORMAT}');

-- The three functions below have SQL-standard bodies: parsed once here, with every name resolved now, so a
-- caller's search_path cannot swap pg_has_role or an operator for one of its own (a per-user role could
-- otherwise make principal() trust its setting), and the planner can inline them (no SET clause).

-- True for the role owning the schema (and its members): it could turn RLS off anyway.
CREATE FUNCTION ${SCHEMA}.is_schema_owner() RETURNS boolean LANGUAGE sql STABLE
  RETURN pg_catalog.pg_has_role(current_user, (SELECT n.nspowner FROM pg_catalog.pg_namespace n WHERE n.nspname = '${SCHEMA}'), 'USAGE');

-- The principal of the current transaction. Only members of ${APP_ROLE} (and the schema owner) may choose it
-- through the setting; any other role is the principal named like itself, whatever it sets.
CREATE FUNCTION ${SCHEMA}.principal() RETURNS text LANGUAGE sql STABLE
  RETURN CASE
    WHEN coalesce(pg_catalog.pg_has_role(current_user, pg_catalog.to_regrole('${APP_ROLE}'), 'USAGE'), false)
      OR ${SCHEMA}.is_schema_owner()
    THEN nullif(pg_catalog.current_setting('${PRINCIPAL_SETTING}', true), '')
    ELSE current_user::text
  END;

-- The operator view: a member of ${OPERATOR_ROLE} that asked for it in this transaction. The setting alone
-- grants nothing: any role may set a custom setting, so membership is what is checked.
CREATE FUNCTION ${SCHEMA}.is_operator() RETURNS boolean LANGUAGE sql STABLE
  RETURN coalesce(pg_catalog.pg_has_role(current_user, pg_catalog.to_regrole('${OPERATOR_ROLE}'), 'USAGE'), false)
    AND coalesce(pg_catalog.current_setting('${OPERATOR_SETTING}', true), '') = 'on';

CREATE SEQUENCE ${SCHEMA}.observation_pk AS bigint;
CREATE TABLE ${SCHEMA}.observations (
  pk bigint PRIMARY KEY,
  id text NOT NULL CHECK (length(id) = 44),
  owner text NOT NULL CHECK (owner <> ''),
  turn_id text NOT NULL,
  step_num integer,
  executor_name text,
  kind text NOT NULL CHECK (kind IN ('text', 'binary')),
  structured boolean NOT NULL,
  size_bytes bigint NOT NULL,
  length_units bigint NOT NULL,
  chunk_units integer NOT NULL CHECK (chunk_units > 0),
  newlines bigint NOT NULL,
  created_at double precision NOT NULL,
  expires_at double precision NOT NULL,
  actor text,
  channel text,
  detected_type text,
  sha256 text NOT NULL,
  summary text NOT NULL,
  handle text
);
ALTER SEQUENCE ${SCHEMA}.observation_pk OWNED BY ${SCHEMA}.observations.pk;
CREATE INDEX observations_turn ON ${SCHEMA}.observations
  (turn_id, owner, step_num, created_at) INCLUDE (size_bytes, expires_at, kind, executor_name);
CREATE INDEX observations_owner_turn ON ${SCHEMA}.observations (owner, turn_id) INCLUDE (created_at, size_bytes, expires_at);
CREATE INDEX observations_expiry ON ${SCHEMA}.observations (expires_at) INCLUDE (owner);

CREATE TABLE ${SCHEMA}.chunks (
  entry_pk bigint NOT NULL,
  seq integer NOT NULL CHECK (seq >= 0),
  owner text NOT NULL,
  byte_start bigint NOT NULL,
  unit_start bigint NOT NULL,
  units integer NOT NULL,
  newlines integer NOT NULL,
  cp_index bytea,
  data bytea NOT NULL,
  PRIMARY KEY (entry_pk, seq)
);
ALTER TABLE ${SCHEMA}.chunks ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE TABLE ${SCHEMA}.read_log (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_pk bigint NOT NULL,
  owner text NOT NULL,
  principal text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('full', 'head', 'tail', 'range', 'lines')),
  unit text NOT NULL CHECK (unit IN ('code_points', 'bytes')),
  start_unit bigint NOT NULL,
  end_unit bigint NOT NULL,
  truncated boolean NOT NULL,
  at double precision NOT NULL
);
CREATE INDEX read_log_entry ON ${SCHEMA}.read_log (entry_pk, seq);

DO $rls$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['meta', 'observations', 'chunks', 'read_log'] LOOP
    EXECUTE format('ALTER TABLE ${SCHEMA}.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE ${SCHEMA}.%I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['observations', 'chunks', 'read_log'] LOOP
    EXECUTE format('CREATE POLICY owner_rows ON ${SCHEMA}.%I FOR ALL USING (owner = (SELECT ${SCHEMA}.principal())) WITH CHECK (owner = (SELECT ${SCHEMA}.principal()))', t);
    EXECUTE format('CREATE POLICY operator_read ON ${SCHEMA}.%I FOR SELECT USING ((SELECT ${SCHEMA}.is_operator()))', t);
    EXECUTE format('CREATE POLICY operator_gc ON ${SCHEMA}.%I FOR DELETE USING ((SELECT ${SCHEMA}.is_operator()))', t);
  END LOOP;
END
$rls$;
-- A put of a one-chunk observation in one call (one round trip, in the caller's transaction or its own):
-- binds the principal, writes the metadata and chunk 0, sends the change notice, returns the row number. The
-- statements run in order, so row-level security checks the rows against the principal just bound. SECURITY
-- INVOKER (the default): the caller's own privileges and policies apply; a per-user role stays itself.
CREATE FUNCTION ${SCHEMA}.put_one_chunk(
  p_owner text, p_random text, p_turn_id text, p_step_num integer, p_executor_name text, p_kind text, p_structured boolean,
  p_size_bytes bigint, p_length_units bigint, p_chunk_units integer, p_newlines bigint, p_created_at double precision,
  p_expires_at double precision, p_actor text, p_channel text, p_detected_type text, p_sha256 text, p_summary text, p_handle text,
  p_cp_index bytea, p_data bytea
) RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE v_pk bigint;
BEGIN
  PERFORM pg_catalog.set_config('${PRINCIPAL_SETTING}', p_owner, true);
  PERFORM pg_catalog.set_config('${OPERATOR_SETTING}', 'off', true);
  v_pk := pg_catalog.nextval('${SCHEMA}.observation_pk');
  INSERT INTO ${SCHEMA}.observations (pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
      chunk_units, newlines, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle)
    VALUES (v_pk, p_random || pg_catalog.lpad(pg_catalog.to_hex(v_pk), 12, '0'), p_owner, p_turn_id, p_step_num, p_executor_name, p_kind,
      p_structured, p_size_bytes, p_length_units, p_chunk_units, p_newlines, p_created_at, p_expires_at, p_actor, p_channel,
      p_detected_type, p_sha256, p_summary, p_handle);
  INSERT INTO ${SCHEMA}.chunks (entry_pk, seq, owner, byte_start, unit_start, units, newlines, cp_index, data)
    VALUES (v_pk, 0, p_owner, 0, 0, p_length_units, p_newlines, p_cp_index, p_data);
  PERFORM pg_catalog.pg_notify('scratchpad_changes', 'put:' || v_pk);
  RETURN v_pk;
END
$fn$;

-- The operator's own reads of other owners' entries are logged too.
CREATE POLICY operator_log ON ${SCHEMA}.read_log FOR INSERT WITH CHECK ((SELECT ${SCHEMA}.is_operator()));
-- meta holds no owner's data: everyone may read it (to recognise the schema); only the owner writes it.
CREATE POLICY read_meta ON ${SCHEMA}.meta FOR SELECT USING (true);
CREATE POLICY owner_meta ON ${SCHEMA}.meta FOR ALL USING ((SELECT ${SCHEMA}.is_schema_owner())) WITH CHECK ((SELECT ${SCHEMA}.is_schema_owner()));

-- Privileges for the roles of scripts/postgres-roles.sql, when they exist (a store made by one role without
-- the script needs none). RLS decides which rows; these decide which statements.
DO $grants$
BEGIN
  IF to_regrole('${APP_ROLE}') IS NOT NULL THEN
    GRANT USAGE ON SCHEMA ${SCHEMA} TO ${APP_ROLE};
    GRANT SELECT ON ${SCHEMA}.meta TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ${SCHEMA}.observations, ${SCHEMA}.chunks, ${SCHEMA}.read_log TO ${APP_ROLE};
    GRANT USAGE ON SEQUENCE ${SCHEMA}.observation_pk TO ${APP_ROLE};
    GRANT EXECUTE ON FUNCTION ${SCHEMA}.put_one_chunk TO ${APP_ROLE};
  END IF;
  IF to_regrole('${USER_ROLE}') IS NOT NULL THEN
    GRANT USAGE ON SCHEMA ${SCHEMA} TO ${USER_ROLE};
    GRANT SELECT ON ${SCHEMA}.meta TO ${USER_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ${SCHEMA}.observations, ${SCHEMA}.chunks, ${SCHEMA}.read_log TO ${USER_ROLE};
    GRANT USAGE ON SEQUENCE ${SCHEMA}.observation_pk TO ${USER_ROLE};
    GRANT EXECUTE ON FUNCTION ${SCHEMA}.put_one_chunk TO ${USER_ROLE};
  END IF;
  IF to_regrole('${OPERATOR_ROLE}') IS NOT NULL THEN
    GRANT USAGE ON SCHEMA ${SCHEMA} TO ${OPERATOR_ROLE};
    GRANT SELECT ON ${SCHEMA}.meta TO ${OPERATOR_ROLE};
    GRANT SELECT, DELETE ON ${SCHEMA}.observations, ${SCHEMA}.chunks, ${SCHEMA}.read_log TO ${OPERATOR_ROLE};
    GRANT INSERT ON ${SCHEMA}.read_log TO ${OPERATOR_ROLE};
  END IF;
END
$grants$;
`;
