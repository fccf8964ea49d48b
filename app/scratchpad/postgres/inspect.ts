import type pg from 'pg';
import { MARKER_FORMAT, SCHEMA, TABLES } from './names';

/** What a database holds in the store's schema. */
export type SchemaState =
  | { readonly kind: 'empty' } // no schema, or the schema without any relation (made by the roles script)
  | { readonly kind: 'ours'; readonly version: number }
  | { readonly kind: 'foreign'; readonly reason: string };

const RELATIONS = `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY c.relname`;

/**
 * Reads the state of the store's schema (names.ts SCHEMA) without changing anything: `empty`, `ours` with the
 * version in scratchpad.meta, or `foreign` with the reason (relations that are not ours, no marker, another
 * format, an unreadable version). Driver errors propagate unmapped.
 */
export async function inspectSchema(client: pg.ClientBase): Promise<SchemaState> {
  const relations = (await client.query<{ relname: string }>(RELATIONS, [SCHEMA])).rows.map((r) => r.relname);
  if (relations.length === 0) return { kind: 'empty' };
  const strangers = relations.filter((r) => !(TABLES as readonly string[]).includes(r));
  if (strangers.length > 0) return { kind: 'foreign', reason: `schema ${SCHEMA} holds tables that are not ours (${strangers.slice(0, 5).join(', ')})` };
  if (!relations.includes('meta')) return { kind: 'foreign', reason: `schema ${SCHEMA} has no marker table` };
  const meta = new Map(
    (await client.query<{ key: string; value: string }>(`SELECT key, value FROM ${SCHEMA}.meta WHERE key IN ('format', 'version')`)).rows.map((r) => [
      r.key,
      r.value,
    ]),
  );
  if (meta.get('format') !== MARKER_FORMAT)
    return { kind: 'foreign', reason: `schema ${SCHEMA} is marked ${JSON.stringify(meta.get('format') ?? null)}, not ${MARKER_FORMAT}` };
  const version = Number(meta.get('version'));
  if (!Number.isSafeInteger(version) || version < 1) return { kind: 'foreign', reason: `schema ${SCHEMA} has no readable version` };
  return { kind: 'ours', version };
}
