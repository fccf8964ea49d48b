import type Database from 'better-sqlite3';
import type { ResolvedOptions } from '../options';
import { ScratchpadError } from '../types';
import { mapSqliteError } from '../sqlite-errors';
import { createIdCipher, ID_KEY_MARKER, type IdCipher } from './id-cipher';
import { MARKER_TABLE } from './schema';
import type { ChunkLayout } from '../core/chunk-layout';
import type { EntryRecord } from '../core/backend';
import type { ObservationRow } from './rows';
import { ScanLanes } from './scan-lanes';

/**
 * A new connection when the file changed since the current one was made (a snapshot of a file in a read-only
 * folder, see snapshot.ts), else null. Throws a ScratchpadError when the new state cannot be read.
 */
export type Reconnect = () => Database.Database | null;

/**
 * Opens the connection a search reads content through (read-only, memory-mapped: see connection.ts), or throws;
 * the main connection serves the search then.
 */
export type OpenScan = () => Database.Database;

/** The open v2 connection and what every operation needs: cached statements, clock, transactions. */
export class StoreContext {
  private readonly statements = new Map<string, Database.Statement>();
  /** The scan connection once opened (null: none, the main one is used), and its statements. */
  private scan: Database.Database | null | undefined;
  private readonly scanStatements = new Map<string, Database.Statement>();
  private current: Database.Database;
  /** How many times {@link Reconnect} replaced the connection (a snapshot's data version, see dataVersion). */
  private generation = 0;

  constructor(
    db: Database.Database,
    readonly path: string,
    readonly options: ResolvedOptions,
    readonly layout: ChunkLayout,
    private readonly reconnect: Reconnect | null = null,
    private readonly openScan: OpenScan | null = null,
  ) {
    this.current = db;
    if (openScan === null) this.scan = null;
  }

  /**
   * A prepared statement for `sql` (a read: a constant of the code) on the scan connection, opened on first use;
   * on the main connection when there is none, when it could not be opened, or inside a transaction of the main
   * one (which must see its own writes). Run it inside {@link query}: each statement is its own snapshot.
   */
  scanStmt(sql: string): Database.Statement {
    if (this.scan === undefined) {
      try {
        this.scan = this.openScan!();
      } catch {
        this.scan = null; // e.g. no more file handles: the main connection reads the same rows, only slower
      }
    }
    if (this.scan === null || !this.scan.open || this.current.inTransaction) return this.stmt(sql);
    let s = this.scanStatements.get(sql);
    if (s === undefined) {
      s = this.scan.prepare(sql);
      this.scanStatements.set(sql, s);
    }
    return s;
  }

  /** The search lanes (scan-lanes.ts) once made; null: none (a snapshot, or OpenOptions.searchWorkers 0). */
  private lanes: ScanLanes | null | undefined;

  /**
   * The file's search lanes, made on first use (their workers start on their first search): none over a snapshot
   * (its bytes are in this process only) or with no search worker. `rowOf`: the stored row of a record
   * the reader returned.
   */
  searchLanes(rowOf: (entry: EntryRecord) => ObservationRow | undefined): ScanLanes | null {
    if (this.lanes === undefined) {
      this.lanes =
        this.openScan === null || this.options.searchWorkers < 1 || !this.current.open
          ? null
          : new ScanLanes(this.path, this.options, this.options.searchWorkers, rowOf);
    }
    return this.lanes;
  }

  /** Ends the search lanes' workers (their connections closed first); call before {@link close}. */
  async closeLanes(): Promise<void> {
    const lanes = this.lanes;
    this.lanes = null;
    await lanes?.close();
  }

  /** Closes the connections (the scan one first). */
  close(): void {
    if (this.scan?.open === true) this.scan.close();
    this.scan = null;
    if (this.current.open) this.current.close();
  }

  /** The connection (replaced by a new snapshot between operations, never inside one). */
  get db(): Database.Database {
    return this.current;
  }

  /**
   * SQLite's data_version of the connection; over a snapshot, the number of snapshots taken (an in-memory copy
   * never changes, and each new copy is a new connection whose data_version starts again).
   */
  dataVersion(): number {
    return this.reconnect === null ? (this.stmt('PRAGMA data_version').pluck().get() as number) : this.generation;
  }

  /** Takes a new snapshot when the file changed; only between operations (never inside a transaction). */
  private refresh(): void {
    if (this.reconnect === null || !this.current.open || this.current.inTransaction) return;
    const next = this.reconnect();
    if (next === null) return;
    this.current.close();
    this.current = next;
    this.statements.clear();
    this.generation += 1;
  }

  private cipher: IdCipher | null = null;

  /**
   * The file's id cipher (id-cipher.ts), read once. CORRUPT when the file has no id key: every file at the
   * latest schema has one (migration 6), and an older one is never opened without being migrated.
   */
  idCipher(): IdCipher {
    if (this.cipher === null) {
      const key = this.stmt(`SELECT value FROM ${MARKER_TABLE} WHERE key = ?`).pluck().get(ID_KEY_MARKER) as string | undefined;
      if (key === undefined) throw new ScratchpadError('CORRUPT', `${this.path}: damaged v2 file: its id key is missing`);
      try {
        this.cipher = createIdCipher(key);
      } catch {
        throw new ScratchpadError('CORRUPT', `${this.path}: damaged v2 file: its id key is not 32 hex digits`);
      }
    }
    return this.cipher;
  }

  /** A prepared statement for `sql` (a constant of the code, never built from input), cached. */
  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** The clock, Unix seconds; INVALID_ARGUMENT when the injected clock gives something else. */
  now(): number {
    const t = this.options.clock();
    if (typeof t !== 'number' || !Number.isFinite(t)) throw new ScratchpadError('INVALID_ARGUMENT', `the clock returned ${String(t)}, not Unix seconds`);
    return t;
  }

  /** Runs `fn`, one statement in autocommit (its own snapshot, no BEGIN/COMMIT); SQLite errors mapped. */
  query<T>(fn: () => T): T {
    if (!this.db.open) throw new ScratchpadError('INVALID_ARGUMENT', `${this.path}: the scratchpad is closed`);
    this.refresh();
    try {
      return fn();
    } catch (err) {
      throw mapSqliteError(err, this.path, 'read');
    }
  }

  /** Runs `fn` in one read transaction (a consistent snapshot across statements); SQLite errors mapped. */
  read<T>(fn: () => T): T {
    return this.transaction('BEGIN', 'read', fn);
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE: waits for the lock, so it never fails half-way). */
  write<T>(fn: () => T): T {
    if (this.options.readonly) throw new ScratchpadError('READ_ONLY', `${this.path}: opened read-only`);
    return this.transaction('BEGIN IMMEDIATE', 'write', fn);
  }

  /**
   * Runs `fn`, which executes exactly one writing statement, in autocommit: the statement is its own write
   * transaction (it takes the write lock before it reads, waiting up to the busy timeout), so it is atomic
   * without BEGIN/COMMIT round trips. Inside a transaction already open, it joins that one. `args` are passed to
   * `fn`, so a hot caller needs no closure per call.
   */
  writeOne<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): T {
    if (this.options.readonly) throw new ScratchpadError('READ_ONLY', `${this.path}: opened read-only`);
    if (!this.db.open) throw new ScratchpadError('INVALID_ARGUMENT', `${this.path}: the scratchpad is closed`);
    try {
      return fn(...args);
    } catch (err) {
      throw mapSqliteError(err, this.path, 'write');
    }
  }

  private transaction<T>(begin: string, operation: 'read' | 'write', fn: () => T): T {
    if (!this.db.open) throw new ScratchpadError('INVALID_ARGUMENT', `${this.path}: the scratchpad is closed`);
    if (this.db.inTransaction) return fn();
    this.refresh();
    try {
      this.stmt(begin).run();
    } catch (err) {
      throw mapSqliteError(err, this.path, operation);
    }
    try {
      const result = fn();
      this.stmt('COMMIT').run();
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.stmt('ROLLBACK').run();
      throw mapSqliteError(err, this.path, operation);
    }
  }
}
