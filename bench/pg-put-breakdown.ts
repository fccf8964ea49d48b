/*
 * Where an 8 KiB PostgreSQL put's time goes, against the raw floor (`tsx bench/pg-put-breakdown.ts [puts]`,
 * default 1,000; run it under the bench lock). A durable throw-away server with pg_stat_statements, the same
 * roles and text as bench/suites/postgres.ts. Prints, per put and per raw insert: round trips (messages that
 * wait for ReadyForQuery: simple queries and Syncs), WAL bytes (pg_current_wal_lsn difference), this process's
 * CPU (process.cpuUsage, µs), wall time (ms), and the server's statements by total time (pg_stat_statements,
 * nested statements too: a function's own statements appear beside its call). Not a target figure: an
 * explanation of one (bench/README.md has the targets).
 */
import pg from 'pg';
import { openScratchpad, type Scratchpad } from '../app/scratchpad';
import { openPgTarget } from '../app/scratchpad/postgres/pool';
import { queryOnce } from '../app/scratchpad/postgres/transaction';
import { startPgServer } from '../test/support/pg-server';
import { KiB, MiB, textOfBytes } from './lib/content';

const PUTS = Number(process.argv[2] ?? 1_000);
const USER = { kind: 'user', userId: 'bench-user' } as const;

let roundTrips = 0;
// node-postgres's wire layer (the prototype every client's connection shares): each simple query and each Sync
// of the extended protocol is one round trip.
const proto = Object.getPrototypeOf((new pg.Client() as unknown as { connection: object }).connection) as Record<string, (...a: unknown[]) => unknown>;
for (const m of ['query', 'sync'] as const) {
  const orig = proto[m]!;
  proto[m] = function (this: unknown, ...a: unknown[]) {
    roundTrips++;
    return orig.apply(this, a);
  };
}

interface Cost {
  roundTrips: number;
  walBytes: number;
  cpuUs: number;
  sysUs: number;
  wallMs: number;
}

async function measure(admin: pg.Client, n: number, fn: (i: number) => Promise<unknown>): Promise<Cost> {
  const lsn = async () => String((await admin.query('SELECT pg_current_wal_lsn() AS l')).rows[0].l);
  const before = await lsn();
  const trips = roundTrips;
  const cpu = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(i);
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const used = process.cpuUsage(cpu);
  const tripsUsed = roundTrips - trips;
  const after = await lsn();
  const wal = Number((await admin.query('SELECT pg_wal_lsn_diff($1, $2) AS d', [after, before])).rows[0].d);
  return { roundTrips: tripsUsed / n, walBytes: wal / n, cpuUs: (used.user + used.system) / n, sysUs: used.system / n, wallMs: wallMs / n };
}

/**
 * The statement the store sent for its last put (captured from the pool's query calls) as a function sending
 * it again on `client`, the same values but for the turn (parameter 3): the server's part without the store's.
 */
function callOfPut(client: pg.Client, sent: pg.QueryConfig): (i: number) => Promise<unknown> {
  const values = [...(sent.values ?? [])];
  return (i: number) => {
    values[2] = `call-${i % 100}`;
    return client.query({ ...sent, values });
  };
}

/** listForTurn of 100 entries of 1 MiB (bench/suites/postgres.ts): round trips, client CPU, wall and server time per call. */
async function listing(su: pg.Client, store: Scratchpad): Promise<void> {
  const entry = textOfBytes(MiB, 'latin1', 'list');
  for (let i = 0; i < 100; i++) await store.put(USER, { turnId: 'list-100', stepNum: 1, executorName: 'bench', observation: entry, ttlSeconds: 1e9 });
  const list = () => store.listForTurn(USER, 'list-100');
  await measure(su, 20, list);
  await su.query('SELECT pg_stat_statements_reset()');
  const c = await measure(su, 200, list);
  console.log(`list round trips ${c.roundTrips.toFixed(2)}  client CPU ${c.cpuUs.toFixed(0)} µs (sys ${c.sysUs.toFixed(0)})  wall ${c.wallMs.toFixed(3)} ms`);
  const top = await su.query(
    `SELECT calls, round(total_exec_time::numeric / calls * 1000, 1) AS exec_us, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
     FROM pg_stat_statements WHERE calls >= 200 ORDER BY total_exec_time DESC LIMIT 4`,
  );
  for (const r of top.rows) console.log(`  ${String(r.exec_us).padStart(7)} µs  ${r.calls}  ${r.query}`);
}

async function main(): Promise<void> {
  const server = await startPgServer({
    durable: true,
    settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all', 'pg_stat_statements.track_planning': 'on' },
  });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  try {
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.query(`CREATE ROLE bench LOGIN PASSWORD 'bench'; ALTER DATABASE bench OWNER TO bench`);
    await admin.query(`CREATE ROLE scratchpad_operator NOLOGIN; GRANT scratchpad_operator TO bench`);
    const url = Object.assign(new URL(server.adminUrl), { pathname: '/bench' }).toString();
    const benchUrl = Object.assign(new URL(url), { username: 'bench', password: 'bench' }).toString();
    const su = new pg.Client({ connectionString: url });
    await su.connect();
    await su.query('CREATE EXTENSION pg_stat_statements');
    const store = await openScratchpad(benchUrl, { clock: () => 1_000 });
    const raw = new pg.Client({ connectionString: benchUrl });
    await raw.connect();
    await raw.query('CREATE TABLE raw_floor (data bytea NOT NULL); ALTER TABLE raw_floor ALTER COLUMN data SET STORAGE EXTERNAL');
    const text = textOfBytes(8 * KiB, 'mixed', 'pg-put');
    const bytes = Buffer.from(text, 'utf8');
    const put = (i: number) => store.put(USER, { turnId: `put-${i % 100}`, stepNum: 1, executorName: 'bench', observation: text, ttlSeconds: 1e9 });
    const insert = () => raw.query('INSERT INTO raw_floor (data) VALUES ($1)', [bytes]);
    // The put's own statement with fixed values on a plain client: the server's part without the store's.
    let sent: pg.QueryConfig | undefined;
    const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
      const c = a[0] as pg.QueryConfig;
      if (typeof c === 'object' && c.name?.includes('put')) sent = c;
      return query.apply(this, a);
    } as typeof pg.Client.prototype.query;
    await put(0);
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    if (sent === undefined) throw new Error('no put statement seen');
    console.log(`the put's statement: ${sent.name}, ${sent.values?.length} parameters`);
    const call = callOfPut(raw, sent);
    // The same statement through the store's pooled one-call path (transaction.ts), on a pool of its own.
    const target = await openPgTarget(benchUrl);
    const statement: pg.QueryConfig = { name: sent.name, text: sent.text, values: [...(sent.values ?? [])] };
    const pooled = (i: number) => {
      statement.values![2] = `pool-${i % 100}`;
      return queryOnce(target, 'write', statement);
    };
    await measure(su, 200, put); // warm-up: connections, plans, totals rows
    await measure(su, 200, insert);
    await measure(su, 200, call);
    await measure(su, 200, pooled);
    await su.query('SELECT pg_stat_statements_reset()');
    const costs = {
      put: await measure(su, PUTS, put),
      raw: await measure(su, PUTS, insert),
      call: await measure(su, PUTS, call),
      pool: await measure(su, PUTS, pooled),
    };
    for (const [k, c] of Object.entries(costs)) {
      console.log(
        `${k.padEnd(4)} round trips ${c.roundTrips.toFixed(2)}  WAL ${c.walBytes.toFixed(0)} B  client CPU ${c.cpuUs.toFixed(0)} µs (sys ${c.sysUs.toFixed(0)})  wall ${c.wallMs.toFixed(3)} ms`,
      );
    }
    const top = await su.query(
      `SELECT calls, round(total_exec_time::numeric / calls * 1000, 1) AS exec_us, round(total_plan_time::numeric / calls * 1000, 1) AS plan_us,
         round(wal_bytes::numeric / calls) AS wal, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements WHERE calls >= $1 ORDER BY total_exec_time DESC LIMIT 15`,
      [PUTS],
    );
    console.log('server, per execution (µs exec, µs plan, WAL bytes, calls; the put function runs in the put, call and pool arms):');
    for (const r of top.rows)
      console.log(`  ${String(r.exec_us).padStart(7)} ${String(r.plan_us).padStart(6)} ${String(r.wal).padStart(6)} ${r.calls}  ${r.query}`);
    await listing(su, store);
    await raw.end();
    await target.close();
    await su.end();
    await store.close();
  } finally {
    await admin.end().catch(() => undefined);
    await server.stop();
  }
}

await main();
