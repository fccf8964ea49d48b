import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The local rule eslint/layering.js, run through the project's own eslint.config.js with ESLint's Node API.
 * Files are linted from text with a virtual path, so nothing is written to the tree.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RULE = 'layering/layers';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
});

/** Messages of the layering rule for `code` linted as the file at `relPath`; fails on a parse error. */
async function layeringMessages(relPath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, relPath) });
  if (!result) throw new Error(`no lint result for ${relPath}`);
  const fatal = result.messages.filter((m: Linter.LintMessage) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m: Linter.LintMessage) => m.ruleId === RULE).map((m) => m.message);
}

const forbidden = (layer: string, spec: string) => `Layer "${layer}" may not import "${spec}" (see README: Architecture).`;

describe('renderer layer', () => {
  it.each([
    ['../../app/scratchpad', 'the store'],
    ['../../app/scratchpad/types', 'a store module'],
    ['better-sqlite3', 'SQLite'],
    ['node:fs', 'the file system'],
    ['fs', 'the file system without the node: prefix'],
    ['node:path', 'a Node built-in'],
    ['child_process', 'child processes'],
    ['electron', 'electron'],
    ['../../main/ipc', 'the main process'],
  ])('refuses an import of %s (%s)', async (spec) => {
    expect(await layeringMessages('renderer/src/x.tsx', `import '${spec}';\n`)).toEqual([forbidden('renderer', spec)]);
  });

  it.each(['../../app/contract', '../../app/contract/index', '../../app/contract/model', './api/client', 'react', 'zod'])(
    'accepts an import of %s',
    async (spec) => {
      expect(await layeringMessages('renderer/src/x.tsx', `import '${spec}';\n`)).toEqual([]);
    },
  );

  it('refuses type-only imports of the store too (the contract carries every shared type)', async () => {
    const code = "import type { Scratchpad } from '../../app/scratchpad/types';\nexport type S = Scratchpad;\n";
    expect(await layeringMessages('renderer/src/x.ts', code)).toEqual([forbidden('renderer', '../../app/scratchpad/types')]);
  });

  it('checks re-exports, dynamic imports and require calls as well as import declarations', async () => {
    const code = [
      "export * from '../../app/scratchpad';",
      "export { openScratchpad } from '../../app/scratchpad/index';",
      "void import('node:fs');",
      "require('better-sqlite3');",
    ].join('\n');
    expect(await layeringMessages('renderer/src/x.ts', code)).toEqual([
      forbidden('renderer', '../../app/scratchpad'),
      forbidden('renderer', '../../app/scratchpad/index'),
      forbidden('renderer', 'node:fs'),
      forbidden('renderer', 'better-sqlite3'),
    ]);
  });
});

describe('app layer (Node-only core)', () => {
  it.each(['electron', 'electron/main', 'react', 'react/jsx-runtime', 'react-dom'])('refuses an import of %s', async (spec) => {
    expect(await layeringMessages('app/scratchpad/x.ts', `import '${spec}';\n`)).toEqual([forbidden('app', spec)]);
  });

  it('accepts the contract, other app modules, Node built-ins and libraries', async () => {
    const code = ["import '../contract';", "import '../access/owner';", "import 'node:fs';", "import 'better-sqlite3';", "import 'zod';"].join('\n');
    expect(await layeringMessages('app/scratchpad/x.ts', code)).toEqual([]);
  });

  it('refuses an import of the main process or the renderer', async () => {
    const code = "import '../../main/ipc';\nimport '../../renderer/src/App';\n";
    expect(await layeringMessages('app/engine/x.ts', code)).toEqual([
      forbidden('app', '../../main/ipc'),
      forbidden('app', '../../renderer/src/App'),
    ]);
  });
});

describe('contract layer', () => {
  it.each(['../scratchpad', '../scratchpad/types', '../engine', 'node:fs', 'better-sqlite3', 'electron'])(
    'refuses an import of %s',
    async (spec) => {
      expect(await layeringMessages('app/contract/x.ts', `import '${spec}';\n`)).toEqual([forbidden('contract', spec)]);
    },
  );

  it('accepts its own modules and zod', async () => {
    expect(await layeringMessages('app/contract/x.ts', "import './model';\nimport { z } from 'zod';\nvoid z;\n")).toEqual([]);
  });
});

describe('preload layer', () => {
  it('accepts the contract, electron and its own folder', async () => {
    const code = "import '../../app/contract';\nimport '../../app/contract/channels';\nimport 'electron';\nimport './bridge';\n";
    expect(await layeringMessages('main/preload/index.ts', code)).toEqual([]);
  });

  it.each(['../ipc', '../../app/scratchpad', 'node:fs', 'zod', 'electron/main', 'react'])('refuses an import of %s', async (spec) => {
    expect(await layeringMessages('main/preload/index.ts', `import '${spec}';\n`)).toEqual([forbidden('preload', spec)]);
  });
});

describe('main layer', () => {
  it('accepts the store, the contract, Node built-ins and electron', async () => {
    const code = "import '../app/scratchpad';\nimport '../app/contract';\nimport 'node:path';\nimport 'electron';\n";
    expect(await layeringMessages('main/window.ts', code)).toEqual([]);
  });

  it('refuses react', async () => {
    expect(await layeringMessages('main/window.ts', "import 'react';\n")).toEqual([forbidden('main', 'react')]);
  });
});

describe('files in no layer', () => {
  it.each(['stray/x.ts', 'lib/util.ts', 'src/index.tsx'])('reports %s as covered by no layer', async (file) => {
    expect(await layeringMessages(file, 'export const a = 1;\n')).toEqual([
      `File ${file} is in no layer of eslint/layering.js: add it to a layer.`,
    ]);
  });

  it('covers the root config files', async () => {
    expect(await layeringMessages('vite.config.ts', "import 'node:path';\nexport const a = 1;\n")).toEqual([]);
  });
});

describe('tooling layers', () => {
  it.each(['test/scratchpad/x.test.ts', 'bench/run.ts', 'scripts/x.mjs', 'examples/x.ts'])('lets %s import anything', async (file) => {
    const code = "import 'electron';\nimport 'react';\nimport 'node:fs';\nimport 'better-sqlite3';\nimport '../app/scratchpad';\n";
    expect(await layeringMessages(file, code)).toEqual([]);
  });
});

describe('compare layer', () => {
  it.each([
    ['../scratchpad', 'the store'],
    ['../scratchpad/types', 'a store module'],
    ['node:crypto', 'a Node built-in'],
    ['better-sqlite3', 'SQLite'],
    ['react', 'react'],
    ['../cli/program', 'the CLI'],
  ])('keeps app/compare isomorphic: refuses %s (%s)', async (spec) => {
    expect(await layeringMessages('app/compare/x.ts', `import '${spec}';\n`)).toEqual([forbidden('compare', spec)]);
  });

  it.each(['../contract', './line-diff', 'diff'])('accepts %s', async (spec) => {
    expect(await layeringMessages('app/compare/x.ts', `import '${spec}';\n`)).toEqual([]);
  });

  it('lets the one store adapter import the store, and the CLI and main import the compare module', async () => {
    expect(await layeringMessages('app/compare/store-source.ts', "import '../scratchpad/types';\nimport './compare';\n")).toEqual([]);
    expect(await layeringMessages('app/cli/commands/x.ts', "import '../../compare';\n")).toEqual([]);
    expect(await layeringMessages('main/store/x.ts', "import '../../app/compare';\n")).toEqual([]);
    expect(await layeringMessages('renderer/src/x.ts', "import '../../app/compare';\n")).toEqual([forbidden('renderer', '../../app/compare')]);
  });
});
