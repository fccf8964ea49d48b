/*
 * Names the PostgreSQL layout shares with the roles script (scripts/postgres-roles.sql) and the README. Roles
 * are cluster-wide in PostgreSQL, so their names are fixed; the store's tables live in one schema of their own.
 */

/** The PostgreSQL schema (namespace) holding every table of the store. */
export const SCHEMA = 'scratchpad';
/** Marker row `format` in `scratchpad.meta`: its presence makes a schema ours. */
export const MARKER_FORMAT = 'scratchpad-inspector-postgres';
/** Setting that carries the principal of the current transaction (set with set_config(..., true)). */
export const PRINCIPAL_SETTING = 'scratchpad.principal';
/** Setting that asks for the operator view in the current transaction; honoured only for {@link OPERATOR_ROLE} members. */
export const OPERATOR_SETTING = 'scratchpad.operator';
/** Owns the schema and its tables (NOLOGIN); migrations run as it when the connecting role is a member. */
export const OWNER_ROLE = 'scratchpad_owner';
/** Members may bind any principal through {@link PRINCIPAL_SETTING} (the application's shared login). */
export const APP_ROLE = 'scratchpad_app';
/** Members are one principal each: their own role name, whatever the setting says (one database role per user). */
export const USER_ROLE = 'scratchpad_user';
/** Members may see every owner's rows and gc them, when they also set {@link OPERATOR_SETTING} = 'on'. */
export const OPERATOR_ROLE = 'scratchpad_operator';
/** The tables of the latest schema, in creation order: anything else in the schema makes it foreign. */
export const TABLES = ['meta', 'observations', 'chunks', 'read_log', 'turn_totals'] as const;
/** Key of pg_advisory_xact_lock held while migrating, so two processes opening a new database do not race. */
export const MIGRATION_LOCK_KEY = 0x5c7a_7c4d;
