// Local ESLint rule: the import directions of docs' "Architecture" section, and an error for any
// file that no layer covers. Layers are matched by path prefix, first match wins.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Third-party packages a Node-side layer may use: anything but electron and react (Node built-ins included). */
const NODE_PACKAGES = /^(?!electron$|electron\/|react$|react\/|react-dom)/;

/**
 * Layer table: `allow` lists what a file of this layer may import (layer names or package matchers); `lazy`
 * lists layers it may load only through a dynamic `import()` (a path that runs rarely, such as first run).
 * Inside app/: contract <- common <- access <- store core <- backends (v2, metnos-v1, postgres: core, never each
 * other) <- store-open (picks a backend) <- engine, demo, cli. The store knows no engine, cli or demo.
 */
export const LAYERS = [
  // The shared numeric limits import nothing, so the contract's schemas can use them.
  { name: 'limits', prefix: 'app/common/limits.ts', allow: [] },
  { name: 'contract', prefix: 'app/contract/', allow: ['contract', 'limits', /^zod(\/|$)/] },
  // Isomorphic helpers every layer shares (no Node, no DOM): the renderer imports them too.
  { name: 'common', prefix: 'app/common/', allow: ['contract', 'common', 'limits'] },
  // Ownership rules as pure functions: never the store they are enforced in.
  { name: 'access', prefix: 'app/access/', allow: ['contract', 'common', 'limits', 'access'] },
  // The compare module is isomorphic (contract, common and the diff library only), except its one store adapter.
  { name: 'compare-adapter', prefix: 'app/compare/store-source.ts', allow: ['contract', 'common', 'limits', 'compare', 'store'] },
  { name: 'compare', prefix: 'app/compare/', allow: ['contract', 'common', 'limits', 'compare', /^diff$/] },
  // The entry of the store: opens a target with the backend its format needs.
  {
    name: 'store-open',
    prefix: 'app/scratchpad/open.ts',
    allow: ['contract', 'common', 'limits', 'access', 'store', 'v2', 'metnos-v1', 'postgres', NODE_PACKAGES],
  },
  {
    name: 'store-open',
    prefix: 'app/scratchpad/index.ts',
    allow: ['contract', 'common', 'limits', 'access', 'store', 'store-open', 'postgres', NODE_PACKAGES],
  },
  // Thin backends over the core: each may use the core and the shared layers, never a sibling backend.
  { name: 'v2', prefix: 'app/scratchpad/v2/', allow: ['contract', 'common', 'limits', 'access', 'store', 'v2', NODE_PACKAGES] },
  { name: 'metnos-v1', prefix: 'app/scratchpad/metnos-v1/', allow: ['contract', 'common', 'limits', 'access', 'store', 'metnos-v1', NODE_PACKAGES] },
  { name: 'postgres', prefix: 'app/scratchpad/postgres/', allow: ['contract', 'common', 'limits', 'access', 'store', 'postgres', NODE_PACKAGES] },
  // The store core (core/, search/, and the shared store modules): the rules once; no backend, engine, cli or demo.
  { name: 'store', prefix: 'app/scratchpad/', allow: ['contract', 'common', 'limits', 'access', 'store', NODE_PACKAGES] },
  { name: 'engine', prefix: 'app/engine/', allow: ['contract', 'common', 'limits', 'access', 'store', 'store-open', 'engine', NODE_PACKAGES] },
  { name: 'files', prefix: 'app/files/', allow: ['contract', 'common', 'limits', 'files', NODE_PACKAGES] },
  { name: 'config', prefix: 'app/config/', allow: ['contract', 'common', 'limits', 'config', NODE_PACKAGES] },
  { name: 'demo', prefix: 'app/demo/', allow: ['contract', 'common', 'limits', 'access', 'store', 'store-open', 'engine', 'files', 'demo', NODE_PACKAGES] },
  {
    name: 'cli',
    prefix: 'app/cli/',
    allow: [
      'contract',
      'common',
      'limits',
      'access',
      'store',
      'store-open',
      'postgres',
      'engine',
      'compare',
      'compare-adapter',
      'config',
      'files',
      'demo',
      'cli',
      NODE_PACKAGES,
    ],
  },
  { name: 'preload', prefix: 'main/preload/', allow: ['contract', 'preload', /^electron$/] },
  // Main uses the store through its entry and clients; the demo generator only on the first-run path (lazily).
  {
    name: 'main',
    prefix: 'main/',
    allow: [
      'contract',
      'common',
      'limits',
      'access',
      'store',
      'store-open',
      'postgres',
      'compare',
      'compare-adapter',
      'config',
      'files',
      'main',
      /^node:/,
      /^(?!react$|react\/|react-dom)/,
    ],
    lazy: ['demo'],
  },
  {
    name: 'renderer',
    prefix: 'renderer/',
    allow: ['contract', 'common', 'limits', 'renderer', /^(?!node:|electron$|electron\/|better-sqlite3$|fs$|path$|child_process$)/],
  },
  { name: 'tooling', prefix: 'test/', allow: ['*'] },
  { name: 'tooling', prefix: 'bench/', allow: ['*'] },
  { name: 'tooling', prefix: 'examples/', allow: ['*'] },
  { name: 'tooling', prefix: 'scripts/', allow: ['*'] },
  { name: 'tooling', prefix: 'eslint/', allow: ['*'] },
  { name: 'tooling', prefix: 'bin/', allow: ['*'] },
  { name: 'tooling', prefix: '', exact: /^[^/]+\.(ts|js|mjs|cjs)$/, allow: ['*'] },
];

function layerOf(rel) {
  return LAYERS.find((l) => (l.exact ? l.exact.test(rel) : rel.startsWith(l.prefix)));
}

/** The layer of the file a relative `spec` of `fromRel` names, or undefined. */
function targetLayer(spec, fromRel) {
  const target = path
    .relative(ROOT, path.resolve(ROOT, path.dirname(fromRel), spec))
    .split(path.sep)
    .join('/');
  // Without an extension the target is a .ts file or a folder (its index): an existing file first, then the
  // folder's index, so that `../common/limits` is limits.ts, `../app/contract` lands in the contract layer and
  // `../scratchpad` in store-open (its index.ts).
  const file = ['.ts', '.tsx'].map((ext) => target + ext).find((f) => fs.existsSync(path.join(ROOT, f)));
  const candidates = path.extname(target) ? [target] : file ? [file] : [target + '/index.ts', target + '/', target + '.ts'];
  return candidates.map(layerOf).find(Boolean);
}

function allowed(layer, spec, fromRel, dynamic) {
  if (layer.allow.includes('*')) return true;
  if (spec.startsWith('.')) {
    const tl = targetLayer(spec, fromRel);
    return !!tl && (layer.allow.includes(tl.name) || (dynamic && !!layer.lazy?.includes(tl.name)));
  }
  return layer.allow.some((a) => a instanceof RegExp && a.test(spec));
}

export default {
  rules: {
    layers: {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          uncovered: 'File {{file}} is in no layer of eslint/layering.js: add it to a layer.',
          forbidden: 'Layer "{{layer}}" may not import "{{spec}}" (see README: Architecture).',
        },
      },
      create(context) {
        const rel = path.relative(ROOT, context.filename).split(path.sep).join('/');
        const layer = layerOf(rel);
        const check = (node, spec, dynamic = false) => {
          if (typeof spec !== 'string') return;
          if (!allowed(layer, spec, rel, dynamic)) context.report({ node, messageId: 'forbidden', data: { layer: layer.name, spec } });
        };
        return {
          Program(node) {
            if (!layer) context.report({ node, messageId: 'uncovered', data: { file: rel } });
          },
          ImportDeclaration(node) {
            if (layer) check(node, node.source.value);
          },
          ExportNamedDeclaration(node) {
            if (layer && node.source) check(node, node.source.value);
          },
          ExportAllDeclaration(node) {
            if (layer) check(node, node.source.value);
          },
          ImportExpression(node) {
            if (layer && node.source.type === 'Literal') check(node, node.source.value, true);
          },
          CallExpression(node) {
            if (layer && node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal')
              check(node, node.arguments[0].value);
          },
        };
      },
    },
  },
};
