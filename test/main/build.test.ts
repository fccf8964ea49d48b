import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_SLOTS, takeBackJob } from '../../app/scratchpad/v2/scan-protocol';
import { openScratchpad } from '../../app/scratchpad/open';
import { buildMain, ROOT } from '../../scripts/build-main.mjs';
import { nativePlan } from '../../scripts/native.mjs';
import { removeScratchDirs, repoScratchDir } from './helpers';

afterAll(removeScratchDirs);

/** Every module specifier a bundle still loads at run time (static imports, dynamic imports, require calls). */
function runtimeImports(code: string): string[] {
  const specs = new Set<string>();
  for (const re of [
    /\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
    /^\s*import\s*["']([^"']+)["']/gm,
  ]) {
    for (const m of code.matchAll(re)) specs.add(m[1]!);
  }
  return [...specs].sort();
}

describe('buildMain', () => {
  let files: Record<string, string>;
  beforeAll(async () => {
    const outDir = repoScratchDir('main-build');
    const written = await buildMain({ outDir });
    files = Object.fromEntries(written.map((f) => [f.slice(outDir.length + 1), readFileSync(f, 'utf8')]));
  });

  it('writes main.js, store-worker.js, scan-worker.js and preload.cjs', () => {
    expect(Object.keys(files).sort()).toEqual(['main.js', 'preload.cjs', 'scan-worker.js', 'store-worker.js']);
  });

  it("is listed whole in main/README.md's step 2", () => {
    const readme = readFileSync(join(ROOT, 'main', 'README.md'), 'utf8');
    const step2 = readme.slice(readme.indexOf('\n2. esbuild bundles'), readme.indexOf('\n3. '));
    expect(Object.keys(files).filter((f) => !step2.includes(`\`dist/main/${f}\``))).toEqual([]);
  });

  it('makes a preload that loads nothing but electron (a sandboxed preload cannot)', () => {
    expect(runtimeImports(files['preload.cjs']!)).toEqual(['electron']);
    expect(files['preload.cjs']).toContain('exposeInMainWorld');
  });

  it('leaves only electron, better-sqlite3 and Node built-ins external in main and the workers', () => {
    const allowed = (spec: string) =>
      spec === 'electron' ||
      spec === 'better-sqlite3' ||
      spec.startsWith('node:') ||
      ['fs', 'path', 'os', 'crypto', 'url', 'util', 'worker_threads', 'events'].includes(spec);
    expect(runtimeImports(files['main.js']!).filter((s) => !allowed(s))).toEqual([]);
    expect(runtimeImports(files['store-worker.js']!).filter((s) => !allowed(s) || s === 'electron')).toEqual([]);
    expect(runtimeImports(files['scan-worker.js']!).filter((s) => !allowed(s) || s === 'electron')).toEqual([]);
    expect(runtimeImports(files['main.js']!)).toContain('electron');
  });
});

describe('scan-worker.js', () => {
  it('searches an entry of a v2 file for the store bundle (a search lane, app/scratchpad/v2/scan-lanes.ts)', async () => {
    const outDir = repoScratchDir('scan-worker');
    const [file] = await buildMain({ outDir, entries: ['scan-worker'] });
    const db = join(outDir, 'store.db');
    const sp = await openScratchpad(db);
    await sp.put({ kind: 'user', userId: 'u' }, { turnId: 't', stepNum: 1, executorName: null, observation: 'x'.repeat(70_000) + 'needle' });
    await sp.close();
    const stored = new Database(db, { readonly: true });
    const row = stored.prepare('SELECT pk, id, length_units, chunk_units FROM observations').get() as Record<string, number | string>;
    stored.close();
    const state = new Int32Array(new SharedArrayBuffer(4 * STATE_SLOTS));
    const worker = new Worker(pathToFileURL(file!), { workerData: { path: db, busyTimeoutMs: 1_000, nativeBinding: undefined, state: state.buffer } });
    try {
      const reply = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage({ job: 1, row: { ...row, kind: 'text' }, query: { pattern: 'needle' }, limit: 5, cursor: null });
      expect(await reply).toMatchObject({ job: 1, result: { hits: [{ offset: 70_000, length: 6, line: 1 }], nextCursor: null, truncated: false } });
      // Job 2 taken back before the worker came to it (scan-protocol.ts): answered null, not searched.
      expect(takeBackJob(state, 2)).toBe(true);
      const skipped = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage({ job: 2, row: { ...row, kind: 'text' }, query: { pattern: 'needle' }, limit: 5, cursor: null });
      expect(await skipped).toEqual({ job: 2, result: null });
    } finally {
      await worker.terminate();
    }
  });
});

describe('nativePlan', () => {
  it("targets Electron's ABI in .electron-native with Electron's headers, apart from node_modules", () => {
    const plan = nativePlan('45.5.0', 'x64');
    expect(plan.dir).toBe(join(ROOT, '.electron-native', 'better-sqlite3'));
    expect(plan.binding).toBe(join(plan.dir, 'build', 'Release', 'better_sqlite3.node'));
    expect(plan.command.slice(2, 6)).toEqual(['rebuild', '--release', '--target=45.5.0', '--arch=x64']);
    expect(plan.command).toContain('--dist-url=https://electronjs.org/headers');
    expect(plan.stamp).toBe(`electron-45.5.0-${process.platform}-x64`);
  });

  it('is up to date only when the addon exists and the stamp names this version', () => {
    const dir = repoScratchDir('native-plan');
    const plan = (version: string) => nativePlan(version, 'x64', { dir });
    expect(plan('45.5.0').upToDate).toBe(false);
    mkdirSync(join(dir, 'build', 'Release'), { recursive: true });
    writeFileSync(join(dir, 'build', 'Release', 'better_sqlite3.node'), '');
    expect(plan('45.5.0').upToDate).toBe(false);
    writeFileSync(join(dir, '.built-for'), plan('45.5.0').stamp);
    expect([plan('45.5.0').upToDate, plan('46.0.0').upToDate]).toEqual([true, false]);
  });
});
