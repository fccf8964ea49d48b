import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the test cluster, with its URL for the superuser; `drop()` removes it. */
export interface TestDatabase {
  readonly name: string;
  /** Superuser URL of this database. */
  readonly url: string;
  /** URL of this database for another role (`user`, `password`). */
  urlFor(user: string, password: string): string;
  /** A connected superuser client of this database (closed by `drop`). */
  admin(): Promise<pg.Client>;
  /** Closes the clients made here and drops the database (WITH FORCE: ends sessions still open). */
  drop(): Promise<void>;
}

/** Runs one statement as the cluster's superuser on its `postgres` database. */
async function onCluster(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates an empty database named `t_<random hex>` on the cluster of `adminUrl` (from `inject('pgAdminUrl')`). */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onCluster(adminUrl, `CREATE DATABASE ${name}`);
  const base = new URL(adminUrl);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const clients: pg.Client[] = [];
  return {
    name,
    url,
    urlFor(user, password) {
      const u = new URL(url);
      u.username = encodeURIComponent(user);
      u.password = encodeURIComponent(password);
      return u.toString();
    },
    async admin() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      clients.push(c);
      return c;
    },
    async drop() {
      await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
      await onCluster(base.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
