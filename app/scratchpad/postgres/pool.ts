import pg from 'pg';
import { resolveConnection, type ResolvedConnection } from './connection-config';
import { mapPgError } from './errors';
import { closeLane } from './lane';
import type { PgTarget } from './transaction';

/** Options of {@link openPgTarget}. */
export interface PgTargetOptions {
  /** Environment for PG* variables and the password file; default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Connections in the pool; default 4. */
  readonly maxConnections?: number;
  /** Called when an idle pooled connection fails (the pool drops it and makes a new one on demand). */
  readonly onIdleError?: (message: string) => void;
}

/** A {@link PgTarget} with what it was made from; `close()` ends every connection. */
export interface OpenedPgTarget extends PgTarget {
  readonly connection: ResolvedConnection;
  close(): Promise<void>;
}

type ConnectCallback = ((err: Error) => void) | ((err: null, c: pg.Client) => void);

/**
 * A pg.Client that closes its socket when connecting fails. node-postgres keeps the socket after an error it
 * raises itself during authentication (the server asks for a SCRAM password and none was given), and the
 * server then holds that backend until authentication_timeout (60 s by default): a DROP DATABASE waits for it,
 * and every failed open in the app left one behind.
 */
class ClosingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
    if (callback === undefined) {
      return super.connect().catch((err: unknown) => {
        this.connection.stream.destroy();
        throw err;
      });
    }
    super.connect((err: Error | null) => {
      if (err) {
        this.connection.stream.destroy();
        (callback as (err: Error) => void)(err);
      } else (callback as (err: null, c: pg.Client) => void)(null, this);
    });
  }
}

/**
 * Resolves `url` (connection-config.ts), makes a pool and checks one connection, so a bad URL, an unreachable
 * server, a wrong password or a missing database fail here, mapped by mapPgError (no password in any message).
 * An idle connection that dies later (server restart) is dropped without crashing the process.
 */
export async function openPgTarget(url: string, options: PgTargetOptions = {}): Promise<OpenedPgTarget> {
  const connection = await resolveConnection(url, options.env);
  const secrets = [connection.secret];
  const pool = new pg.Pool({ ...connection.config, max: options.maxConnections ?? 4, Client: ClosingClient });
  pool.on('error', (err) => options.onIdleError?.(String(mapPgError(err, connection.label, 'read', secrets))));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw mapPgError(err, connection.label, 'read', secrets);
  }
  return {
    pool,
    label: connection.label,
    secrets,
    connection,
    close: () => {
      closeLane(pool);
      return pool.end();
    },
  };
}
