// `npm start` without Electron's binary (scripts/electron-binary.mjs): a failed first-run download ends in one
// message saying what failed and why, the one remedy and --dry-run, exit 1, never a stack trace.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installFailureLines, olderThan } from '../../scripts/electron-binary.mjs';
import { ROOT } from '../../scripts/build-main.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const REMEDY = [
  'With network access, run `node node_modules/electron/install.js`, then `npm start` again.',
  '`npm start -- --dry-run` builds everything without Electron.',
];
const TOOLING = { range: '>= 22.12.0', min: [22, 12, 0] };

/** A loopback port nothing listens on (bound, then closed): a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('installFailureLines', () => {
  it('says first that this Node is older than the tooling needs, then the cause, the remedy and --dry-run', () => {
    expect(installFailureLines('45.5.0', 'its download', 'fetch failed (getaddrinfo ENOTFOUND github.com)', '20.20.2', TOOLING)).toEqual([
      `npm start needs Node 22.12.0 or later (Electron 45.5.0's tooling; README "Node versions"); this is Node 20.20.2.`,
      "Electron 45.5.0's binary is not installed, and its download failed: fetch failed (getaddrinfo ENOTFOUND github.com)",
      ...REMEDY,
    ]);
  });

  it('leaves the Node line out on a Node the tooling accepts', () => {
    expect(installFailureLines('45.5.0', 'extracting it', 'Error: EACCES', 'v22.12.0', TOOLING)).toEqual([
      "Electron 45.5.0's binary is not installed, and extracting it failed: Error: EACCES",
      ...REMEDY,
    ]);
  });
});

describe('olderThan', () => {
  it('compares major, minor and patch in turn', () => {
    expect([
      olderThan('20.20.2', [22, 12, 0]),
      olderThan('22.11.9', [22, 12, 0]),
      olderThan('22.12.0', [22, 12, 0]),
      olderThan('v23.0.0', [22, 12, 0]),
    ]).toEqual([true, true, false, false]);
  });
});

describe('ensureElectronOrExit with no binary and an unreachable download', () => {
  it('prints the one message, with the fetch error and its cause on one line, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'electron-binary-'));
    dirs.push(dir);
    const electronDir = join(dir, 'electron');
    mkdirSync(electronDir);
    for (const f of ['package.json', 'checksums.json', 'install.js']) copyFileSync(join(ROOT, 'node_modules', 'electron', f), join(electronDir, f));
    const port = await closedPort();
    const script = `import { ensureElectronOrExit } from './scripts/electron-binary.mjs'; await ensureElectronOrExit(${JSON.stringify(electronDir)});`;
    const env: Record<string, string | undefined> = { ...process.env, ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: join(dir, 'cache') };
    for (const key of Object.keys(env)) if (/^(npm_config_electron_|ELECTRON_GET_USE_PROXY|electron_use_remote)/i.test(key)) delete env[key];
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env, timeout: 30_000 });

    const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    const node = olderThan(process.versions.node, [22, 12, 0])
      ? [`npm start needs Node 22.12.0 or later (Electron ${version}'s tooling; README "Node versions"); this is Node ${process.versions.node}.`]
      : [];
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 1, stdout: '' });
    expect(run.stderr).toBe(
      [
        '',
        ...node,
        `Electron ${version}'s binary is not installed, and its download failed: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})`,
        ...REMEDY,
        '',
      ].join('\n'),
    );
    expect(existsSync(join(electronDir, 'path.txt'))).toBe(false);
    expect(readdirSync(electronDir).sort()).toEqual(['checksums.json', 'install.js', 'package.json']);
  });
});
