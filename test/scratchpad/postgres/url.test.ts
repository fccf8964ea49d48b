import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConnection } from '../../../app/scratchpad/postgres/connection-config';
import { mapPgError, PostgresStoreError } from '../../../app/scratchpad/postgres/errors';
import { isPostgresUrl, parsePostgresUrl, redactSecrets, redactUrl } from '../../../app/scratchpad/postgres/url';

describe('isPostgresUrl', () => {
  it('accepts postgres:// and postgresql:// in any case, and nothing that could be a file path', () => {
    expect(['postgres://h/db', 'postgresql://u@h:5433/db?sslmode=disable', 'POSTGRES://h', 'postgresql://'].map(isPostgresUrl)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['postgres', 'postgres:/h', './postgres://x', '/tmp/postgres://db', 'scratch.db', 'C:\\postgres\\a.db', 42, null].map(isPostgresUrl)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('parsePostgresUrl', () => {
  it('decodes every part and keeps the known options', () => {
    expect(parsePostgresUrl('postgresql://al%40ice:p%3Aw%2Fd@db.example:5433/scratch%20pad?sslmode=disable&application_name=insp')).toEqual({
      host: 'db.example',
      port: 5433,
      user: 'al@ice',
      password: 'p:w/d',
      database: 'scratch pad',
      options: { sslmode: 'disable', application_name: 'insp' },
    });
  });

  it('leaves absent parts null, for the environment to fill', () => {
    expect(parsePostgresUrl('postgres://')).toEqual({ host: null, port: null, user: null, password: null, database: null, options: {} });
  });

  it('refuses an unknown option and a bad port with INVALID_ARGUMENT, without the password in the message', () => {
    expect(() => parsePostgresUrl('postgres://u:s3cret@h/db?sslmod=require')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.not.stringContaining('s3cret') }),
    );
    expect(() => parsePostgresUrl('postgres://u:s3cret@h:0/db')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('port') }),
    );
    expect(() => parsePostgresUrl('postgres://u:s3cret@h:99999/db')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.not.stringContaining('s3cret') }),
    );
    expect(() => parsePostgresUrl('/tmp/a.db')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('redactUrl', () => {
  it('drops the password from the authority and the query, keeping everything else', () => {
    expect(redactUrl('postgres://alice:s3cret@h:5433/db?sslmode=disable&password=s3cret')).toBe('postgres://alice@h:5433/db?sslmode=disable');
    expect(redactUrl('postgresql://h/db')).toBe('postgresql://h/db');
    expect(redactUrl('postgres://[not a url')).toBe('postgres://(unparseable URL)');
  });
});

describe('redactSecrets', () => {
  it('replaces each secret, raw and URL-encoded', () => {
    expect(redactSecrets('pw p@ss! or p%40ss! here', ['p@ss!'])).toBe('pw *** or *** here');
    expect(redactSecrets('nothing', [null, ''])).toBe('nothing');
  });
});

describe('resolveConnection', () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const pgpass = (text: string, mode = 0o600) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgpass-'));
    made.push(dir);
    const file = path.join(dir, 'pgpass');
    fs.writeFileSync(file, text, { mode });
    fs.chmodSync(file, mode);
    return file;
  };

  it('fills what the URL leaves out from PGHOST, PGPORT, PGUSER, PGDATABASE and PGPASSWORD', async () => {
    const r = await resolveConnection('postgres://', { PGHOST: 'h1', PGPORT: '6000', PGUSER: 'u1', PGDATABASE: 'd1', PGPASSWORD: 'envpw' });
    expect(r.config).toMatchObject({ host: 'h1', port: 6000, user: 'u1', database: 'd1', password: 'envpw', ssl: false });
    expect([r.label, r.passwordSource, r.secret]).toEqual(['postgres://u1@h1:6000/d1', 'PGPASSWORD', 'envpw']);
  });

  it('prefers the URL over the environment, and the database defaults to the user name', async () => {
    const r = await resolveConnection('postgres://u2:urlpw@h2', { PGHOST: 'h1', PGUSER: 'u1', PGPASSWORD: 'envpw' });
    expect(r.config).toMatchObject({ host: 'h2', port: 5432, user: 'u2', database: 'u2', password: 'urlpw' });
    expect(r.passwordSource).toBe('url');
  });

  it('takes the password from the password file (PGPASSFILE) when neither URL nor PGPASSWORD give one', async () => {
    const file = pgpass('# comment\nother:5432:*:*:no\nh3:5432:db3:u3:from\\:file\n');
    const r = await resolveConnection('postgres://u3@h3/db3', { PGPASSFILE: file });
    expect([r.config.password, r.passwordSource]).toEqual(['from:file', 'pgpass']);
  });

  it('ignores a password file that group or others may read, as libpq does', async () => {
    const file = pgpass('*:*:*:*:leaked\n', 0o644);
    const r = await resolveConnection('postgres://u@h/db', { PGPASSFILE: file });
    expect([r.config.password, r.passwordSource]).toEqual([undefined, 'none']);
  });
});

describe('mapPgError', () => {
  const label = 'postgres://u@h:5432/db';
  const dbError = (code: string, message = 'm') => Object.assign(new Error(message), { code });

  it('maps each driver failure to its code and finer failure', () => {
    const cases: [unknown, string, string, 'read' | 'write'][] = [
      [dbError('ECONNREFUSED'), 'UNAVAILABLE', 'unreachable', 'read'],
      [dbError('ENOTFOUND'), 'UNAVAILABLE', 'unreachable', 'read'],
      [new Error('Connection terminated due to connection timeout'), 'UNAVAILABLE', 'unreachable', 'read'],
      [Object.assign(new AggregateError([dbError('ECONNREFUSED')]), {}), 'UNAVAILABLE', 'unreachable', 'read'],
      [dbError('28P01'), 'INVALID_ARGUMENT', 'auth', 'read'],
      [dbError('3D000'), 'NOT_FOUND', 'no_database', 'read'],
      [dbError('25006'), 'READ_ONLY', 'read_only', 'write'],
      [dbError('40001'), 'BUSY', 'conflict', 'write'],
      [dbError('40P01'), 'BUSY', 'conflict', 'write'],
      [dbError('57P01'), 'BUSY', 'connection_lost', 'read'],
      [new Error('Connection terminated unexpectedly'), 'BUSY', 'connection_lost', 'write'],
      [dbError('ECONNRESET'), 'BUSY', 'connection_lost', 'read'],
      [dbError('42501'), 'READ_ONLY', 'privilege', 'write'],
      [dbError('42501'), 'INVALID_ARGUMENT', 'privilege', 'read'],
      [dbError('53100'), 'TOO_LARGE', 'too_large', 'write'],
      [dbError('XX001'), 'CORRUPT', 'corrupt', 'read'],
    ];
    expect(
      cases.map(([e, , , op]) => {
        const m = mapPgError(e, label, op) as PostgresStoreError;
        return [m.code, m.failure];
      }),
    ).toEqual(cases.map(([, code, failure]) => [code, failure]));
  });

  it('names both causes of a read-only transaction: a standby server, or a login whose transactions default to read-only', () => {
    const m = mapPgError(dbError('25006', 'cannot execute SELECT in a read-only transaction'), label, 'write') as Error;
    expect(m.message).toBe(
      'postgres://u@h:5432/db: read-only: the server is a standby or this login has default_transaction_read_only on (cannot execute SELECT in a read-only transaction)',
    );
  });

  it('returns other errors unchanged and scrubs secrets from messages', () => {
    const bug = new TypeError('x is undefined');
    expect(mapPgError(bug, label, 'read')).toBe(bug);
    const m = mapPgError(dbError('28P01', 'password "hunter2" rejected'), label, 'read', ['hunter2']) as Error;
    expect(m.message).toBe('postgres://u@h:5432/db: authentication failed (password "***" rejected)');
  });
});
