// Electron's binary for `npm start`: Electron 45 installs it lazily (on first run), and a failed download must end
// in one clear message, not the raw stack its install script prints.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build-main.mjs';

/**
 * The Node version Electron's tooling declares (`engines.node` of node_modules/electron, e.g. `>= 22.12.0`) as
 * `{ range, min: [major, minor, patch] }`, or null when it declares none.
 */
export function toolingNode(electronDir = join(ROOT, 'node_modules', 'electron')) {
  const range = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).engines?.node;
  const m = typeof range === 'string' ? /(\d+)\.(\d+)\.(\d+)/.exec(range) : null;
  return m ? { range, min: [Number(m[1]), Number(m[2]), Number(m[3])] } : null;
}

/** True when `version` ('20.20.2', 'v20.20.2') is below `min` ([major, minor, patch]). */
export function olderThan(version, min) {
  const v = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== min[i]) return (v[i] ?? 0) < min[i];
  return false;
}

/** One line for a thrown value: its message and, for `fetch failed`, the cause (`connect ECONNREFUSED ...`). */
export function oneLineCause(error) {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return `${message}${cause && cause !== message ? ` (${cause})` : ''}`.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * The lines `npm start` prints when Electron's binary is missing and cannot be installed: the Node version first
 * when it is older than Electron's tooling needs, then what failed (`step`: 'its download', 'extracting it') and
 * why (`cause`, one line), the one remedy, and `--dry-run`.
 */
export function installFailureLines(version, step, cause, nodeVersion = process.versions.node, tooling = toolingNode()) {
  const lines = [];
  if (tooling && olderThan(nodeVersion, tooling.min)) {
    lines.push(
      `npm start needs Node ${tooling.min.join('.')} or later (Electron ${version}'s tooling; README "Node versions"); this is Node ${nodeVersion.replace(/^v/, '')}.`,
    );
  }
  lines.push(`Electron ${version}'s binary is not installed, and ${step} failed: ${cause}`);
  lines.push('With network access, run `node node_modules/electron/install.js`, then `npm start` again.');
  lines.push('`npm start -- --dry-run` builds everything without Electron.');
  return lines;
}

/** The executable of the installed electron package in `electronDir`, or null when its binary is missing. */
export function installedElectron(electronDir = join(ROOT, 'node_modules', 'electron')) {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const executable = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable) ? executable : null;
}

/**
 * Returns Electron's executable, downloading the binary first when it is missing: `@electron/get` fetches it into
 * its cache (honouring ELECTRON_MIRROR and electron_config_cache as the package's install.js does), then install.js
 * extracts it from that cache. Throws `{ lines }` (see installFailureLines) when either step fails.
 */
export async function ensureElectron(electronDir = join(ROOT, 'node_modules', 'electron'), env = process.env) {
  const found = installedElectron(electronDir);
  if (found) return found;
  const pkg = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
  try {
    const { downloadArtifact } = await import('@electron/get');
    const remoteChecksums = env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums;
    await downloadArtifact({
      version: pkg.version,
      artifactName: 'electron',
      cacheRoot: env.electron_config_cache,
      checksums: remoteChecksums ? undefined : JSON.parse(readFileSync(join(electronDir, 'checksums.json'), 'utf8')),
      platform: process.platform,
      arch: process.arch,
    });
  } catch (error) {
    throw { lines: installFailureLines(pkg.version, 'its download', oneLineCause(error), process.versions.node, toolingNode(electronDir)) };
  }
  const extract = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', env });
  const executable = installedElectron(electronDir);
  if (extract.status !== 0 || !executable) {
    const cause = (extract.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? `install.js exited with ${extract.status}`;
    throw { lines: installFailureLines(pkg.version, 'extracting it', cause.trim(), process.versions.node, toolingNode(electronDir)) };
  }
  return executable;
}

/** {@link ensureElectron}, or its failure printed on stderr (no stack) and exit 1. */
export async function ensureElectronOrExit(electronDir, env) {
  try {
    return await ensureElectron(electronDir, env);
  } catch (failure) {
    if (!Array.isArray(failure?.lines)) throw failure;
    process.stderr.write(`\n${failure.lines.join('\n')}\n`);
    process.exit(1);
  }
}
