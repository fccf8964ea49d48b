// Builds better-sqlite3 for Electron's ABI into .electron-native/, apart from node_modules (whose Node build the
// tests use), so `npm start` and `npm test` both work on one checkout in either order.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build-main.mjs';

/** Version of the installed electron package. */
export function electronVersion() {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
}

/**
 * Plan of the Electron build of better-sqlite3: where it goes, the node-gyp command, and whether a build for this
 * Electron version, platform and arch is already there (then nothing runs). `options` retargets the plan (the
 * rehearsal builds for the running Node from local headers): `runtime`, `dir`, and `headers` (node-gyp flags).
 */
export function nativePlan(version = electronVersion(), arch = process.arch, options = {}) {
  const runtime = options.runtime ?? 'electron';
  const dir = options.dir ?? join(ROOT, '.electron-native', 'better-sqlite3');
  const headers = options.headers ?? ['--dist-url=https://electronjs.org/headers', `--devdir=${join(ROOT, '.electron-native', 'gyp')}`];
  const stamp = `${runtime}-${version}-${process.platform}-${arch}`;
  const stampFile = join(dir, '.built-for');
  const binding = join(dir, 'build', 'Release', 'better_sqlite3.node');
  const upToDate = existsSync(binding) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp;
  const nodeGyp = join(ROOT, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const args = [nodeGyp, 'rebuild', '--release', `--target=${version}`, `--arch=${arch}`, ...headers];
  return { dir, stamp, stampFile, binding, upToDate, command: [process.execPath, ...args] };
}

/** Copies node_modules/better-sqlite3 (sources, no build) to .electron-native and runs node-gyp there. */
export function buildNative(plan = nativePlan()) {
  if (plan.upToDate) return plan.binding;
  rmSync(plan.dir, { recursive: true, force: true });
  mkdirSync(plan.dir, { recursive: true });
  const source = join(ROOT, 'node_modules', 'better-sqlite3');
  cpSync(source, plan.dir, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) && !path.startsWith(join(source, 'node_modules')) });
  const [node, ...args] = plan.command;
  const result = spawnSync(node, args, { cwd: plan.dir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`node-gyp failed (exit ${result.status}): headers come from ${plan.command.slice(-2).join(' ')}; check the network`);
  writeFileSync(plan.stampFile, plan.stamp);
  return plan.binding;
}
