// Local ESLint rule: the import directions of docs' "Architecture" section, and an error for any
// file that no layer covers. Layers are matched by path prefix, first match wins.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Layer table: `allow` lists what a file of this layer may import (layer names or package matchers). */
export const LAYERS = [
  { name: 'contract', prefix: 'app/contract/', allow: ['contract', /^zod(\/|$)/] },
  // Isomorphic helpers every layer shares (no Node, no DOM): the renderer imports them too.
  { name: 'common', prefix: 'app/common/', allow: ['contract', 'common'] },
  // The compare module is isomorphic (contract, common and the diff library only), except its one store adapter.
  { name: 'app', prefix: 'app/compare/store-source.ts', allow: ['contract', 'app', 'compare', /^node:/] },
  { name: 'compare', prefix: 'app/compare/', allow: ['contract', 'common', 'compare', /^diff$/] },
  { name: 'app', prefix: 'app/', allow: ['contract', 'common', 'compare', 'app', /^node:/, /^(?!electron$|electron\/|react$|react\/|react-dom)/] },
  { name: 'preload', prefix: 'main/preload/', allow: ['contract', 'preload', /^electron$/] },
  { name: 'main', prefix: 'main/', allow: ['contract', 'common', 'compare', 'app', 'main', /^node:/, /^(?!react$|react\/|react-dom)/] },
  { name: 'renderer', prefix: 'renderer/', allow: ['contract', 'common', 'renderer', /^(?!node:|electron$|electron\/|better-sqlite3$|fs$|path$|child_process$)/] },
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

function allowed(layer, spec, fromRel) {
  if (layer.allow.includes('*')) return true;
  if (spec.startsWith('.')) {
    const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(fromRel), spec)).split(path.sep).join('/');
    // Without an extension the target is a folder (its index) or a .ts file: try the folder first, so that
    // `../app/contract` lands in the contract layer rather than in `app`.
    const candidates = path.extname(target) ? [target] : [target + '/', target + '.ts'];
    const tl = candidates.map(layerOf).find(Boolean);
    return !!tl && layer.allow.includes(tl.name);
  }
  return layer.allow.some((a) => a instanceof RegExp && a.test(spec));
}

export default {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [], messages: {
        uncovered: 'File {{file}} is in no layer of eslint/layering.js: add it to a layer.',
        forbidden: 'Layer "{{layer}}" may not import "{{spec}}" (see README: Architecture).',
      } },
      create(context) {
        const rel = path.relative(ROOT, context.filename).split(path.sep).join('/');
        const layer = layerOf(rel);
        const check = (node, spec) => {
          if (typeof spec !== 'string') return;
          if (!allowed(layer, spec, rel)) context.report({ node, messageId: 'forbidden', data: { layer: layer.name, spec } });
        };
        return {
          Program(node) { if (!layer) context.report({ node, messageId: 'uncovered', data: { file: rel } }); },
          ImportDeclaration(node) { if (layer) check(node, node.source.value); },
          ExportNamedDeclaration(node) { if (layer && node.source) check(node, node.source.value); },
          ExportAllDeclaration(node) { if (layer) check(node, node.source.value); },
          ImportExpression(node) { if (layer && node.source.type === 'Literal') check(node, node.source.value); },
          CallExpression(node) {
            if (layer && node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') check(node, node.arguments[0].value);
          },
        };
      },
    },
  },
};
