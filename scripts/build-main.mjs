// Bundles Electron's main process, the store worker, the search worker and the preload into one folder (default
// dist/main) with esbuild. main.js, store-worker.js and scan-worker.js are ES modules (scan-worker.js: a v2 search
// lane, started from the store's bundle as ./scan-worker.js, app/scratchpad/v2/scan-lanes.ts); preload.cjs is CommonJS because a sandboxed preload
// cannot load modules (everything but `electron` is inlined). better-sqlite3 stays external: its native addon
// is loaded at run time (the Electron build via nativeBinding, see scripts/native.mjs).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Electron 45 runs Node 22 and Chromium 140. */
const NODE_TARGET = 'node22';
const CHROME_TARGET = 'chrome140';

// Bundled CommonJS dependencies may call require(); give the ES module bundles one.
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Builds the four bundles into `outDir`. Returns the paths written. Throws on any esbuild error.
 * @param {{ outDir?: string, minify?: boolean, entries?: Array<'main' | 'worker' | 'scan-worker' | 'preload'> }} [options]
 */
export async function buildMain(options = {}) {
  const outDir = options.outDir ?? join(ROOT, 'dist', 'main');
  const entries = options.entries ?? ['main', 'worker', 'scan-worker', 'preload'];
  const common = { bundle: true, sourcemap: true, minify: options.minify ?? false, logLevel: 'warning', legalComments: 'none', absWorkingDir: ROOT };
  const written = [];
  if (entries.includes('main')) {
    const outfile = join(outDir, 'main.js');
    await build({
      ...common,
      entryPoints: [join(ROOT, 'main/main.ts')],
      outfile,
      platform: 'node',
      format: 'esm',
      target: NODE_TARGET,
      external: ['electron', 'better-sqlite3'],
      banner: { js: REQUIRE_BANNER },
    });
    written.push(outfile);
  }
  // The two worker threads: ES modules for Node, better-sqlite3 external like main's.
  const workers = [
    ['worker', 'main/store/worker.ts', 'store-worker.js'],
    ['scan-worker', 'app/scratchpad/v2/scan-worker.ts', 'scan-worker.js'],
  ];
  for (const [entry, source, name] of workers) {
    if (!entries.includes(entry)) continue;
    const outfile = join(outDir, name);
    await build({
      ...common,
      entryPoints: [join(ROOT, source)],
      outfile,
      platform: 'node',
      format: 'esm',
      target: NODE_TARGET,
      external: ['better-sqlite3'],
      banner: { js: REQUIRE_BANNER },
    });
    written.push(outfile);
  }
  if (entries.includes('preload')) {
    const outfile = join(outDir, 'preload.cjs');
    await build({
      ...common,
      minify: true,
      entryPoints: [join(ROOT, 'main/preload/index.ts')],
      outfile,
      platform: 'browser',
      format: 'cjs',
      target: CHROME_TARGET,
      external: ['electron'],
    });
    written.push(outfile);
  }
  return written;
}
