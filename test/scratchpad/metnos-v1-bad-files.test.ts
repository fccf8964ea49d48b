import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { openMetnosV1 } from '../../app/scratchpad/metnos-v1';
import { resolveOptions } from '../../app/scratchpad/options';
import { errorOf, operator, tempDir } from './helpers';
import { copyFixture, fingerprint, FIXTURE_DB } from './metnos-v1/v1-files';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir('metnos-v1-bad-');
});
afterEach(() => tmp.cleanup());

/** Opens `file` expecting `code`; checks the message names the file and the file is untouched. */
async function expectRefused(file: string, code: string, cause: RegExp, open: (f: string) => unknown = (f) => openScratchpad(f)): Promise<void> {
  const before = fingerprint(file);
  const err = await errorOf(() => open(file));
  expect(err.code).toBe(code);
  expect(err.message).toContain(file);
  expect(err.message).toMatch(cause);
  expect(fingerprint(file)).toEqual(before);
}

function sqliteFile(name: string, ddl: string): string {
  const file = tmp.file(name);
  const db = new Database(file);
  db.exec(ddl);
  db.close();
  return file;
}

describe('opening files that are not Metnos v1 scratchpads', () => {
  it('refuses an empty file with CORRUPT', async () => {
    const file = tmp.file('empty.db');
    writeFileSync(file, '');
    await expectRefused(file, 'CORRUPT', /empty/);
  });

  it('refuses random bytes with CORRUPT', async () => {
    const file = tmp.file('random.db');
    writeFileSync(file, randomBytes(8192));
    await expectRefused(file, 'CORRUPT', /not a SQLite database/);
  });

  it('refuses a truncated copy of the sample with CORRUPT', async () => {
    const file = tmp.file('truncated.db');
    writeFileSync(file, readFileSync(FIXTURE_DB).subarray(0, 100_000));
    await expectRefused(file, 'CORRUPT', /truncated/);
    await expectRefused(file, 'CORRUPT', /malformed|damaged|not a readable/, (f) => openMetnosV1(f, resolveOptions({})));
  });

  it('refuses a SQLite file with other tables with UNSUPPORTED_FORMAT', async () => {
    const file = sqliteFile('other.db', 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES (1);');
    await expectRefused(file, 'UNSUPPORTED_FORMAT', /notes/);
  });

  it('refuses an entries table of another shape, naming what differs', async () => {
    const renamed = sqliteFile(
      'renamed.db',
      `CREATE TABLE entries (id TEXT PRIMARY KEY, turn_id TEXT NOT NULL, step_num INTEGER, executor_name TEXT,
      content_kind TEXT NOT NULL, data BLOB NOT NULL, size_bytes INTEGER NOT NULL, summary TEXT, created_at REAL NOT NULL, expires_at REAL NOT NULL)`,
    );
    await expectRefused(renamed, 'UNSUPPORTED_FORMAT', /column 6 is "data", expected "content"/);
    const short = sqliteFile('short.db', 'CREATE TABLE entries (id TEXT PRIMARY KEY, turn_id TEXT, content BLOB)');
    await expectRefused(short, 'UNSUPPORTED_FORMAT', /column 3 is "content", expected "step_num".*missing column 10 "expires_at"/);
    const retyped = sqliteFile(
      'retyped.db',
      `CREATE TABLE entries (id TEXT PRIMARY KEY, turn_id TEXT NOT NULL, step_num INTEGER, executor_name TEXT,
      content_kind TEXT NOT NULL, content BLOB NOT NULL, size_bytes INTEGER NOT NULL, summary TEXT, created_at TEXT NOT NULL, expires_at REAL NOT NULL, owner TEXT)`,
    );
    await expectRefused(retyped, 'UNSUPPORTED_FORMAT', /column "created_at" has type "TEXT", expected REAL; unexpected extra column 11 "owner"/);
  });

  it('refuses a WITHOUT ROWID entries table', async () => {
    const file = sqliteFile(
      'norowid.db',
      `CREATE TABLE entries (id TEXT PRIMARY KEY, turn_id TEXT NOT NULL, step_num INTEGER, executor_name TEXT,
      content_kind TEXT NOT NULL, content BLOB NOT NULL, size_bytes INTEGER NOT NULL, summary TEXT, created_at REAL NOT NULL, expires_at REAL NOT NULL) WITHOUT ROWID`,
    );
    await expectRefused(file, 'UNSUPPORTED_FORMAT', /WITHOUT ROWID/);
  });

  it('refuses a view named entries', async () => {
    const file = sqliteFile('view.db', 'CREATE TABLE t (x); CREATE VIEW entries AS SELECT x FROM t;');
    await expectRefused(file, 'UNSUPPORTED_FORMAT', /view/, (f) => openMetnosV1(f, resolveOptions({})));
  });
});

describe('opening real v1 files', () => {
  it('opens the sample with or without the installer table beside entries', async () => {
    const withInstaller = copyFixture(tmp.file('with.db'));
    const without = copyFixture(tmp.file('without.db'));
    const db = new Database(without);
    db.exec('DROP TABLE scratchpad');
    db.close();
    for (const file of [withInstaller, without]) {
      const sp = await openScratchpad(file);
      try {
        expect(sp.format).toBe('metnos-v1');
        expect((await sp.stats(operator)).rows).toBe(6);
      } finally {
        await sp.close();
      }
    }
  });

  it('opens a read-only file (mode 0444) and reads it', async () => {
    const file = copyFixture(tmp.file('ro.db'));
    chmodSync(file, 0o444);
    const before = fingerprint(file);
    const sp = await openScratchpad(file, { readonly: true });
    try {
      expect((await sp.listTurns(operator)).turns).toHaveLength(2);
      expect((await errorOf(() => sp.gc(operator))).code).toBe('READ_ONLY');
    } finally {
      await sp.close();
    }
    expect(fingerprint(file)).toEqual(before);
  });
});
