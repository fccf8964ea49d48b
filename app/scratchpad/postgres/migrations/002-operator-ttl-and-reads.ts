import { OPERATOR_ROLE, OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA, USER_ROLE, APP_ROLE } from '../names';

/*
 * Schema 2.
 *
 * The operator's TTL change: schema 1 gave scratchpad_operator SELECT and DELETE only, so an operator's
 * extendTtl changed nothing. Now the operator view may UPDATE observations, and only their expires_at (a
 * column privilege: the operator can neither move a row to another owner nor rewrite its metadata), under its
 * own policy (member of scratchpad_operator AND scratchpad.operator = 'on', as for reading and gc).
 *
 * One-call reads: listing a turn's entries and the stats totals are each one function call, so one round trip
 * with no BEGIN / COMMIT around it: the function binds the principal with set_config(..., true), which lasts for
 * the implicit transaction of that one statement, then runs its query. The statements run in order and the
 * policies read the setting when the query executes, so row-level security sees the principal just bound.
 * SECURITY INVOKER (the default): the caller's privileges and policies apply; a per-user role stays itself.
 * PL/pgSQL keeps each query's plan for the connection, so planning is paid once, not per call.
 */
export const MIGRATION_002 = `
CREATE POLICY operator_ttl ON ${SCHEMA}.observations FOR UPDATE
  USING ((SELECT ${SCHEMA}.is_operator())) WITH CHECK ((SELECT ${SCHEMA}.is_operator()));

-- The observations of one turn in the scope (p_owner null: every owner, for the operator view), metadata only,
-- by step (nulls last), creation time, row number.
CREATE FUNCTION ${SCHEMA}.turn_entries(p_owner text, p_operator boolean, p_turn_id text)
RETURNS TABLE (pk bigint, id text, owner text, turn_id text, step_num integer, executor_name text, kind text, structured boolean,
  size_bytes bigint, length_units bigint, chunk_units integer, created_at double precision, expires_at double precision,
  actor text, channel text, summary text)
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_catalog.set_config('${PRINCIPAL_SETTING}', coalesce(p_owner, ''), true);
  PERFORM pg_catalog.set_config('${OPERATOR_SETTING}', CASE WHEN p_operator THEN 'on' ELSE 'off' END, true);
  IF p_owner IS NULL THEN
    RETURN QUERY SELECT o.pk, o.id, o.owner, o.turn_id, o.step_num, o.executor_name, o.kind, o.structured, o.size_bytes, o.length_units,
        o.chunk_units, o.created_at, o.expires_at, o.actor, o.channel, o.summary
      FROM ${SCHEMA}.observations o WHERE o.turn_id = p_turn_id ORDER BY o.step_num NULLS LAST, o.created_at, o.pk;
  ELSE
    RETURN QUERY SELECT o.pk, o.id, o.owner, o.turn_id, o.step_num, o.executor_name, o.kind, o.structured, o.size_bytes, o.length_units,
        o.chunk_units, o.created_at, o.expires_at, o.actor, o.channel, o.summary
      FROM ${SCHEMA}.observations o WHERE o.turn_id = p_turn_id AND o.owner = p_owner ORDER BY o.step_num NULLS LAST, o.created_at, o.pk;
  END IF;
END
$fn$;

-- Totals over the scope at p_now (Unix seconds) and row counts per size bucket: bucket i holds the rows with
-- p_bounds[i] < size_bytes <= p_bounds[i + 1] (bytes; bucket 0 from 0, the last one unbounded), so
-- cardinality(p_bounds) + 1 buckets. Metadata only, one scan.
CREATE FUNCTION ${SCHEMA}.stats_totals(p_owner text, p_operator boolean, p_now double precision, p_bounds bigint[])
RETURNS TABLE (rows bigint, bytes numeric, text_rows bigint, text_bytes numeric, binary_rows bigint, binary_bytes numeric,
  expired_rows bigint, expired_bytes numeric, buckets bigint[])
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_catalog.set_config('${PRINCIPAL_SETTING}', coalesce(p_owner, ''), true);
  PERFORM pg_catalog.set_config('${OPERATOR_SETTING}', CASE WHEN p_operator THEN 'on' ELSE 'off' END, true);
  RETURN QUERY
    WITH per AS (
      -- size_bytes < bound + 1 is size_bytes <= bound for whole bytes: width_bucket counts from the lower edge.
      SELECT pg_catalog.width_bucket(o.size_bytes::float8, (SELECT pg_catalog.array_agg(b + 1 ORDER BY n)::float8[] FROM pg_catalog.unnest(p_bounds) WITH ORDINALITY AS u(b, n))) AS bucket,
        o.kind, count(*) AS n, sum(o.size_bytes) AS total,
        count(*) FILTER (WHERE o.expires_at <= p_now) AS expired_n, sum(o.size_bytes) FILTER (WHERE o.expires_at <= p_now) AS expired_total
      FROM ${SCHEMA}.observations o WHERE p_owner IS NULL OR o.owner = p_owner
      GROUP BY 1, 2
    )
    SELECT coalesce(sum(per.n), 0)::bigint, coalesce(sum(per.total), 0),
      coalesce(sum(per.n) FILTER (WHERE per.kind = 'text'), 0)::bigint, coalesce(sum(per.total) FILTER (WHERE per.kind = 'text'), 0),
      coalesce(sum(per.n) FILTER (WHERE per.kind = 'binary'), 0)::bigint, coalesce(sum(per.total) FILTER (WHERE per.kind = 'binary'), 0),
      coalesce(sum(per.expired_n), 0)::bigint, coalesce(sum(per.expired_total), 0),
      ARRAY(SELECT coalesce((SELECT sum(p.n) FROM per p WHERE p.bucket = i), 0)::bigint FROM pg_catalog.generate_series(0, pg_catalog.cardinality(p_bounds)) AS i ORDER BY i)
    FROM per;
END
$fn$;

DO $grants$
BEGIN
  IF to_regrole('${OPERATOR_ROLE}') IS NOT NULL THEN
    GRANT UPDATE (expires_at) ON ${SCHEMA}.observations TO ${OPERATOR_ROLE};
    GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries, ${SCHEMA}.stats_totals TO ${OPERATOR_ROLE};
  END IF;
  IF to_regrole('${APP_ROLE}') IS NOT NULL THEN
    GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries, ${SCHEMA}.stats_totals TO ${APP_ROLE};
  END IF;
  IF to_regrole('${USER_ROLE}') IS NOT NULL THEN
    GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries, ${SCHEMA}.stats_totals TO ${USER_ROLE};
  END IF;
END
$grants$;
`;
