import Database from 'better-sqlite3';
import os from 'node:os';
import { createRequire } from 'node:module';

/** What the figures were measured on. */
export function machineInfo() {
  const require = createRequire(import.meta.url);
  const db = new Database(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    betterSqlite3: (require('better-sqlite3/package.json') as { version: string }).version,
    sqlite,
    loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
    tmpdir: os.tmpdir(),
  };
}
