import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];
let hooked = false;

function removeAll(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A fresh folder on disk under the OS temp dir (not tmpfs on this machine), removed by {@link removeTempDirs}
 * or at exit / Ctrl-C, so an interrupted run leaves no gigabyte files behind.
 */
export function makeTempDir(label: string): string {
  if (!hooked) {
    hooked = true;
    process.on('exit', removeAll);
    for (const sig of ['SIGINT', 'SIGTERM'] as const)
      process.on(sig, () => {
        removeAll();
        process.exit(130);
      });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scratchpad-bench-${label}-`));
  made.push(dir);
  return dir;
}

/** Removes one folder made by {@link makeTempDir} now (frees disk between suites). */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  const i = made.indexOf(dir);
  if (i >= 0) made.splice(i, 1);
}

/** Removes every folder still registered. */
export function removeTempDirs(): void {
  removeAll();
}

/** Size in bytes of a SQLite file with its -wal and -shm companions. */
export function fileSetBytes(dbPath: string): number {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      total += fs.statSync(dbPath + suffix).size;
    } catch {
      /* absent */
    }
  }
  return total;
}
