import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

export { FIXTURE_DB, FIXTURE_EXPECTED, copyFixtureTo as copyFixture } from '../../fixtures/metnos-v1';

/** What must not change when a file is only read: its bytes (sha256), size and mtime. */
export function fingerprint(path: string): { sha256: string; size: number; mtimeMs: number } {
  const st = statSync(path);
  return { sha256: createHash('sha256').update(readFileSync(path)).digest('hex'), size: st.size, mtimeMs: st.mtimeMs };
}

/** The DDL the original runtime runs (copied from the fixture's sqlite_master). */
export const V1_DDL = `
CREATE TABLE entries (
    id            TEXT PRIMARY KEY,
    turn_id       TEXT NOT NULL,
    step_num      INTEGER,
    executor_name TEXT,
    content_kind  TEXT NOT NULL,
    content       BLOB NOT NULL,
    size_bytes    INTEGER NOT NULL,
    summary       TEXT,
    created_at    REAL NOT NULL,
    expires_at    REAL NOT NULL
);
CREATE INDEX idx_entries_turn ON entries(turn_id);
CREATE INDEX idx_entries_exp  ON entries(expires_at);`;

/** One v1 row to write. `storeAsText` stores the content's bytes with SQLite's TEXT type instead of BLOB. */
export interface V1RowInput {
  readonly id: string;
  readonly turnId: string;
  readonly stepNum?: number | null;
  readonly executorName?: string | null;
  readonly kind?: 'text' | 'binary';
  readonly content: Uint8Array | string;
  readonly summary?: string | null;
  readonly createdAt?: number;
  readonly expiresAt?: number;
  readonly storeAsText?: boolean;
}

/** Creates a v1 file at `path` (as the original runtime: default rollback journal) holding `rows`. */
export function makeV1File(path: string, rows: readonly V1RowInput[]): string {
  const db = new Database(path);
  try {
    db.exec(V1_DDL);
    insertV1Rows(db, rows);
  } finally {
    db.close();
  }
  return path;
}

/** Inserts v1 rows into an open database. */
export function insertV1Rows(db: Database.Database, rows: readonly V1RowInput[]): void {
  const blob = db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const text = db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) {
      const bytes = typeof r.content === 'string' ? Buffer.from(r.content, 'utf8') : Buffer.from(r.content);
      (r.storeAsText ? text : blob).run(
        r.id,
        r.turnId,
        r.stepNum ?? null,
        r.executorName ?? null,
        r.kind ?? 'text',
        bytes,
        bytes.length,
        r.summary === undefined ? 'summary' : r.summary,
        r.createdAt ?? 1_767_225_600,
        r.expiresAt ?? 3_344_025_600,
      );
    }
  })();
}

/** The reference: a full WHATWG decode (U+FFFD for invalid bytes, BOM kept) as an array of code points. */
export function referenceCodePoints(bytes: Uint8Array): string[] {
  return Array.from(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
}
