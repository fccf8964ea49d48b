import { OPERATOR_ROLE, OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA } from '../names';
import { CHANGE_CHANNEL } from '../data/notify';
import { TOTALS_BY_CALL_SETTING } from './004-cheap-principal-and-calls';
import { ADD_ONE, ADD_SET, BUCKET_FLAGS_LIST, COLUMNS } from './005-inline-content';

/*
 * Schema 6: the principal checks of every policy inlined into the statement's plan.
 *
 * is_schema_owner(): schema 4 made it PL/pgSQL (its SQL body held a sub-select on pg_namespace, which keeps an
 * SQL function from being inlined, and PostgreSQL 17 plans a non-inlined SQL function again in every statement).
 * Still, each call was a PL/pgSQL call plus that sub-select through SPI: ~10-15 µs, and principal() asks it in
 * every policy check of every role outside scratchpad_app (the schema owner, per-user roles, the operator), three
 * times per put. Now it is one built-in call, `has_schema_privilege(current_user, 'scratchpad', 'CREATE WITH GRANT
 * OPTION')`, in an SQL-standard body (names resolved once, here, as schema 1 did): inlined into principal(), which
 * is itself inlined into each policy, so a policy check costs what a comparison with a setting costs.
 *
 * What it answers: PostgreSQL gives a schema's owner every grant option implicitly, and so to every role that
 * has the owner's privileges (pg_has_role(..., 'USAGE'), what schema 4 asked: members that inherit, and
 * superusers). The only other roles holding CREATE WITH GRANT OPTION on the schema are those the owner (or a
 * holder of that option) granted it explicitly, which neither the roles script nor the store ever does: an
 * owner could hand any role every capability anyway (turn RLS off, or a SECURITY DEFINER function), so a role
 * it gave the schema's grant option binding principals adds nothing it could not already give. A role with
 * USAGE or plain CREATE on the schema (every store role) is not the owner.
 *
 * is_operator(): the setting is compared before the membership check, so a transaction that did not ask for
 * the operator view (every put, every user's read) pays for no role lookup in the operator policies; the
 * answer is the same (both must hold).
 *
 * put_one_chunk: the row INSERT and the turn totals UPDATE are one statement (the INSERT a data-modifying CTE,
 * which always runs to completion), so the call starts one executor, not two (executor start-up, which
 * pg_stat_statements does not count, was about as dear as the UPDATE itself); the change notice is an assignment
 * (PL/pgSQL's simple-expression path) instead of PERFORM (a SELECT through SPI). Same arguments, binding, totals
 * and notice as schema 5; totals_by_call is still 'on' while the row is inserted (the trigger skips it) and
 * cleared right after.
 *
 * CREATE OR REPLACE keeps each function's oid, so principal(), the policies and the grants that name them stay.
 */
export const MIGRATION_006 = `
CREATE OR REPLACE FUNCTION ${SCHEMA}.is_schema_owner() RETURNS boolean LANGUAGE sql STABLE
  RETURN coalesce(pg_catalog.has_schema_privilege(current_user, '${SCHEMA}', 'CREATE WITH GRANT OPTION'), false);

CREATE OR REPLACE FUNCTION ${SCHEMA}.is_operator() RETURNS boolean LANGUAGE sql STABLE
  RETURN coalesce(pg_catalog.current_setting('${OPERATOR_SETTING}', true), '') = 'on'
    AND coalesce(pg_catalog.pg_has_role(current_user, pg_catalog.to_regrole('${OPERATOR_ROLE}'), 'USAGE'), false);

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
  WITH o AS (
    INSERT INTO ${SCHEMA}.observations (pk, id, owner, turn_id, step_num, executor_name, kind, structured, size_bytes, length_units,
        chunk_units, newlines, created_at, expires_at, actor, channel, detected_type, sha256, summary, handle, cp_index, data)
      VALUES (v_pk, p_random || pg_catalog.lpad(pg_catalog.to_hex(v_pk), 12, '0'), p_owner, p_turn_id, p_step_num, p_executor_name, p_kind,
        p_structured, p_size_bytes, p_length_units, p_chunk_units, p_newlines, p_created_at, p_expires_at, p_actor, p_channel,
        p_detected_type, p_sha256, p_summary, p_handle, p_cp_index, p_data)
  )
  UPDATE ${SCHEMA}.turn_totals t SET ${ADD_ONE} WHERE t.owner = p_owner AND t.turn_id = p_turn_id;
  -- An assignment leaves FOUND as the statement set it (the UPDATE's: false only for a turn's first row).
  v_set := pg_catalog.set_config('${TOTALS_BY_CALL_SETTING}', 'off', true);
  IF NOT FOUND THEN
    INSERT INTO ${SCHEMA}.turn_totals AS t (${COLUMNS})
      VALUES (p_owner, p_turn_id, 1, p_size_bytes, (p_kind = 'text')::int, CASE WHEN p_kind = 'text' THEN p_size_bytes ELSE 0 END,
        ${BUCKET_FLAGS_LIST.join(', ')})
    ON CONFLICT (owner, turn_id) DO UPDATE SET ${ADD_SET};
  END IF;
  v_set := pg_catalog.pg_notify('${CHANGE_CHANNEL}', 'put:' || v_pk);
  RETURN v_pk;
END
$fn$;

`;
