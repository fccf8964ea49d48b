import { join } from 'node:path';

/** Where the window's file comes from. */
export interface DatabaseChoice {
  readonly path: string;
  /** `flag`: --db; `metnos`: the original runtime's default file; `app`: this app's own file in userData. */
  readonly source: 'flag' | 'metnos' | 'app';
  /** True for the app's own file when it does not exist yet (main offers demo data). */
  readonly firstRun: boolean;
}

/** The environment the choice depends on (injected for tests). */
export interface DatabaseEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homeDir: string;
  readonly userDataDir: string;
  readonly exists: (path: string) => boolean;
}

/**
 * The file to open: `--db` when given; else the original runtime's default (`$METNOS_USER_DATA/scratchpad.db`,
 * then `~/.local/share/metnos/scratchpad.db`) when it exists; else `<userData>/scratchpad.db`.
 */
export function resolveDatabase(flag: string | null, environment: DatabaseEnvironment): DatabaseChoice {
  if (flag !== null) return { path: flag, source: 'flag', firstRun: false };
  const candidates = [
    environment.env.METNOS_USER_DATA ? join(environment.env.METNOS_USER_DATA, 'scratchpad.db') : null,
    join(environment.homeDir, '.local', 'share', 'metnos', 'scratchpad.db'),
  ];
  for (const candidate of candidates) {
    if (candidate !== null && environment.exists(candidate)) return { path: candidate, source: 'metnos', firstRun: false };
  }
  const own = join(environment.userDataDir, 'scratchpad.db');
  return { path: own, source: 'app', firstRun: !environment.exists(own) };
}
