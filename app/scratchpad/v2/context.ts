import type Database from 'better-sqlite3';
import type { ResolvedOptions } from '../options';
import { ScratchpadError } from '../types';
import { mapSqliteError } from '../sqlite-errors';
import { createIdCipher, ID_KEY_MARKER, type IdCipher } from './id-cipher';
import { MARKER_TABLE } from './schema';
import type { ChunkLayout } from '../core/chunk-layout';

/** The open v2 connection and what every operation needs: cached statements, clock, transactions. */
export class StoreContext {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    readonly db: Database.Database,
    readonly path: string,
    readonly options: ResolvedOptions,
    readonly layout: ChunkLayout,
  ) {}

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

  private transaction<T>(begin: string, operation: 'read' | 'write', fn: () => T): T {
    if (!this.db.open) throw new ScratchpadError('INVALID_ARGUMENT', `${this.path}: the scratchpad is closed`);
    if (this.db.inTransaction) return fn();
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
