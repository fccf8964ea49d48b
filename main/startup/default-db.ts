import { defaultDbPath } from '../../app/config/default-db';

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
 * The file to open: `--db` when given; else the rule shared with the CLI (app/config/default-db.ts): the original
 * runtime's default (`$METNOS_USER_DATA/scratchpad.db`, then `~/.local/share/metnos/scratchpad.db`) when it exists,
 * else `<userData>/scratchpad.db`, which is a first run when it does not exist yet.
 */
export function resolveDatabase(flag: string | null, environment: DatabaseEnvironment): DatabaseChoice {
  if (flag !== null) return { path: flag, source: 'flag', firstRun: false };
  const { env, homeDir, userDataDir, exists } = environment;
  const { path, source } = defaultDbPath({ env, home: homeDir, userDataDir, exists });
  return { path, source, firstRun: source === 'app' && !exists(path) };
}
