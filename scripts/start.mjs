#!/usr/bin/env node
// `npm start [-- --db PATH --owner ID | --operator]`: builds the renderer (vite), bundles main, worker and preload
// (esbuild), builds better-sqlite3 for Electron's ABI into .electron-native/ (once per Electron version), then
// launches Electron with that build as the store's nativeBinding. `--dry-run` stops after the bundles and prints
// the native build and launch steps (for machines without Electron or its headers).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { buildMain, ROOT } from './build-main.mjs';
import { buildNative, electronVersion, nativePlan } from './native.mjs';
import { ensureElectronOrExit } from './electron-binary.mjs';
import { printableArgs } from './launch-line.mjs';

const argv = process.argv.slice(2);
const dryRun = argv.includes('--dry-run');
const appArgs = argv.filter((a) => a !== '--dry-run');
const step = (text) => console.log(`\x1b[36m▸\x1b[0m ${text}`);

step('renderer: vite build');
const vite = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: ROOT, stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

step('renderer: Content-Security-Policy meta');
const { withCspMeta } = await tsImport('../main/startup/csp.ts', import.meta.url);
const indexHtml = join(ROOT, 'dist', 'renderer', 'index.html');
writeFileSync(indexHtml, withCspMeta(readFileSync(indexHtml, 'utf8')));

step('main, store worker, preload: esbuild');
for (const file of await buildMain()) console.log(`  ${file.slice(ROOT.length)}`);

const plan = nativePlan();
const electronPathFile = join(ROOT, 'node_modules', 'electron', 'path.txt');
const electronBinary = existsSync(electronPathFile) ? join(ROOT, 'node_modules', 'electron', 'dist', readFileSync(electronPathFile, 'utf8').trim()) : null;
const launch = [electronBinary ?? '<electron>', join(ROOT, 'dist', 'main', 'main.js'), ...appArgs];

if (dryRun) {
  step(`dry run: native module for Electron ${electronVersion()} ${plan.upToDate ? 'already built' : 'would be built'} in ${plan.dir}`);
  if (!plan.upToDate) console.log(`  (cd ${plan.dir} && ${plan.command.join(' ')})`);
  step('dry run: launch');
  const { redactUrl } = await tsImport('../app/scratchpad/postgres/url.ts', import.meta.url);
  console.log(`  SCRATCHPAD_NATIVE_BINDING=${plan.binding} ${printableArgs(launch, redactUrl).join(' ')}`);
  process.exit(0);
}

// Electron 45 installs its binary lazily: on first run it is downloaded, or one clear message says why it was not.
let electronExecutable = electronBinary;
if (!electronExecutable || !existsSync(electronExecutable)) {
  step('electron: downloading its binary (first run)');
  electronExecutable = await ensureElectronOrExit();
}
launch[0] = electronExecutable;

step(`native module for Electron ${electronVersion()}`);
const nativeBinding = buildNative(plan);

step('launch');
const child = spawn(launch[0], launch.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SCRATCHPAD_NATIVE_BINDING: nativeBinding } });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
