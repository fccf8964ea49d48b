import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { mapSqliteError, ScratchpadError } from '../../app/scratchpad';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

/** The error a real better-sqlite3 call throws. */
function sqliteError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected SQLite to throw');
}

describe('mapSqliteError', () => {
  it('maps a lock held by another connection to BUSY', () => {
    const file = tmp.file();
    const a = new Database(file);
    a.pragma('journal_mode = WAL');
    a.exec('CREATE TABLE t (x)');
    const b = new Database(file, { timeout: 0 });
    a.exec('BEGIN IMMEDIATE');
    const err = mapSqliteError(
      sqliteError(() => b.exec('BEGIN IMMEDIATE')),
      file,
      'write',
    ) as ScratchpadError;
    expect(err).toBeInstanceOf(ScratchpadError);
    expect(err.code).toBe('BUSY');
    expect(err.message).toContain(file);
    a.exec('ROLLBACK');
    a.close();
    b.close();
  });

  it('maps a file that is not a database to CORRUPT', () => {
    const file = tmp.file();
    writeFileSync(file, 'x'.repeat(4096));
    const db = new Database(file, { readonly: true });
    const err = mapSqliteError(
      sqliteError(() => db.prepare('SELECT * FROM sqlite_master').all()),
      file,
      'read',
    ) as ScratchpadError;
    expect([err.code, err.message.startsWith(file)]).toEqual(['CORRUPT', true]);
    db.close();
  });

  it('maps a write on a read-only connection to READ_ONLY', () => {
    const file = tmp.file();
    new Database(file).exec('CREATE TABLE t (x)');
    const db = new Database(file, { readonly: true });
    expect(
      (
        mapSqliteError(
          sqliteError(() => db.exec('INSERT INTO t VALUES (1)')),
          file,
          'write',
        ) as ScratchpadError
      ).code,
    ).toBe('READ_ONLY');
    db.close();
  });

  it('maps a file that cannot be opened to READ_ONLY on a write and NOT_FOUND on a read', () => {
    const file = join(tmp.dir, 'a-folder');
    mkdirSync(file);
    const raw = sqliteError(() => new Database(file));
    expect((mapSqliteError(raw, file, 'write') as ScratchpadError).code).toBe('READ_ONLY');
    expect((mapSqliteError(raw, file, 'read') as ScratchpadError).code).toBe('NOT_FOUND');
  });

  it('passes ScratchpadErrors and non-SQLite errors through', () => {
    const own = new ScratchpadError('TOO_LARGE', 'x');
    expect(mapSqliteError(own, 'f', 'read')).toBe(own);
    const bug = new TypeError('bug');
    expect(mapSqliteError(bug, 'f', 'read')).toBe(bug);
    const db = new Database(':memory:');
    const syntax = sqliteError(() => db.exec('SELEC 1'));
    expect(mapSqliteError(syntax, 'f', 'read')).toBe(syntax);
    db.close();
  });
});
