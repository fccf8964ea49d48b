import type Database from 'better-sqlite3';
import { ScratchpadError } from '../types';

/** The columns of the original runtime's `entries` table, in order, with their declared types (metnos-v1.md). */
export const V1_COLUMNS: readonly (readonly [name: string, type: string])[] = [
  ['id', 'TEXT'],
  ['turn_id', 'TEXT'],
  ['step_num', 'INTEGER'],
  ['executor_name', 'TEXT'],
  ['content_kind', 'TEXT'],
  ['content', 'BLOB'],
  ['size_bytes', 'INTEGER'],
  ['summary', 'TEXT'],
  ['created_at', 'REAL'],
  ['expires_at', 'REAL'],
];

interface ColumnInfo {
  readonly name: string;
  readonly type: string;
}

/**
 * The differences between a table's columns and {@link V1_COLUMNS}, as short phrases (empty when it matches).
 * Names compare case-insensitively (as SQLite does), types by their declared text; NOT NULL and keys are not
 * compared (the store reads NULLs defensively).
 */
export function shapeDifferences(columns: readonly ColumnInfo[]): string[] {
  const diffs: string[] = [];
  const n = Math.max(columns.length, V1_COLUMNS.length);
  for (let i = 0; i < n; i++) {
    const got = columns[i];
    const want = V1_COLUMNS[i];
    if (!want) diffs.push(`unexpected extra column ${i + 1} "${got!.name}"`);
    else if (!got) diffs.push(`missing column ${i + 1} "${want[0]}" ${want[1]}`);
    else if (got.name.toLowerCase() !== want[0]) diffs.push(`column ${i + 1} is "${got.name}", expected "${want[0]}"`);
    else if (got.type.trim().toUpperCase() !== want[1]) diffs.push(`column "${want[0]}" has type "${got.type}", expected ${want[1]}`);
  }
  return diffs;
}

/**
 * Checks that `db` holds a Metnos v1 `entries` table in a UTF-8 database; reads only the schema.
 * Throws UNSUPPORTED_FORMAT naming the file and what differs.
 */
export function assertV1Shape(db: Database.Database, path: string): void {
  const master = db.prepare("SELECT type FROM sqlite_master WHERE name = 'entries' COLLATE NOCASE").get() as { type: string } | undefined;
  if (!master) throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: no "entries" table, so not a Metnos v1 scratchpad`);
  if (master.type !== 'table') throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: "entries" is a ${master.type}, not a table`);
  const columns = db.prepare("SELECT name, type FROM pragma_table_info('entries')").all() as ColumnInfo[];
  const diffs = shapeDifferences(columns);
  if (diffs.length > 0) {
    throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: table "entries" is not the Metnos v1 shape: ${diffs.join('; ')}`);
  }
  try {
    db.prepare('SELECT rowid FROM entries LIMIT 0').all();
  } catch {
    throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: table "entries" has no rowid (WITHOUT ROWID), unlike the Metnos v1 table`);
  }
  const encoding = db.pragma('encoding', { simple: true });
  if (encoding !== 'UTF-8') throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: text encoding ${String(encoding)}, expected UTF-8`);
}
