import Database from 'better-sqlite3';

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

/** The floor: plain better-sqlite3, one BLOB per row into a one-column table, one implicit transaction per insert. */
export interface RawFloor {
  insert(bytes: Uint8Array): void;
  close(): void;
}

/** Creates a fresh file at `dbPath` with the store's pragmas and a one-column BLOB table. */
export function openRawFloor(dbPath: string, pragmas: PragmaSet): RawFloor {
  const db = new Database(dbPath);
  db.pragma(`page_size = ${pragmas.pageSize}`);
  db.pragma(`auto_vacuum = ${pragmas.autoVacuum}`);
  db.pragma(`journal_mode = ${pragmas.journalMode}`);
  for (const p of pragmas.connection) db.pragma(p);
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
