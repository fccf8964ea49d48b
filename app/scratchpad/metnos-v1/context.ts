import Database from 'better-sqlite3';
import type { ResolvedOptions } from '../options';
import { assertV1Shape } from './shape';
import { withV1Errors } from './v1-errors';

/** An open Metnos v1 file: its read-only connection and what the queries need to know about it. */
export interface V1Context {
  readonly db: Database.Database;
  readonly path: string;
  readonly options: ResolvedOptions;
  /**
   * SQL for the length of `content` in bytes, whatever its storage type, that SQLite answers from the record
   * header without reading the value: `octet_length(content)` (SQLite >= 3.43), else `length(content)` for blobs
   * and `length(CAST(content AS BLOB))` (which does read) for the rare TEXT values.
   */
  readonly bytesSql: string;
  /** A prepared statement for `sql`, prepared once per connection. */
  stmt(sql: string): Database.Statement;
}

function supportsOctetLength(db: Database.Database): boolean {
  try {
    db.prepare("SELECT octet_length('a')").get();
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens `path` read-only (the connection can never write: gc uses its own short-lived connection) with the busy
 * timeout of `options`, and checks the v1 shape. Sets no pragma, so nothing about the file changes.
 * Throws CORRUPT (not SQLite, truncated, unreadable) or UNSUPPORTED_FORMAT (another shape), naming the file.
 */
export function openV1Context(path: string, options: ResolvedOptions): V1Context {
  let db: Database.Database | undefined;
  try {
    db = withV1Errors(path, 'read', () => {
      return new Database(path, {
        readonly: true,
        fileMustExist: true,
        timeout: options.busyTimeoutMs,
        ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      });
    });
    const conn = db;
    withV1Errors(path, 'read', () => {
      assertV1Shape(conn, path);
      // Touch the table's first page so a damaged or truncated file fails here rather than on first use.
      conn.prepare('SELECT id FROM entries LIMIT 1').get();
    });
    const bytesSql = supportsOctetLength(conn)
      ? 'octet_length(content)'
      : "(CASE typeof(content) WHEN 'text' THEN length(CAST(content AS BLOB)) ELSE length(content) END)";
    const cache = new Map<string, Database.Statement>();
    const stmt = (sql: string): Database.Statement => {
      let s = cache.get(sql);
      if (!s) cache.set(sql, (s = conn.prepare(sql)));
      return s;
    };
    return { db: conn, path, options, bytesSql, stmt };
  } catch (error) {
    db?.close();
    throw error;
  }
}
