import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, formatDeepLink } from '../../app/contract';
import { buildMain, ROOT } from '../../scripts/build-main.mjs';
import { removeScratchDirs, repoScratchDir, seedStore, tempDir } from './helpers';

afterAll(removeScratchDirs);

/**
 * The bundled main process (dist/main/main.js as npm start builds it), run under plain Node with `electron` resolved
 * to a stub that loads the page and calls main's IPC handlers as that window (fixtures/electron-stub).
 */
async function runMain(mainJs: string, args: string[], env: Record<string, string>) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', './test/main/fixtures/electron-stub/register.mjs', mainJs, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  const lines = stdout.split('\n').filter((l) => l.startsWith('@@'));
  return lines.map((l) => ({ tag: l.slice(2, l.indexOf(' ')), value: JSON.parse(l.slice(l.indexOf(' ') + 1)) }));
}

describe('the bundled main process under an electron stub', () => {
  let mainJs: string;
  beforeAll(async () => {
    const outDir = join(repoScratchDir('main-smoke'), 'main');
    [mainJs] = (await buildMain({ outDir, entries: ['main', 'worker'] })) as [string];
  });

  it('opens --db as --owner in a hardened window, over a worker, answering only the page', async () => {
    const seeded = await seedStore();
    const home = tempDir('home-');
    const records = await runMain(mainJs, ['--db', seeded.path, '--owner', 'alice'], { HOME: home, XDG_CONFIG_HOME: join(home, '.config') });
    const result = records.find((r) => r.tag === 'RESULT')?.value;
    expect(result.channels).toEqual([...CHANNEL_NAMES].sort());
    expect([result.webPreferences.sandbox, result.webPreferences.contextIsolation, result.webPreferences.nodeIntegration]).toEqual([true, true, false]);
    expect(result.info).toEqual({
      ok: true,
      value: { file: seeded.path, format: 'v2', readonly: false, principal: { kind: 'user', userId: 'alice' }, knownOwners: [], recentFiles: [seeded.path] },
    });
    expect(result.turns.value.turns.map((t: { turnId: string }) => t.turnId).sort()).toEqual(['turn-alice-1', 'turn-alice-2']);
    expect(result.foreign).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'requests are accepted only from the app page' } });
  });

  it("on a first run without --db, offers demo data and opens the app's own file as operator", async () => {
    const home = tempDir('home-');
    const records = await runMain(mainJs, [], { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), METNOS_USER_DATA: '', STUB_MESSAGE_BOX_RESPONSE: '1' });
    expect(records.filter((r) => r.tag === 'MESSAGE_BOX').map((r) => r.value)).toEqual(['No scratchpad file yet']);
    const result = records.find((r) => r.tag === 'RESULT')?.value;
    expect([result.info.value.file, result.info.value.principal]).toEqual([
      join(home, '.config', 'Scratchpad Inspector', 'scratchpad.db'),
      { kind: 'operator' },
    ]);
    expect(result.info.value.knownOwners.length).toBeGreaterThanOrEqual(2);
    expect(result.turns.value.turns.length).toBeGreaterThan(0);
  });

  it("on a first run started empty, creates the app's user-data folder (0700) and an empty file in it", async () => {
    const home = tempDir('home-');
    const records = await runMain(mainJs, [], { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), METNOS_USER_DATA: '', STUB_MESSAGE_BOX_RESPONSE: '0' });
    const result = records.find((r) => r.tag === 'RESULT')?.value;
    expect(result.info.value.file).toBe(join(home, '.config', 'Scratchpad Inspector', 'scratchpad.db'));
    expect(result.turns.value.turns).toEqual([]);
    expect(statSync(join(home, '.config', 'Scratchpad Inspector')).mode & 0o777).toBe(0o700);
  });

  it('refuses contradictory flags with a native error box and exit code 2', async () => {
    const failure = await runMain(mainJs, ['--owner', 'alice', '--operator'], { HOME: tempDir('home-') }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stdout).toContain('@@ERROR_BOX ["Scratchpad Inspector","--owner and --operator cannot be combined"]');
  });

  it("registers the scratchpad-inspector scheme; --open LINK shows the unknown file, confirmed opens it as main's principal (never the link's)", async () => {
    const seeded = await seedStore();
    const home = tempDir('home-');
    const link = formatDeepLink({ db: seeded.path, id: 'no-such-entry' });
    const records = await runMain(mainJs, ['--open', link, '--owner', 'alice'], {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      STUB_MESSAGE_BOX_RESPONSE: '1',
    });
    expect(records.filter((r) => r.tag === 'PROTOCOL_CLIENT').map((r) => r.value)).toEqual(['scratchpad-inspector']);
    expect(records.filter((r) => r.tag === 'MESSAGE_BOX').map((r) => r.value)).toEqual(['A link asks to open a scratchpad file you have not opened before']);
    const result = records.find((r) => r.tag === 'RESULT')?.value;
    expect([result.info.value.file, result.info.value.principal]).toEqual([seeded.path, { kind: 'user', userId: 'alice' }]);
  });

  it('refuses a link that tries to set who views, with an error box and exit code 2', async () => {
    const failure = await runMain(mainJs, ['--open', 'scratchpad-inspector://open?db=/x.db&owner=bob'], { HOME: tempDir('home-') }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stdout).toContain('--open: unknown parameter');
    expect(failure?.stdout).toContain('it never sets who views');
  });
});
