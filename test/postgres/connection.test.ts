import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UNBOUND } from '../../app/scratchpad/postgres/binding';
import { openSchema } from '../../app/scratchpad/postgres/migrate';
import { PostgresStoreError } from '../../app/scratchpad/postgres/errors';
import { openPgTarget, type OpenedPgTarget } from '../../app/scratchpad/postgres/pool';
import { inTransaction } from '../../app/scratchpad/postgres/transaction';
import { createTestDatabase, type TestDatabase } from '../support/pg-db';
import { freePort } from '../support/pg-server';
import { meta, putText } from './fixtures';
import { connect, setUpRoles, type RoleSetup } from './helpers';

let db: TestDatabase;
let roles: RoleSetup;
let target: OpenedPgTarget;
const alice = { owner: 'alice', operator: false };

beforeAll(async () => {
  db = await createTestDatabase(inject('pgAdminUrl'));
  roles = await setUpRoles(db);
  target = await openPgTarget(roles.appUrl);
  const c = await target.pool.connect();
  await openSchema(c, { label: target.label });
  c.release();
});
afterAll(async () => {
  await target.close();
  await db.drop();
});

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

describe('openPgTarget', () => {
  it('maps a refused port to UNAVAILABLE', async () => {
    const url = Object.assign(new URL(roles.appUrl), { port: String(await freePort()) }).toString();
    const err = await openPgTarget(url).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', failure: 'unreachable', message: expect.stringContaining('ECONNREFUSED') });
    expect((err as Error).message).not.toContain(passwordOf(url));
  });

  it('maps a server that never answers to UNAVAILABLE after connect_timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const err = await openPgTarget(`postgres://u:pw@127.0.0.1:${port}/db?connect_timeout=1`).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'UNAVAILABLE', failure: 'unreachable', message: expect.stringContaining('timeout') });
    } finally {
      silent.close();
    }
  });

  it('maps a wrong password to INVALID_ARGUMENT (auth), never showing either password', async () => {
    const url = Object.assign(new URL(roles.appUrl), { password: 'not-the-password' }).toString();
    const err = await openPgTarget(url).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INVALID_ARGUMENT', failure: 'auth', sqlState: '28P01' });
    expect((err as Error).message).not.toMatch(/not-the-password/);
    expect((err as Error).message).toContain(`postgres://${db.name}_app@127.0.0.1:`);
  });

  it('maps a server asking for a password none was given to INVALID_ARGUMENT (auth), naming where one goes', async () => {
    const url = Object.assign(new URL(roles.appUrl), { password: '' }).toString();
    const err = await openPgTarget(url, { env: { PGPASSFILE: '/nonexistent/pgpass' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostgresStoreError);
    expect(err).toMatchObject({
      code: 'INVALID_ARGUMENT',
      failure: 'auth',
      message: `postgres://${db.name}_app@127.0.0.1:${new URL(url).port}/${db.name}: authentication failed (the server asks for a password and none was given: put it in PGPASSWORD or the password file)`,
    });
  });

  it('closes its socket when authentication fails in the driver (no password), not after the server gives up', async () => {
    // node-postgres raises the missing password mid-handshake and keeps the socket; the server would then hold a
    // backend for authentication_timeout (60 s), and DROP DATABASE waits for it.
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const settle = () => new Promise((r) => setTimeout(r, 200));
    await settle(); // sockets of the tests before close first
    const before = sockets();
    const url = Object.assign(new URL(roles.appUrl), { password: '' }).toString();
    await expect(openPgTarget(url, { env: { PGPASSFILE: '/nonexistent/pgpass' } })).rejects.toMatchObject({ failure: 'auth' });
    await settle();
    expect(sockets()).toBe(before);
  });

  it('maps an empty PGPASSWORD the server refuses to INVALID_ARGUMENT (auth)', async () => {
    const url = Object.assign(new URL(roles.appUrl), { password: '' }).toString();
    const err = await openPgTarget(url, { env: { PGPASSWORD: '', PGPASSFILE: '/nonexistent/pgpass' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INVALID_ARGUMENT', failure: 'auth', message: expect.stringContaining('none was given') });
  });

  it('maps a missing database to NOT_FOUND', async () => {
    const url = Object.assign(new URL(roles.appUrl), { pathname: '/no_such_db' }).toString();
    await expect(openPgTarget(url)).rejects.toMatchObject({ code: 'NOT_FOUND', failure: 'no_database', message: expect.stringContaining('no_such_db') });
  });
});

describe('inTransaction', () => {
  it('maps a write on a read-only server (default_transaction_read_only, as on a replica) to READ_ONLY', async () => {
    const admin = await db.admin();
    await admin.query(`ALTER ROLE "${db.name}_alice" SET default_transaction_read_only = on`);
    const ro = await openPgTarget(roles.alice.url);
    try {
      const err = await inTransaction(ro, UNBOUND, { operation: 'write' }, (c) => putText(c, meta(`${db.name}_alice`, 't'), 'x')).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'READ_ONLY', failure: 'read_only', sqlState: '25006' });
    } finally {
      await ro.close();
      await admin.query(`ALTER ROLE "${db.name}_alice" RESET default_transaction_read_only`);
    }
  });

  it('retries a real deadlock and both transactions commit', async () => {
    const c = await connect(roles.appUrl);
    await c.query(`BEGIN; SELECT set_config('scratchpad.principal', 'alice', true)`);
    const a = await putText(c, meta('alice', 'dl'), 'a');
    const b = await putText(c, meta('alice', 'dl'), 'b');
    await c.query('COMMIT');
    await c.end();
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((r) => (release = r));
    const cross = (first: number, second: number, ttl: number) =>
      inTransaction(target, alice, { operation: 'write' }, async (tx) => {
        await tx.query('UPDATE scratchpad.observations SET expires_at = $2 WHERE pk = $1', [first, ttl]);
        if (++arrived === 2) release();
        await both; // both hold their first lock, so the second UPDATEs wait on each other: a deadlock
        await tx.query('UPDATE scratchpad.observations SET expires_at = $2 WHERE pk = $1', [second, ttl]);
        return ttl;
      });
    expect(await Promise.all([cross(a.pk, b.pk, 7_000), cross(b.pk, a.pk, 8_000)])).toEqual([7_000, 8_000]);
  });

  it('gives BUSY (conflict) once the tries are used up', async () => {
    let tries = 0;
    const err = await inTransaction(target, alice, { operation: 'write', attempts: 3 }, async () => {
      tries++;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }).catch((e: unknown) => e);
    expect([tries, err]).toEqual([3, expect.objectContaining({ code: 'BUSY', failure: 'conflict' })]);
  });

  it('maps a connection lost in the middle of a put to BUSY (connection_lost) and leaves no partial row', async () => {
    const admin = await db.admin();
    const err = await inTransaction(target, alice, { operation: 'write' }, async (tx) => {
      await putText(tx, meta('alice', 'lost'), 'half');
      const pid = (await tx.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await tx.query('SELECT 1');
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'BUSY', failure: 'connection_lost' });
    expect((await admin.query(`SELECT count(*)::int AS n FROM scratchpad.observations WHERE turn_id = 'lost'`)).rows).toEqual([{ n: 0 }]);
    expect(
      (await admin.query(`SELECT count(*)::int AS n FROM scratchpad.chunks c LEFT JOIN scratchpad.observations o ON o.pk = c.entry_pk WHERE o.pk IS NULL`))
        .rows,
    ).toEqual([{ n: 0 }]);
    // The pool dropped the dead connection: the next transaction works.
    expect(await inTransaction(target, alice, { operation: 'read' }, async (tx) => (await tx.query('SELECT 1 AS one')).rows[0].one)).toBe(1);
  });
});
