import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { withCspMeta } from '../../../main/startup/csp';

/** Repository root (test/e2e/harness -> ../../..). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** The preload's Electron-free bridge builder, bundled for the page. */
export const BRIDGE_ENTRY = path.join(ROOT, 'main', 'preload', 'bridge.ts');
/**
 * Where the e2e runs keep their production builds of the renderer: `dist/e2e-renderer/<inputs hash>/`. Not
 * dist/renderer itself, which `npm start` and other builds empty and refill while a run may be reading it.
 */
export const RENDERER_BUILDS = path.join(ROOT, 'dist', 'e2e-renderer');

/** Inputs of the renderer build: the build is reused while their hash is unchanged. */
const INPUTS = ['renderer', 'app/contract', 'vite.config.ts', 'package-lock.json', 'main/startup/csp.ts', 'test/e2e/harness/build.ts'];

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

/** Removes builds of other inputs not touched for an hour (a concurrent run may still be serving a recent one). */
function pruneOldBuilds(keep: string): void {
  if (!existsSync(RENDERER_BUILDS)) return;
  for (const name of readdirSync(RENDERER_BUILDS)) {
    const dir = path.join(RENDERER_BUILDS, name);
    if (dir !== keep && Date.now() - statSync(dir).mtimeMs > 3_600_000) rmSync(dir, { recursive: true, force: true });
  }
}

let rendererBuild: Promise<string> | undefined;

/**
 * The production build of the renderer, as `npm start` makes it: `vite build` with the repository's
 * vite.config.ts, then main's CSP meta written into index.html (main/startup/csp.ts `withCspMeta`). Built once
 * per set of inputs (hash of renderer/, app/contract, the config, the lock file) into its own folder under
 * dist/e2e-renderer, via a temporary folder renamed into place, so concurrent runs never see half a build.
 * Returns the folder holding index.html.
 */
export function ensureRendererBuilt(): Promise<string> {
  rendererBuild ??= (async () => {
    const hash = rendererInputsHash().slice(0, 16);
    const target = path.join(RENDERER_BUILDS, hash);
    if (existsSync(path.join(target, 'index.html'))) return target;
    if (!existsSync(path.join(ROOT, 'renderer', 'index.html'))) throw new Error('e2e: renderer/index.html is missing; the renderer is not there to build yet');
    mkdirSync(RENDERER_BUILDS, { recursive: true });
    const staging = mkdtempSync(path.join(RENDERER_BUILDS, `.${hash}-`));
    // Under vitest NODE_ENV is 'test', and Vite then builds React's development bundle and dev JSX (every
    // effect twice under StrictMode): build as `npm start` does, with NODE_ENV=production for the build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: path.join(ROOT, 'vite.config.ts'),
        root: path.join(ROOT, 'renderer'),
        logLevel: 'warn',
        mode: 'production',
        build: { outDir: staging, emptyOutDir: true },
      });
      const index = path.join(staging, 'index.html');
      if (!existsSync(index)) throw new Error(`e2e: vite build finished but ${index} is missing`);
      writeFileSync(index, withCspMeta(readFileSync(index, 'utf8')));
      if (!existsSync(target)) renameSync(staging, target);
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
      rmSync(staging, { recursive: true, force: true });
    }
    pruneOldBuilds(target);
    return target;
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
