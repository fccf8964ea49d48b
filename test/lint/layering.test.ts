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

describe('Node-only layers of app/', () => {
  it.each(['electron', 'electron/main', 'react', 'react/jsx-runtime', 'react-dom'])('refuses an import of %s', async (spec) => {
    expect(await layeringMessages('app/scratchpad/x.ts', `import '${spec}';\n`)).toEqual([forbidden('store', spec)]);
  });

  it('accepts the contract, other app modules, Node built-ins and libraries', async () => {
    const code = ["import '../contract';", "import '../access/owner';", "import 'node:fs';", "import 'better-sqlite3';", "import 'zod';"].join('\n');
    expect(await layeringMessages('app/scratchpad/x.ts', code)).toEqual([]);
  });

  it('refuses an import of the main process or the renderer', async () => {
    const code = "import '../../main/ipc';\nimport '../../renderer/src/App';\n";
    expect(await layeringMessages('app/engine/x.ts', code)).toEqual([forbidden('engine', '../../main/ipc'), forbidden('engine', '../../renderer/src/App')]);
  });
});

describe('contract layer', () => {
  it.each(['../scratchpad', '../scratchpad/types', '../engine', 'node:fs', 'better-sqlite3', 'electron'])('refuses an import of %s', async (spec) => {
    expect(await layeringMessages('app/contract/x.ts', `import '${spec}';\n`)).toEqual([forbidden('contract', spec)]);
  });

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
    expect(await layeringMessages(file, 'export const a = 1;\n')).toEqual([`File ${file} is in no layer of eslint/layering.js: add it to a layer.`]);
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

describe('layers inside app/', () => {
  it.each([
    ['app/access/x.ts', '../scratchpad/types', 'access'],
    ['app/access/x.ts', '../scratchpad', 'access'],
    ['app/access/x.ts', 'node:fs', 'access'],
    ['app/common/x.ts', '../scratchpad/types', 'common'],
    ['app/common/x.ts', '../access', 'common'],
    ['app/common/x.ts', 'node:buffer', 'common'],
    ['app/common/x.ts', 'react', 'common'],
    ['app/scratchpad/postgres/store/x.ts', '../../v2/encode', 'postgres'],
    ['app/scratchpad/postgres/x.ts', '../metnos-v1/reader', 'postgres'],
    ['app/scratchpad/v2/x.ts', '../postgres/errors', 'v2'],
    ['app/scratchpad/v2/x.ts', '../metnos-v1', 'v2'],
    ['app/scratchpad/metnos-v1/x.ts', '../v2/schema', 'metnos-v1'],
    ['app/scratchpad/core/x.ts', '../v2/context', 'store'],
    ['app/scratchpad/core/x.ts', '../../engine', 'store'],
    ['app/scratchpad/x.ts', '../cli/exit-codes', 'store'],
    ['app/scratchpad/search/x.ts', '../../demo', 'store'],
    ['app/engine/x.ts', '../cli/program', 'engine'],
    ['app/engine/x.ts', '../scratchpad/v2/writer', 'engine'],
    ['app/demo/x.ts', '../cli/program', 'demo'],
  ])('%s may not import %s', async (file, spec, layer) => {
    expect(await layeringMessages(file, `import '${spec}';\n`)).toEqual([forbidden(layer, spec)]);
  });

  it.each([
    ['app/access/x.ts', "import '../contract';\nimport '../common/format';\n"],
    ['app/common/x.ts', "import '../contract';\nimport './codepoints';\n"],
    ['app/scratchpad/postgres/store/x.ts', "import '../../core/encode';\nimport '../../types';\nimport '../../../common/codepoints';\nimport 'pg';\n"],
    ['app/scratchpad/v2/x.ts', "import '../core/backend';\nimport '../../access';\nimport './schema';\nimport 'better-sqlite3';\n"],
    ['app/scratchpad/open.ts', "import './v2/backend';\nimport './metnos-v1';\nimport './postgres/backend';\n"],
    ['app/engine/x.ts', "import '../scratchpad';\nimport '../scratchpad/types';\nimport '../common/limits';\n"],
    ['app/cli/x.ts', "import '../scratchpad';\nimport '../engine';\nimport '../demo';\nimport '../scratchpad/postgres/errors';\n"],
  ])('%s accepts what its layer allows', async (file, code) => {
    expect(await layeringMessages(file, code)).toEqual([]);
  });

  it('reports a new folder of app/ that is in no layer', async () => {
    expect(await layeringMessages('app/newthing/x.ts', 'export const a = 1;\n')).toEqual([
      'File app/newthing/x.ts is in no layer of eslint/layering.js: add it to a layer.',
    ]);
  });

  it('lets main load the demo generator only through a dynamic import (the first-run path)', async () => {
    expect(await layeringMessages('main/store/worker.ts', "export const load = () => import('../../app/demo');\n")).toEqual([]);
    expect(await layeringMessages('main/store/worker.ts', "import '../../app/demo';\n")).toEqual([forbidden('main', '../../app/demo')]);
  });

  it('lets the renderer import app/common', async () => {
    expect(await layeringMessages('renderer/src/views/x.tsx', "import '../../../app/common/format';\n")).toEqual([]);
  });
});

/** Messages of `rule` for `code` linted as the file at `relPath`. */
async function ruleMessages(rule: string, relPath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, relPath) });
  if (!result) throw new Error(`no lint result for ${relPath}`);
  expect(result.messages.filter((m: Linter.LintMessage) => m.fatal)).toEqual([]);
  return result.messages.filter((m: Linter.LintMessage) => m.ruleId === rule).map((m) => m.message);
}

describe('raw IPC ban (no-restricted-imports)', () => {
  const banned = (name: string, spec: string) =>
    `'${name}' import from '${spec}' is restricted. Raw IPC only in main/electron/ipc-main.ts and main/preload/index.ts: use the channel table (app/contract/channels.ts).`;

  it.each([
    ['main/ipc/handlers.ts', 'ipcMain', 'electron'],
    ['main/electron/window.ts', 'ipcMain', 'electron/main'],
    ['main/preload/bridge.ts', 'ipcRenderer', 'electron'],
    ['renderer/src/x.ts', 'ipcRenderer', 'electron/renderer'],
  ])('refuses %s importing %s from %s', async (file, name, spec) => {
    expect(await ruleMessages('no-restricted-imports', file, `import { ${name} } from '${spec}';\nvoid ${name};\n`)).toEqual([banned(name, spec)]);
  });

  it.each([
    ['main/electron/ipc-main.ts', 'ipcMain'],
    ['main/preload/index.ts', 'ipcRenderer'],
  ])('lets the adapter %s import %s', async (file, name) => {
    expect(await ruleMessages('no-restricted-imports', file, `import { ${name} } from 'electron';\nvoid ${name};\n`)).toEqual([]);
  });

  it('leaves other electron imports alone', async () => {
    expect(await ruleMessages('no-restricted-imports', 'main/electron/window.ts', "import { BrowserWindow } from 'electron';\nvoid BrowserWindow;\n")).toEqual(
      [],
    );
  });
});

describe('react-hooks rules in the renderer', () => {
  it('reports a hook called conditionally', async () => {
    const code = "import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    const messages = await ruleMessages('react-hooks/rules-of-hooks', 'renderer/src/views/x.tsx', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/React Hook "useState" is called conditionally/);
  });

  it('reports an effect with a missing dependency', async () => {
    const code =
      "import { useEffect } from 'react';\nexport function C({ id }: { id: string }) {\n  useEffect(() => console.log(id), []);\n  return null;\n}\n";
    const messages = await ruleMessages('react-hooks/exhaustive-deps', 'renderer/src/views/x.tsx', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/missing dependency: 'id'/);
  });
});

describe('limits layer', () => {
  it('lets the contract import the shared limits but no other common module', async () => {
    expect(await layeringMessages('app/contract/x.ts', "import '../common/limits';\n")).toEqual([]);
    expect(await layeringMessages('app/contract/x.ts', "import '../common/format';\n")).toEqual([forbidden('contract', '../common/format')]);
  });

  it('keeps the limits free of imports (the contract sits above them)', async () => {
    expect(await layeringMessages('app/common/limits.ts', "import '../contract';\n")).toEqual([forbidden('limits', '../contract')]);
  });
});
