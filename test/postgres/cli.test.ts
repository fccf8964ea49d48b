import { chmodSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { cli, tempDir } from '../cli/helpers';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { createLogin, installRoles } from '../support/pg-roles';

/*
 * The CLI against the test server: --db postgres://..., the password from PGPASSWORD or a password file, and
 * the exit codes of server failures (4 foreign schema, 3 busy, 5 unreachable), each one line without a password.
 */

const NOW = 1_800_000_000;
let db: TestDatabase;
let login: string;
let password: string;
let bare: string;
let tmp: ReturnType<typeof tempDir>;

/** A loopback port nothing listens on (bound then released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  tmp = tempDir('cli-pg-');
  db = await createTestDatabase(inject('pgAdminUrl'));
  const admin = await db.admin();
  await installRoles(admin);
  login = `${db.name}_app`;
  password = await createLogin(admin, login, ['scratchpad_app', 'scratchpad_owner', 'scratchpad_operator']);
  const store = await openScratchpad(db.urlFor(login, password), { clock: () => NOW - 60 });
  await store.put({ kind: 'user', userId: 'alice' }, { turnId: 'turn-alice', stepNum: 1, executorName: 'shell', observation: 'alice output\n' });
  await store.put({ kind: 'user', userId: 'bob' }, { turnId: 'turn-bob', stepNum: 1, executorName: 'web', observation: 'bob output\n', ttlSeconds: 10 });
  await store.close();
  const u = new URL(db.urlFor(login, 'x'));
  u.password = '';
  bare = u.toString();
});
afterAll(async () => {
  await db.drop();
  tmp.cleanup();
});

describe('--db postgres://', () => {
  it('lists every turn for the operator with the password from PGPASSWORD, and never prints it', async () => {
    const r = await cli(['--db', bare, 'turns', '--json'], { now: NOW, env: { PGPASSWORD: password } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { turnId: string }[]).map((t) => t.turnId)).toEqual(['turn-bob', 'turn-alice']);
    expect(r.stdout).not.toContain(password);
  });

  it("shows only the owner's turns with --owner, the password from a password file", async () => {
    const file = join(tmp.dir, 'pgpass');
    const { hostname, port } = new URL(bare);
    writeFileSync(file, `${hostname}:${port}:${db.name}:${login}:${password}\n`);
    chmodSync(file, 0o600);
    const r = await cli(['--db', bare, '--owner', 'alice', 'turns', '--json'], { now: NOW, env: { PGPASSFILE: file } });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { turnId: string }[]).map((t) => t.turnId)).toEqual(['turn-alice']);
  });

  it('prints stats without a free-space figure the server does not give', async () => {
    const r = await cli(['--db', bare, 'stats'], { now: NOW, env: { PGPASSWORD: password } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^total +2 rows, /m);
    expect(r.stdout).not.toMatch(/free space/);
    const json = await cli(['--db', bare, 'stats', '--json'], { now: NOW, env: { PGPASSWORD: password } });
    expect(JSON.parse(json.stdout)).not.toHaveProperty('freePages');
  });

  it('previews gc read-only, then gc removes the expired row', async () => {
    const env = { PGPASSWORD: password };
    const dry = await cli(['--db', bare, 'gc', '--dry-run', '--json'], { now: NOW, env });
    expect(JSON.parse(dry.stdout)).toMatchObject({ deletedRows: 1, dryRun: true });
    const done = await cli(['--db', bare, 'gc', '--json'], { now: NOW, env });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ deletedRows: 1, deletedBytes: 'bob output\n'.length, dryRun: false });
    const after = await cli(['--db', bare, 'turns', '--json'], { now: NOW, env });
    expect((JSON.parse(after.stdout) as { turnId: string }[]).map((t) => t.turnId)).toEqual(['turn-alice']);
  });
});

describe('exit codes of server failures, one line each, no password', () => {
  const oneLine = (stderr: string) => stderr.trimEnd().split('\n');

  it('exits 5 when the server cannot be reached', async () => {
    const url = `postgres://${login}:${password}@127.0.0.1:${await deadPort()}/${db.name}`;
    const r = await cli(['--db', url, 'turns'], { now: NOW });
    expect(r.code).toBe(5);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot reach the server \(ECONNREFUSED\)/);
    expect(r.stderr).not.toContain(password);
  });

  it('exits 4 for a database whose scratchpad schema is not ours', async () => {
    const other = await createTestDatabase(inject('pgAdminUrl'));
    try {
      const admin = await other.admin();
      await admin.query('CREATE SCHEMA scratchpad; CREATE TABLE scratchpad.notes (x int)');
      const r = await cli(['--db', other.url, 'turns'], { now: NOW });
      expect(r.code).toBe(4);
      expect(oneLine(r.stderr)).toHaveLength(1);
      expect(r.stderr).toContain('holds tables that are not ours (notes)');
      expect(r.stderr).not.toContain(new URL(other.url).password);
    } finally {
      await other.drop();
    }
  });

  it('exits 3 when the server is busy (no connection slot for the role)', async () => {
    const admin = await db.admin();
    const name = `${db.name}_full`;
    const pw = await createLogin(admin, name, ['scratchpad_app']);
    await admin.query(`ALTER ROLE "${name}" CONNECTION LIMIT 0`);
    const r = await cli(['--db', db.urlFor(name, pw), 'turns'], { now: NOW });
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).not.toContain(pw);
  });

  it('exits 2 for a wrong password, and does not echo it', async () => {
    const r = await cli(['--db', db.urlFor(login, 'not-the-password-123'), 'turns'], { now: NOW });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/authentication failed/);
    expect(r.stderr).not.toContain('not-the-password-123');
  });

  it('exits 2 when the server asks for a password and none was given, saying where one goes', async () => {
    const r = await cli(['--db', bare, 'turns'], { now: NOW, env: { PGPASSFILE: join(tmp.dir, 'no-such-pgpass') } });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual([
      `scratchpad-inspector: ${bare.replace(/\/$/, '')}: authentication failed (the server asks for a password and none was given: put it in PGPASSWORD or the password file)`,
    ]);
  });
});
