import type Database from 'better-sqlite3';
import { ScratchpadError } from '../types';
import { MARKER_FORMAT, MARKER_TABLE } from './schema';
import { ADD_TO_TURN_TRIGGER, STORED_BUCKET_BOUNDS } from './turn-totals';

/**
 * The tables and columns (in order) that the migrations of schema.ts leave at the latest version. A file that
 * carries the v2 marker but lacks one of them was damaged (or edited by hand): every query would fail on it
 * with a raw SQLite error, so the open refuses it instead.
 */
const LATEST_TABLES: Readonly<Record<string, readonly string[]>> = {
  [MARKER_TABLE]: ['key', 'value'],
  observations: [
    'pk',
    'id',
    'id_key',
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
    'detected_type',
    'sha256',
    'handle',
    'newlines',
    'summary',
    'cp_index',
    'data',
  ],
  chunks: ['key', 'summary', 'byte_start', 'unit_start', 'cp_index', 'data'],
  read_log: ['seq', 'entry_pk', 'principal', 'mode', 'unit', 'start', 'end', 'truncated', 'at'],
  chunk_lines: ['key', 'newlines'],
  turns: [
    'owner',
    'turn_id',
    'entry_count',
    'total_bytes',
    'text_count',
    'text_bytes',
    'first_created',
    'last_created',
    'earliest_expires',
    'latest_expires',
    'executors',
    ...Array.from({ length: STORED_BUCKET_BOUNDS.length + 1 }, (_, i) => `b${i}`),
  ],
};

/** What differs between the file's v2 tables and {@link LATEST_TABLES}, as short phrases (empty when none). */
export function v2SchemaDifferences(db: Database.Database): string[] {
  const diffs: string[] = [];
  const kinds = new Map((db.prepare('SELECT name, type FROM sqlite_master').all() as { name: string; type: string }[]).map((r) => [r.name, r.type]));
  for (const [table, want] of Object.entries(LATEST_TABLES)) {
    const kind = kinds.get(table);
    if (kind === undefined) {
      diffs.push(`table ${table} is missing`);
      continue;
    }
    if (kind !== 'table') {
      diffs.push(`${table} is a ${kind}, not a table`);
      continue;
    }
    const got = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
    if (got.join(',') !== want.join(',')) diffs.push(`table ${table} has columns (${got.join(', ')}), expected (${want.join(', ')})`);
  }
  // Without it a put would leave its turn's aggregates behind (listTurns, stats and gc read them).
  const trigger = kinds.get(ADD_TO_TURN_TRIGGER);
  if (trigger !== 'trigger')
    diffs.push(trigger === undefined ? `trigger ${ADD_TO_TURN_TRIGGER} is missing` : `${ADD_TO_TURN_TRIGGER} is a ${trigger}, not a trigger`);
  if (diffs.length === 0) {
    const format = db.prepare(`SELECT value FROM ${MARKER_TABLE} WHERE key = 'format'`).pluck().get();
    if (format !== MARKER_FORMAT) diffs.push(`the marker says format ${JSON.stringify(format ?? null)}, expected "${MARKER_FORMAT}"`);
  }
  return diffs;
}

/**
 * Checks that an open v2 file at the latest schema version has the tables and columns the store queries.
 * CORRUPT naming the file and each difference ("damaged v2 schema"); reads only the schema.
 */
export function assertV2Schema(db: Database.Database, path: string): void {
  const diffs = v2SchemaDifferences(db);
  if (diffs.length > 0) throw new ScratchpadError('CORRUPT', `${path}: damaged v2 schema: ${diffs.join('; ')}`);
}
