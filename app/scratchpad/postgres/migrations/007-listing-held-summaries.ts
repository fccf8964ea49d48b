import { APP_ROLE, OPERATOR_ROLE, OPERATOR_SETTING, PRINCIPAL_SETTING, SCHEMA, USER_ROLE } from '../names';
import { SPLIT_ENTRY_FIELDS } from './004-cheap-principal-and-calls';

/*
 * Schema 7: a turn's listing without the rows the client already holds.
 *
 * turn_entries_held is turn_entries_split (schema 4) plus, per row, its version (the row's xmin: any UPDATE of
 * the row, a TTL change or a hand edit included, makes a new version). The caller passes the rows it kept from
 * an earlier listing as a jsonb object (row number -> version, both as text); a row held at its current version
 * comes back as [pk, version, true] only, any other as [SPLIT_ENTRY_FIELDS..., version, false] with its summary
 * in the summaries text (U+001E between them, as in schema 4). A summary is ~1 KiB and the rest of a row ~150
 * bytes, so a listing of 100 x 1 MiB entries moved ~120 KB (the server's time for the call was mostly waiting
 * for the client to drain its socket) and built 1,700 JSON values (~0.4 ms of the server's time); asked again
 * (the inspector lists a turn again on every change notice), it now moves ~3 KB and builds 300. A held pair
 * that matches no row (gone, changed, of another owner) changes nothing: that row comes whole.
 *
 * Same binding as every one-call function (set_config(..., true) first, SECURITY INVOKER, so row-level security
 * applies to every row read), the owner in the query too. No row is rewritten and nothing else changes.
 */

/** A row not held in turn_entries_held's JSON: SPLIT_ENTRY_FIELDS, then its version and `false` (a held one: [pk, version, true]). */
export const HELD_ENTRY_FIELDS = [...SPLIT_ENTRY_FIELDS, 'version', 'held'] as const;

const ORDER = 'o.step_num NULLS LAST, o.created_at, o.pk';
const ENTRY = `CASE WHEN o.held THEN pg_catalog.json_build_array(o.pk, o.version, true)
      ELSE pg_catalog.json_build_array(${SPLIT_ENTRY_FIELDS.map((f) => `o.${f}`).join(', ')}, o.version, false) END`;
// The held test is one lookup in p_held (a jsonb object: its keys sorted, so a binary search) per row, whatever
// the plan: a join of the rows with the pairs as a set was planned as a nested loop (pairs x rows comparisons).
// OFFSET 0 keeps the subquery whole, so the test runs once per row, not once per use.
const LISTING = (owner: string) => `SELECT coalesce(pg_catalog.json_agg(${ENTRY} ORDER BY ${ORDER}), '[]'::json),
      coalesce(pg_catalog.string_agg(CASE WHEN NOT o.held THEN o.summary END, E'\\x1e' ORDER BY ${ORDER}), '')
    FROM (SELECT ${SPLIT_ENTRY_FIELDS.map((f) => `o.${f}`).join(', ')}, o.summary, o.xmin AS version,
        coalesce((p_held OPERATOR(pg_catalog.->>) o.pk::text) OPERATOR(pg_catalog.=) o.xmin::text, false) AS held
      FROM ${SCHEMA}.observations o WHERE o.turn_id = p_turn_id${owner} OFFSET 0) o`;

export const MIGRATION_007 = `
-- A turn's listing: [[pk, version, true] for a row held, [SPLIT_ENTRY_FIELDS..., version, false] for any other, ...]
-- by step (nulls last), creation, row number, and the summaries of the rows not held, in the same order, joined
-- with U+001E between them.
CREATE FUNCTION ${SCHEMA}.turn_entries_held(p_owner text, p_operator boolean, p_turn_id text, p_held jsonb)
RETURNS TABLE (entries json, summaries text) LANGUAGE plpgsql AS $fn$
DECLARE v_set text;
BEGIN
  v_set := pg_catalog.set_config('${PRINCIPAL_SETTING}', coalesce(p_owner, ''), true);
  v_set := pg_catalog.set_config('${OPERATOR_SETTING}', CASE WHEN p_operator THEN 'on' ELSE 'off' END, true);
  IF p_owner IS NULL THEN
    RETURN QUERY ${LISTING('')};
  ELSE
    RETURN QUERY ${LISTING(' AND o.owner = p_owner')};
  END IF;
END
$fn$;

DO $grants$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['${APP_ROLE}', '${USER_ROLE}', '${OPERATOR_ROLE}'] LOOP
    IF to_regrole(r) IS NOT NULL THEN
      EXECUTE format('GRANT EXECUTE ON FUNCTION ${SCHEMA}.turn_entries_held TO %I', r);
    END IF;
  END LOOP;
END
$grants$;
`;
