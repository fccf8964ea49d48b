// What a CLI-only install gets (README "Installing the CLI alone" and "Node versions"): `npm ci --omit=dev`
// installs every package the CLI loads, and none of them refuses this Node (no EBADENGINE warning); the
// packages that do refuse Node 20 are the Electron tooling the README names, all dev dependencies.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const semver = require('semver') as { satisfies(version: string, range: string): boolean };
const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; dependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
};

/** The bare package names imported (not `import type`) by the .ts files under `dir`. */
function runtimeImports(dir: string): Set<string> {
  const names = new Set<string>();
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) {
      for (const n of runtimeImports(rel)) names.add(n);
    } else if (/\.(ts|js)$/.test(name)) {
      const text = readFileSync(join(ROOT, rel), 'utf8');
      for (const m of text.matchAll(/^import (?!type )[^'"]*from '([^'.][^']*)'|^import '([^'.][^']*)'|import\('([^'.][^']*)'\)/gm)) {
        const spec = (m[1] ?? m[2] ?? m[3])!;
        if (spec.startsWith('node:')) continue;
        names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
  }
  return names;
}

describe('a CLI-only install (npm ci --omit=dev)', () => {
  it('has every package the bin, the CLI and the store load among the runtime dependencies', () => {
    const used = new Set([...runtimeImports('bin'), ...runtimeImports('app')]);
    expect([...used].filter((name) => !(name in pkg.dependencies)).sort()).toEqual([]);
    expect(used.has('tsx')).toBe(true); // the bin runs the TypeScript sources through it
  });

  it('installs nothing that refuses this Node; what does is the Electron tooling, dev only', () => {
    expect(pkg.engines.node).toBe('>=20');
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => typeof (p.engines as { node?: string } | undefined)?.node === 'string')
      .filter(([, p]) => !semver.satisfies(process.versions.node, (p.engines as { node: string }).node))
      .map(([path, p]) => ({ path, dev: p.dev === true }));
    expect(refusing.filter((p) => !p.dev)).toEqual([]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const names = refusing.map((p) => p.path.replace(/^.*node_modules\//, '')).sort();
    expect(names).toEqual(['@electron-internal/extract-zip', '@electron/get', '@electron/rebuild', 'electron', 'node-abi']);
    for (const name of names.filter((n) => n !== 'electron')) expect(readme).toContain(`\`${name}`);
    expect(readme).toContain('The desktop tooling needs\nNode >= 22.12: Electron 45');
  });
});
