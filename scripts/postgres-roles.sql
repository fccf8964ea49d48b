-- Roles and grants of the scratchpad's PostgreSQL store (see app/scratchpad/postgres/README.md).
-- Run once per database as a superuser (roles are cluster-wide; running it again changes nothing):
--   psql -v ON_ERROR_STOP=1 -d scratchpad -f scripts/postgres-roles.sql
-- It makes four NOLOGIN group roles and the empty schema; the tables are created by the first read-write open
-- (as scratchpad_owner when the opening role is a member of it). Then make the login roles you need, e.g.:
--
--   One application role (the service binds each transaction to its principal; RLS guards against bugs in our SQL):
--     CREATE ROLE agent_service LOGIN PASSWORD '...' IN ROLE scratchpad_app, scratchpad_owner;
--   One database role per user (its name is the owner id; it sees its own rows, whatever it sets):
--     CREATE ROLE "alice" LOGIN PASSWORD '...' IN ROLE scratchpad_user;
--   The operator (the inspector's "all owners" view and gc across owners):
--     CREATE ROLE ops LOGIN PASSWORD '...' IN ROLE scratchpad_operator;
--   A read-only inspector for one user: a per-user login opened read-only (the CLI's commands but a real gc, the
--   library's { readonly: true }: the store sends no writes), or revoke its writes: REVOKE INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA scratchpad FROM "alice";
--
-- Never make an application or user role a superuser or give it BYPASSRLS: both skip row-level security.

DO $roles$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['scratchpad_owner', 'scratchpad_app', 'scratchpad_user', 'scratchpad_operator'] LOOP
    IF to_regrole(r) IS NULL THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE', r);
    END IF;
  END LOOP;
END
$roles$;

CREATE SCHEMA IF NOT EXISTS scratchpad AUTHORIZATION scratchpad_owner;
ALTER SCHEMA scratchpad OWNER TO scratchpad_owner;
REVOKE ALL ON SCHEMA scratchpad FROM PUBLIC;
GRANT USAGE ON SCHEMA scratchpad TO scratchpad_app, scratchpad_user, scratchpad_operator;

-- Tables made later by scratchpad_owner (the migrations) get these privileges; RLS still decides the rows.
ALTER DEFAULT PRIVILEGES FOR ROLE scratchpad_owner IN SCHEMA scratchpad
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO scratchpad_app, scratchpad_user;
ALTER DEFAULT PRIVILEGES FOR ROLE scratchpad_owner IN SCHEMA scratchpad
  GRANT SELECT, DELETE ON TABLES TO scratchpad_operator;
ALTER DEFAULT PRIVILEGES FOR ROLE scratchpad_owner IN SCHEMA scratchpad
  GRANT USAGE ON SEQUENCES TO scratchpad_app, scratchpad_user;

-- The same for tables that already exist (the script run after the first open).
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA scratchpad TO scratchpad_app, scratchpad_user;
GRANT SELECT, DELETE ON ALL TABLES IN SCHEMA scratchpad TO scratchpad_operator;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA scratchpad TO scratchpad_app, scratchpad_user;
DO $log$
BEGIN
  IF to_regclass('scratchpad.read_log') IS NOT NULL THEN
    GRANT INSERT ON scratchpad.read_log TO scratchpad_operator;
    -- The operator view may change expiries (extendTtl), and only them (schema 2 and later).
    GRANT UPDATE (expires_at) ON scratchpad.observations TO scratchpad_operator;
  END IF;
  IF to_regclass('scratchpad.turn_totals') IS NOT NULL THEN
    -- The operator's gc subtracts what it removes from the owners' turn totals (schema 3 and later).
    GRANT UPDATE ON scratchpad.turn_totals TO scratchpad_operator;
  END IF;
END
$log$;
