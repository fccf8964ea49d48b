import fs from 'node:fs';
import { createRequire } from 'node:module';

/*
 * ~/.pgpass lookup (https://www.postgresql.org/docs/current/libpq-pgpass.html) through the `pgpass` package,
 * called by us rather than by pg (whose built-in lookup is deprecated and reads only process.env). The file is
 * PGPASSFILE or ~/.pgpass; it is ignored, as libpq does, when group or others may read it.
 */

interface PgpassHelper {
  getFileName(env: NodeJS.ProcessEnv): string;
  usePgPass(stats: fs.Stats, file: string): boolean;
  getPassword(connInfo: Record<string, string | number>, stream: NodeJS.ReadableStream, cb: (password: string | undefined) => void): void;
}

const helper = createRequire(import.meta.url)('pgpass/lib/helper.js') as PgpassHelper;

/** What a ~/.pgpass line is matched against (libpq: host, port, database, user; `*` matches anything). */
export interface PgpassKey {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
}

/** The password file `env` designates: PGPASSFILE, else $HOME/.pgpass. */
export function pgpassFile(env: NodeJS.ProcessEnv): string {
  return helper.getFileName(env);
}

/**
 * The password of the first matching line of the password file of `env`, or null when there is no file, it is
 * not a plain file, it is readable by group or others, or no line matches. Never throws.
 */
export async function lookupPgpass(key: PgpassKey, env: NodeJS.ProcessEnv): Promise<string | null> {
  const file = pgpassFile(env);
  let stats: fs.Stats;
  try {
    stats = await fs.promises.stat(file);
  } catch {
    return null;
  }
  if (!stats.isFile() || (stats.mode & 0o077) !== 0) return null;
  return new Promise((resolve) => {
    helper.getPassword({ host: key.host, port: key.port, database: key.database, user: key.user }, fs.createReadStream(file), (pw) => resolve(pw ?? null));
  });
}
