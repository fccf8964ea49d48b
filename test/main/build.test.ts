import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('writes main.js, store-worker.js and preload.cjs', () => {
    expect(Object.keys(files).sort()).toEqual(['main.js', 'preload.cjs', 'store-worker.js']);
  });

  it('makes a preload that loads nothing but electron (a sandboxed preload cannot)', () => {
    expect(runtimeImports(files['preload.cjs']!)).toEqual(['electron']);
    expect(files['preload.cjs']).toContain('exposeInMainWorld');
  });

  it('leaves only electron, better-sqlite3 and Node built-ins external in main and the worker', () => {
    const allowed = (spec: string) =>
      spec === 'electron' ||
      spec === 'better-sqlite3' ||
      spec.startsWith('node:') ||
      ['fs', 'path', 'os', 'crypto', 'url', 'util', 'worker_threads', 'events'].includes(spec);
    expect(runtimeImports(files['main.js']!).filter((s) => !allowed(s))).toEqual([]);
    expect(runtimeImports(files['store-worker.js']!).filter((s) => !allowed(s) || s === 'electron')).toEqual([]);
    expect(runtimeImports(files['main.js']!)).toContain('electron');
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
