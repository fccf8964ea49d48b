import type pg from 'pg';
import { ScratchpadError } from '../types';
import { mapPgError } from './errors';
import { inspectSchema, type SchemaState } from './inspect';
import { PG_LATEST_VERSION, PG_MIGRATIONS } from './migrations';
import { MIGRATION_LOCK_KEY, OWNER_ROLE, SCHEMA } from './names';

/** Options of {@link openSchema}. */
export interface OpenSchemaOptions {
  /** Redacted URL for messages. */
  readonly label: string;
  /** Never migrate: an empty database is NOT_FOUND, an older version UNSUPPORTED_FORMAT. */
  readonly readonly?: boolean;
  /** Migrate up to this version only (tests of a migration seed the one before). Default: latest. */
  readonly target?: number;
}

function refuse(label: string, state: SchemaState): void {
  if (state.kind === 'foreign') throw new ScratchpadError('UNSUPPORTED_FORMAT', `${label}: ${state.reason}`);
  if (state.kind === 'ours' && state.version > PG_LATEST_VERSION) {
    throw new ScratchpadError(
      'UNSUPPORTED_FORMAT',
      `${label}: schema version ${state.version} is newer than this program (${PG_LATEST_VERSION}); upgrade the inspector`,
    );
  }
}

/**
 * Checks the store's schema and brings it to `target` (default latest): each missing migration in its own
 * transaction under a transaction-level advisory lock (two processes opening a new database wait for each other
 * instead of both creating tables), as scratchpad_owner when the connecting role is a member of it. Returns the
 * version. UNSUPPORTED_FORMAT for a foreign schema or a newer version; NOT_FOUND read-only on an empty database;
 * INVALID_ARGUMENT when the role may not create the schema (it names the roles script); other driver errors
 * mapped by mapPgError.
 */
export async function openSchema(client: pg.ClientBase, options: OpenSchemaOptions): Promise<number> {
  const target = options.target ?? PG_LATEST_VERSION;
  try {
    const state = await inspectSchema(client);
    refuse(options.label, state);
    const current = state.kind === 'ours' ? state.version : 0;
    if (current >= target) return current;
    if (options.readonly) {
      if (current === 0) throw new ScratchpadError('NOT_FOUND', `${options.label}: no scratchpad schema in this database (not created: opened read-only)`);
      throw new ScratchpadError(
        'UNSUPPORTED_FORMAT',
        `${options.label}: schema version ${current} needs migrating to ${PG_LATEST_VERSION}; open it once read-write`,
      );
    }
    let version = current;
    for (const m of PG_MIGRATIONS) {
      if (m.version <= version || m.version > target) continue;
      version = await applyOne(client, m.version, m.sql, options.label);
    }
    return version;
  } catch (err) {
    if ((err as { code?: unknown }).code === '42501') {
      throw new ScratchpadError(
        'INVALID_ARGUMENT',
        `${options.label}: this role may not create the scratchpad schema; run the migrations as ${OWNER_ROLE} (see scripts/postgres-roles.sql)`,
      );
    }
    throw mapPgError(err, options.label, options.readonly ? 'read' : 'write');
  }
}

/** Applies migration `version` unless another process did meanwhile; returns the version now in place. */
async function applyOne(client: pg.ClientBase, version: number, sql: string, label: string): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const state = await inspectSchema(client);
    refuse(label, state);
    const current = state.kind === 'ours' ? state.version : 0;
    if (current >= version) {
      await client.query('COMMIT');
      return current;
    }
    const owner = await client.query<{ member: boolean }>(`SELECT coalesce(pg_has_role(current_user, to_regrole($1), 'MEMBER'), false) AS member`, [
      OWNER_ROLE,
    ]);
    if (owner.rows[0]?.member) await client.query(`SET LOCAL ROLE ${OWNER_ROLE}`);
    // CREATE SCHEMA IF NOT EXISTS would need CREATE on the database even when the roles script made the schema.
    const exists = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [SCHEMA]);
    if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${SCHEMA}`);
    await client.query(sql);
    await client.query(`INSERT INTO ${SCHEMA}.meta (key, value) VALUES ('version', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [
      String(version),
    ]);
    await client.query('COMMIT');
    return version;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
