import { ScratchpadError } from '../contract';
import { statSync, type Stats } from 'node:fs';
import type { Principal } from '../contract';
import { defaultDbPath } from '../config/default-db';
import { isPostgresUrl, openPostgresScratchpad, openScratchpad } from '../scratchpad';
import type { Scratchpad } from '../scratchpad/types';
import type { CliIo } from './io';
import { MAX_NAME_LENGTH } from '../common/limits';

/** The stats of `path`; undefined when nothing is there; null when stat itself fails otherwise. */
function statOrUnknown(path: string): Stats | undefined | null {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return null;
  }
}

/** The global options, as commander parses them. */
export interface GlobalOptions {
  readonly db?: string;
  readonly owner?: string;
  readonly operator?: boolean;
  readonly json?: boolean;
  /** SQLite busy timeout in milliseconds. */
  readonly busyTimeout?: number;
}

/** `--owner ID` gives that user; `--operator` or neither gives the operator; both is a USAGE error. */
export function principalOf(options: GlobalOptions): Principal {
  if (options.owner !== undefined && options.operator) throw new ScratchpadError('USAGE', '--owner and --operator cannot be combined');
  if (options.owner !== undefined) {
    if (options.owner.length === 0 || options.owner.length > MAX_NAME_LENGTH)
      throw new ScratchpadError('USAGE', `--owner must be 1 to ${MAX_NAME_LENGTH} characters`);
    return { kind: 'user', userId: options.owner };
  }
  return { kind: 'operator' };
}

/** `--db PATH` (or a postgres:// URL), else the app's default database (app/config/default-db.ts). */
export function dbPathOf(options: GlobalOptions, io: CliIo): string {
  return options.db ?? defaultDbPath({ env: io.env }).path;
}

/**
 * Opens the database for one command: read-only unless `write` (only a real gc writes), with the io's clock.
 * NOT_FOUND when the file does not exist (the CLI never creates a database, except demo-db); the store's
 * CORRUPT / UNSUPPORTED_FORMAT / BUSY otherwise. A postgres:// URL (never taken for a file) connects with the
 * io's PG* environment and password file; it is opened read-only too (never migrated) unless `write`.
 */
export async function openForCommand(options: GlobalOptions, io: CliIo, write: boolean): Promise<Scratchpad> {
  const path = dbPathOf(options, io);
  if (isPostgresUrl(path)) return openPostgresScratchpad(path, { readonly: !write, clock: io.now }, { env: io.env, maxConnections: 2 });
  // A path stat cannot follow (symlink loop, permission denied) goes on to the store, which says what it is.
  const st = statOrUnknown(path);
  if (st === undefined)
    throw new ScratchpadError('NOT_FOUND', `database not found: ${path}${options.db === undefined ? ' (the default; pass --db PATH)' : ''}`);
  if (st !== null && !st.isFile()) throw new ScratchpadError('USAGE', `not a file: ${path}`);
  return openScratchpad(path, {
    readonly: !write,
    clock: io.now,
    ...(options.busyTimeout === undefined ? {} : { busyTimeoutMs: options.busyTimeout }),
  });
}
