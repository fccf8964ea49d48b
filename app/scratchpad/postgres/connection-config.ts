import os from 'node:os';
import type pg from 'pg';
import { lookupPgpass } from './pgpass';
import { parsePostgresUrl } from './url';

/** Defaults of the driver when neither the URL nor the environment say (libpq's). */
const DEFAULT_PORT = 5432;
const DEFAULT_HOST = 'localhost';
/** Seconds to wait for a connection when neither the URL nor PGCONNECT_TIMEOUT say: 10 (libpq waits forever). */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;

/** A resolved connection: the driver's config, a label safe to show, and the secrets to scrub from messages. */
export interface ResolvedConnection {
  /** For `new pg.Client(config)` / `new pg.Pool(config)`. */
  readonly config: pg.ClientConfig;
  /** `postgres://user@host:port/database` (never a password): for logs, titles, errors, the recent list. */
  readonly label: string;
  /** Where the password came from: the URL, PGPASSWORD, the password file, or none (trust / peer auth). */
  readonly passwordSource: 'url' | 'PGPASSWORD' | 'pgpass' | 'none';
  /** The password, to scrub from any message (redactSecrets); null when none. */
  readonly secret: string | null;
}

/**
 * Resolves a connection URL the way libpq does: each part the URL leaves out comes from PGHOST, PGPORT, PGUSER,
 * PGDATABASE (default: the user name), PGPASSWORD, then the password file (PGPASSFILE or ~/.pgpass), and
 * PGSSLMODE / PGAPPNAME / PGCONNECT_TIMEOUT for options. `env` defaults to process.env (tests pass their own).
 * INVALID_ARGUMENT for a malformed URL (see parsePostgresUrl); nothing is contacted.
 */
export async function resolveConnection(url: string, env: NodeJS.ProcessEnv = process.env): Promise<ResolvedConnection> {
  const parts = parsePostgresUrl(url);
  const host = parts.host ?? (env.PGHOST || DEFAULT_HOST);
  const port = parts.port ?? (env.PGPORT ? Number(env.PGPORT) : DEFAULT_PORT);
  const user = parts.user ?? (env.PGUSER || os.userInfo().username);
  const database = parts.database ?? (env.PGDATABASE || user);
  let password = parts.password;
  let passwordSource: ResolvedConnection['passwordSource'] = password === null ? 'none' : 'url';
  if (password === null && env.PGPASSWORD !== undefined) {
    password = env.PGPASSWORD;
    passwordSource = 'PGPASSWORD';
  }
  if (password === null) {
    password = await lookupPgpass({ host, port, database, user }, env);
    if (password !== null) passwordSource = 'pgpass';
  }
  const sslmode = parts.options.sslmode ?? env.PGSSLMODE;
  const timeout = Number(parts.options.connect_timeout ?? env.PGCONNECT_TIMEOUT ?? DEFAULT_CONNECT_TIMEOUT_SECONDS);
  const config: pg.ClientConfig = {
    host,
    port,
    user,
    database,
    ...(password === null ? {} : { password }),
    application_name: parts.options.application_name ?? env.PGAPPNAME ?? 'scratchpad-inspector',
    connectionTimeoutMillis: Number.isFinite(timeout) && timeout > 0 ? timeout * 1000 : DEFAULT_CONNECT_TIMEOUT_SECONDS * 1000,
    ...(sslmode === undefined || sslmode === 'disable' ? { ssl: false } : { ssl: sslmode === 'no-verify' ? { rejectUnauthorized: false } : true }),
    ...(parts.options.options ? { options: parts.options.options } : {}),
  };
  return { config, label: connectionLabel(host, port, user, database), passwordSource, secret: password };
}

/** `postgres://user@host:port/database`, or `...@:port/database?host=/socket/dir` for a Unix socket; no password. */
export function connectionLabel(host: string, port: number, user: string, database: string): string {
  const u = encodeURIComponent(user);
  const db = encodeURIComponent(database);
  if (host.startsWith('/')) return `postgres://${u}@:${port}/${db}?host=${encodeURIComponent(host)}`;
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `postgres://${u}@${hostPart}:${port}/${db}`;
}
