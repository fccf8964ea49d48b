import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The desktop app's product name: Electron's userData folder is named after it. */
export const PRODUCT_NAME = 'Scratchpad Inspector';
/** File name of the scratchpad in both the original runtime's folder and the app's own. */
export const DB_FILE_NAME = 'scratchpad.db';

/** Where the default database comes from: the original runtime's file, or this app's own. */
export type DefaultDbSource = 'metnos' | 'app';

/** The environment {@link defaultDbPath} reads (injectable for tests). */
export interface DefaultDbEnv {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
  readonly platform?: NodeJS.Platform;
  readonly exists?: (path: string) => boolean;
  /** The app's data folder when known (Electron's `app.getPath('userData')`); default {@link appUserDataDir}. */
  readonly userDataDir?: string;
}

/**
 * The app's own data folder, as Electron's `app.getPath('userData')` for productName {@link PRODUCT_NAME}:
 * Linux `$XDG_CONFIG_HOME/<name>` (default `~/.config/<name>`), macOS `~/Library/Application Support/<name>`,
 * Windows `%APPDATA%\<name>`.
 */
export function appUserDataDir({ env = process.env, home = homedir(), platform = process.platform }: DefaultDbEnv = {}): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME);
}

/**
 * The database the app and the CLI open when none is given, in this order:
 * 1. the original runtime's file, the first that exists of `$METNOS_USER_DATA/scratchpad.db` (when the variable
 *    is set) and `~/.local/share/metnos/scratchpad.db` (its default on Linux, shared/formats/metnos-v1.md);
 * 2. else the app's own file `<userData>/scratchpad.db` (which may not exist yet).
 * The same rule as the desktop app's `main/startup/default-db.ts`. Never creates anything.
 */
export function defaultDbPath(options: DefaultDbEnv = {}): { readonly path: string; readonly source: DefaultDbSource } {
  const { env = process.env, home = homedir(), exists = existsSync } = options;
  const candidates = [...(env.METNOS_USER_DATA ? [join(env.METNOS_USER_DATA, DB_FILE_NAME)] : []), join(home, '.local', 'share', 'metnos', DB_FILE_NAME)];
  const metnos = candidates.find((path) => exists(path));
  if (metnos !== undefined) return { path: metnos, source: 'metnos' };
  return { path: join(options.userDataDir ?? appUserDataDir(options), DB_FILE_NAME), source: 'app' };
}
