import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';

/**
 * The pragmas the store applies to a connection, mirrored here so the raw floor runs under the same settings.
 * Connection-level settings are copied from the store's code (app/scratchpad); file-level ones (page size,
 * journal mode, auto_vacuum) are also read back from a file the store created, see {@link readFilePragmas}.
 */
export interface PragmaSet {
  readonly pageSize: number;
  readonly journalMode: string;
  readonly autoVacuum: number;
  /** Statements run on every connection after the file-level ones, e.g. `synchronous = NORMAL`. */
  readonly connection: readonly string[];
}

/** File-level pragmas of an existing SQLite file (opened read-only, not changed). */
export function readFilePragmas(dbPath: string): { pageSize: number; journalMode: string; autoVacuum: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    return {
      pageSize: db.pragma('page_size', { simple: true }) as number,
      journalMode: String(db.pragma('journal_mode', { simple: true })),
      autoVacuum: db.pragma('auto_vacuum', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

/** A fresh SQLite file at `dbPath` with the store's file-level pragmas, then its connection ones. */
function createWithPragmas(dbPath: string, pragmas: PragmaSet): Database.Database {
  const db = new Database(dbPath);
  db.pragma(`page_size = ${pragmas.pageSize}`);
  db.pragma(`auto_vacuum = ${pragmas.autoVacuum}`);
  db.pragma(`journal_mode = ${pragmas.journalMode}`);
  for (const p of pragmas.connection) db.pragma(p);
  return db;
}

/** The floor: plain better-sqlite3, one BLOB per row into a one-column table, one implicit transaction per insert. */
export interface RawFloor {
  insert(bytes: Uint8Array): void;
  close(): void;
}

/** Creates a fresh file at `dbPath` with the store's pragmas and a one-column BLOB table. */
export function openRawFloor(dbPath: string, pragmas: PragmaSet): RawFloor {
  const db = createWithPragmas(dbPath, pragmas);
  db.exec('CREATE TABLE floor (content BLOB NOT NULL)');
  const stmt = db.prepare('INSERT INTO floor (content) VALUES (?)');
  return {
    insert(bytes) {
      stmt.run(bytes);
    },
    close() {
      db.close();
    },
  };
}

/**
 * The indexed floor: the least any put can do that keeps what the issue's features need of a row, with plain
 * better-sqlite3 and no store code. Per insert: the text's UTF-8 encoding (from the same string the store gets),
 * its sha256 (the synthetic handle's prefix and `show`'s full hash), and one row of the store's metadata columns
 * (turn, owner, step, times, size, sha256) plus the content into a table with one covering index on
 * (turn_id, owner, step_num, created_at, size_bytes, expires_at): the turn listing every front end needs. No
 * summary, handle, id, aggregates or argument checks. One implicit transaction per insert, the store's pragmas.
 */
export interface IndexedFloor {
  /** Inserts `text` (a JavaScript string: encoded and hashed inside the call) as step `step` of turn `turnId`. */
  insert(turnId: string, step: number, text: string): void;
  close(): void;
}

/** Creates a fresh file at `dbPath` with the store's pragmas, the metadata table and its turn index. */
export function openIndexedFloor(dbPath: string, pragmas: PragmaSet): IndexedFloor {
  const db = createWithPragmas(dbPath, pragmas);
  db.exec(`CREATE TABLE floor (pk INTEGER PRIMARY KEY, turn_id TEXT NOT NULL, owner TEXT NOT NULL, step_num INTEGER,
    created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, size_bytes INTEGER NOT NULL, sha256 BLOB NOT NULL, content BLOB NOT NULL)`);
  db.exec('CREATE INDEX floor_turn ON floor (turn_id, owner, step_num, created_at, size_bytes, expires_at)');
  const stmt = db.prepare('INSERT INTO floor (turn_id, owner, step_num, created_at, expires_at, size_bytes, sha256, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const now = Math.floor(Date.now() / 1000);
  return {
    insert(turnId, step, text) {
      const bytes = Buffer.from(text, 'utf8');
      stmt.run(turnId, 'bench-user', step, now, now + 3600, bytes.length, createHash('sha256').update(bytes).digest(), bytes);
    },
    close() {
      db.close();
    },
  };
}
