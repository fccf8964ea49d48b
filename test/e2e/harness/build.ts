import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

/** Repository root (test/e2e/harness -> ../../..). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** Where the production build of the renderer goes (vite.config.ts: build.outDir). */
export const RENDERER_DIST = path.join(ROOT, 'dist', 'renderer');
/** The preload's Electron-free bridge builder, bundled for the page. */
export const BRIDGE_ENTRY = path.join(ROOT, 'main', 'preload', 'bridge.ts');

const STAMP = '.e2e-build-stamp';
/** Inputs of the renderer build: when their hash matches the stamp in dist/renderer, the build is reused. */
const INPUTS = ['renderer', 'app/contract', 'vite.config.ts', 'package-lock.json'];

function listFiles(abs: string, out: string[]): void {
  if (!existsSync(abs)) return;
  if (statSync(abs).isFile()) {
    out.push(abs);
    return;
  }
  for (const name of readdirSync(abs).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    listFiles(path.join(abs, name), out);
  }
}

/** sha256 over the paths and contents of every input of the renderer build. */
export function rendererInputsHash(): string {
  const files: string[] = [];
  for (const rel of INPUTS) listFiles(path.join(ROOT, rel), files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

let rendererBuild: Promise<string> | undefined;

/**
 * Builds the renderer for production with the repository's vite.config.ts into dist/renderer, once per run:
 * skipped when dist/renderer holds a build of exactly the current inputs (hash stamp). Returns the folder.
 */
export function ensureRendererBuilt(): Promise<string> {
  rendererBuild ??= (async () => {
    const hash = rendererInputsHash();
    const stampPath = path.join(RENDERER_DIST, STAMP);
    const index = path.join(RENDERER_DIST, 'index.html');
    if (existsSync(index) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === hash) return RENDERER_DIST;
    if (!existsSync(path.join(ROOT, 'renderer', 'index.html'))) throw new Error(`e2e: renderer/index.html is missing; the renderer is not there to build yet`);
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), root: path.join(ROOT, 'renderer'), logLevel: 'warn', mode: 'production' });
    if (!existsSync(index)) throw new Error(`e2e: vite build finished but ${index} is missing`);
    writeFileSync(stampPath, hash);
    return RENDERER_DIST;
  })();
  rendererBuild.catch(() => (rendererBuild = undefined));
  return rendererBuild;
}

/** Name of the global the bridge bundle assigns its module exports to. */
export const BRIDGE_GLOBAL = '__scratchpadBridgeModule';

let bridgeBundle: Promise<string> | undefined;

/**
 * Bundles main/preload/bridge.ts (and the contract it imports) as one browser script (IIFE) that sets
 * `globalThis.__scratchpadBridgeModule` to the module's exports. Cached per process.
 */
export function bundleBridge(): Promise<string> {
  bridgeBundle ??= (async () => {
    if (!existsSync(BRIDGE_ENTRY)) throw new Error(`e2e: ${path.relative(ROOT, BRIDGE_ENTRY)} is missing (the preload's bridge builder)`);
    const output = await build({
      configFile: false,
      logLevel: 'warn',
      root: ROOT,
      build: {
        write: false,
        minify: false,
        sourcemap: false,
        emptyOutDir: false,
        lib: { entry: BRIDGE_ENTRY, formats: ['iife'], name: BRIDGE_GLOBAL, fileName: () => 'bridge.js' },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    for (const result of results) {
      if (!('output' in result)) continue;
      const chunk = result.output.find((o) => o.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
    throw new Error('e2e: bundling the bridge produced no chunk');
  })();
  bridgeBundle.catch(() => (bridgeBundle = undefined));
  return bridgeBundle;
}
