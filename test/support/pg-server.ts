import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPgBinaries, type PgBinaries } from './pg-binaries';
import { reachableBinaries } from './pg-reachable';

/*
 * A throw-away PostgreSQL cluster for tests and benches: initdb into a fresh temp folder, the server on a free
 * port of 127.0.0.1 only (no Unix socket, so two runs never meet), a random superuser password, removed on stop
 * or at process exit. PostgreSQL refuses to run as root, so under root the cluster belongs to an unprivileged
 * user (`postgres` when the machine has one, else `scratchpad-pg`, created once with useradd; SCRATCHPAD_PG_USER
 * names another).
 */

/** A running throw-away cluster. */
export interface PgServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** Superuser name and password (random per cluster). */
  readonly user: string;
  readonly password: string;
  /** `postgres://user:password@127.0.0.1:port/postgres`: the superuser's URL (tests only; never log it). */
  readonly adminUrl: string;
  readonly binaries: PgBinaries;
  /** Stops the server (fast shutdown) and removes its folder. Idempotent. */
  stop(): Promise<void>;
}

/** Options of {@link startPgServer}. */
export interface PgServerOptions {
  /** Keep fsync on (benches: figures of a real server). Default false: tests need no durability. */
  readonly durable?: boolean;
  /** Milliseconds to wait for "ready to accept connections". Default 60,000. */
  readonly startTimeoutMs?: number;
  /** More server settings (`-c name=value`), e.g. `shared_preload_libraries` for a profile. Default none. */
  readonly settings?: Readonly<Record<string, string>>;
}

const RUN_AS_FALLBACK = 'scratchpad-pg';

/** A free TCP port on 127.0.0.1 (bound then released; the server takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** uid/gid to run the server as: none when not root; under root an unprivileged user (created if missing). */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (name: string, flag: '-u' | '-g') => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  const wanted = process.env.SCRATCHPAD_PG_USER;
  for (const name of wanted ? [wanted] : ['postgres', RUN_AS_FALLBACK]) {
    try {
      return { uid: id(name, '-u'), gid: id(name, '-g') };
    } catch {
      // No such user: try the next one.
    }
  }
  const name = wanted || RUN_AS_FALLBACK;
  execFileSync('useradd', ['--system', '--no-create-home', '--user-group', '--shell', '/usr/sbin/nologin', name]);
  return { uid: id(name, '-u'), gid: id(name, '-g') };
}

function waitReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`postgres did not start in ${timeoutMs} ms:\n${log}`)), timeoutMs);
    child.stderr?.on('data', (d: Buffer) => {
      log = (log + d.toString('utf8')).slice(-4_000);
      if (log.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres exited (code ${code}) before it was ready:\n${log}`));
    });
  });
}

/**
 * Starts a fresh cluster (see the file comment). Takes about a second (initdb without fsync). Throws when no
 * server binaries are found or the server does not start; the temp folder is removed in either case.
 */
export async function startPgServer(options: PgServerOptions = {}): Promise<PgServer> {
  const owner = runAs();
  const binaries = reachableBinaries(await findPgBinaries(), owner);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scratchpad-pg-'));
  const data = path.join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const user = 'postgres';
  const spawnIds = owner ?? {};
  let child: ChildProcess | undefined;
  const removeNow = () => {
    child?.kill('SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
    const pwfile = path.join(dir, 'pw');
    fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
    if (owner) fs.chownSync(pwfile, owner.uid, owner.gid);
    execFileSync(
      binaries.initdb,
      [
        '-D',
        data,
        '-U',
        user,
        `--pwfile=${pwfile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=reject',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      { ...spawnIds, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } },
    );
    fs.rmSync(pwfile);
    const port = await freePort();
    const flags = [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ...Object.entries(options.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ];
    child = spawn(binaries.postgres, flags, { ...spawnIds, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' } });
    await waitReady(child, options.startTimeoutMs ?? 60_000);
    child.stderr?.resume(); // keep draining the log so the server never blocks on a full pipe
    process.once('exit', removeNow);
    const started = child;
    let stopped: Promise<void> | undefined;
    return {
      host: '127.0.0.1',
      port,
      user,
      password,
      adminUrl: `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      binaries,
      stop() {
        stopped ??= new Promise<void>((resolve) => {
          process.removeListener('exit', removeNow);
          if (started.exitCode !== null || started.signalCode !== null) return resolve();
          started.once('exit', () => resolve());
          started.kill('SIGINT'); // fast shutdown: rolls back open transactions, closes sessions
        }).then(() => fs.rmSync(dir, { recursive: true, force: true }));
        return stopped;
      },
    };
  } catch (err) {
    removeNow();
    throw err;
  }
}
