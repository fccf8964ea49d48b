import { describe, expect, it } from 'vitest';
import { appUserDataDir, defaultDbPath } from '../../app/config/default-db';

const HOME = '/home/dev';
const only =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

describe('defaultDbPath', () => {
  it("prefers the original runtime's file under METNOS_USER_DATA when it exists", () => {
    expect(
      defaultDbPath({
        env: { METNOS_USER_DATA: '/data/m' },
        home: HOME,
        platform: 'linux',
        exists: only('/data/m/scratchpad.db', `${HOME}/.local/share/metnos/scratchpad.db`),
      }),
    ).toEqual({ path: '/data/m/scratchpad.db', source: 'metnos' });
  });
  it('falls back to ~/.local/share/metnos/scratchpad.db when that exists', () => {
    expect(
      defaultDbPath({ env: { METNOS_USER_DATA: '/data/m' }, home: HOME, platform: 'linux', exists: only(`${HOME}/.local/share/metnos/scratchpad.db`) }),
    ).toEqual({ path: `${HOME}/.local/share/metnos/scratchpad.db`, source: 'metnos' });
  });
  it("else gives the app's own file in Electron's userData for the product name", () => {
    expect(defaultDbPath({ env: {}, home: HOME, platform: 'linux', exists: only() })).toEqual({
      path: `${HOME}/.config/Scratchpad Inspector/scratchpad.db`,
      source: 'app',
    });
    expect(defaultDbPath({ env: { XDG_CONFIG_HOME: '/xdg' }, home: HOME, platform: 'linux', exists: only() })).toEqual({
      path: '/xdg/Scratchpad Inspector/scratchpad.db',
      source: 'app',
    });
    expect(defaultDbPath({ env: {}, home: HOME, exists: only(), userDataDir: '/ud' })).toEqual({ path: '/ud/scratchpad.db', source: 'app' });
  });
});

describe('appUserDataDir', () => {
  it("follows Electron's userData on macOS too", () => {
    expect(appUserDataDir({ env: {}, home: HOME, platform: 'darwin' })).toBe(`${HOME}/Library/Application Support/Scratchpad Inspector`);
  });
});
