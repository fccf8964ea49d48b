import { parse } from 'pg-connection-string';
import { ScratchpadError } from '../types';

/*
 * Connection URLs (libpq's URI form, https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS):
 * `postgres://user:password@host:port/database?option=value` or `postgresql://...`. Every part may be left out
 * and then comes from the PG* environment or ~/.pgpass (connection-config.ts).
 */

/** Query options a URL may carry (libpq's names); any other is INVALID_ARGUMENT, so a typo does not pass silently. */
export const URL_OPTIONS = [
  'sslmode',
  'sslcert',
  'sslkey',
  'sslrootcert',
  'application_name',
  'connect_timeout',
  'options',
  'host',
  'port',
  'user',
  'password',
  'dbname',
  'uselibpqcompat',
] as const;

/** True when `target` is a PostgreSQL connection URL (`postgres://` or `postgresql://`, any case), never a file path. */
export function isPostgresUrl(target: unknown): target is string {
  return typeof target === 'string' && /^postgres(ql)?:\/\//i.test(target);
}

/** The parts of a connection URL; absent parts are null (filled later from the environment). */
export interface PostgresUrlParts {
  readonly host: string | null;
  /** TCP port, 1-65535. */
  readonly port: number | null;
  readonly user: string | null;
  /** Never logged: see {@link redactUrl}. */
  readonly password: string | null;
  readonly database: string | null;
  /** The recognised query options other than host/port/user/password/dbname, as given. */
  readonly options: Readonly<Record<string, string>>;
}

const blank = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Parses a connection URL. INVALID_ARGUMENT (with the URL redacted) when it is not a postgres(ql):// URL, has
 * an unknown query option, or a port that is not an integer in 1-65535. Nothing is resolved or contacted.
 */
export function parsePostgresUrl(url: string): PostgresUrlParts {
  if (!isPostgresUrl(url)) throw new ScratchpadError('INVALID_ARGUMENT', 'not a postgres:// or postgresql:// URL');
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : new URLSearchParams();
  for (const key of query.keys()) {
    if (!(URL_OPTIONS as readonly string[]).includes(key)) {
      throw new ScratchpadError('INVALID_ARGUMENT', `${redactUrl(url)}: unknown option ${JSON.stringify(key)} (known: ${URL_OPTIONS.join(', ')})`);
    }
  }
  let raw: Record<string, unknown>;
  try {
    raw = parse(url) as Record<string, unknown>;
  } catch (err) {
    throw new ScratchpadError('INVALID_ARGUMENT', `${redactUrl(url)}: malformed URL (${err instanceof Error ? err.name : 'error'})`);
  }
  const portText = blank(raw.port);
  const port = portText === null ? null : Number(portText);
  if (port !== null && !(Number.isInteger(port) && port >= 1 && port <= 65_535)) {
    throw new ScratchpadError('INVALID_ARGUMENT', `${redactUrl(url)}: port must be an integer in 1-65535`);
  }
  const options: Record<string, string> = {};
  for (const [k, v] of query) if (!['host', 'port', 'user', 'password', 'dbname'].includes(k)) options[k] = v;
  return {
    host: blank(raw.host),
    port,
    user: blank(raw.user),
    password: typeof raw.password === 'string' && raw.password !== '' ? raw.password : null,
    database: blank(raw.database) ?? blank(query.get('dbname')),
    options,
  };
}

/**
 * The URL without its password (in the authority or as `?password=`): what logs, window titles, errors and the
 * recent list show. A string that does not parse as a URL becomes `postgres://(unparseable URL)`, since it may
 * hold a password in a place we cannot find.
 */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'postgres://(unparseable URL)';
  }
  u.password = '';
  u.searchParams.delete('password');
  u.searchParams.delete('sslpassword');
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
  return `${scheme}:${u.toString().slice(u.protocol.length)}`;
}

/**
 * `text` with every occurrence of each secret (as given and URL-encoded) replaced by `***`: the last line of
 * defence for messages built from driver errors. Secrets shorter than 1 character are ignored.
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (!s) continue;
    for (const form of new Set([s, encodeURIComponent(s)])) out = out.split(form).join('***');
  }
  return out;
}
