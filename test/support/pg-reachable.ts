import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBinaries } from './pg-binaries';

/** Copies made this process, removed at exit. */
const copies: string[] = [];

/**
 * Binaries the unprivileged user `owner` can run. The npm package's binaries live inside the checkout, which may
 * sit under a folder only root may enter (a clone in /root): then the package's `native` folder (bin, lib,
 * share: the server finds its files relative to its binary) is copied once into a readable temp folder.
 * System binaries, and any that `owner` can already run, are returned as they are.
 */
export function reachableBinaries(binaries: PgBinaries, owner: { uid: number; gid: number } | null): PgBinaries {
  if (owner === null || binaries.source === 'system') return binaries;
  try {
    execFileSync(binaries.initdb, ['--version'], { uid: owner.uid, gid: owner.gid, stdio: 'ignore' });
    return binaries;
  } catch {
    // Not reachable for that user: copy below.
  }
  const native = path.dirname(path.dirname(binaries.initdb));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scratchpad-pg-bin-'));
  fs.chmodSync(dir, 0o755);
  if (copies.length === 0) process.once('exit', () => copies.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  copies.push(dir);
  fs.cpSync(native, path.join(dir, 'native'), { recursive: true, verbatimSymlinks: true });
  const rel = (p: string) => path.join(dir, 'native', path.relative(native, p));
  return { ...binaries, initdb: rel(binaries.initdb), postgres: rel(binaries.postgres) };
}
