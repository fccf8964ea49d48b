#!/usr/bin/env node
// Rehearses npm start's native step where Electron's headers cannot be downloaded: the same copy of
// node_modules/better-sqlite3 and the same node-gyp rebuild, but for the running Node from local headers
// (`--nodedir`, default /usr), into .electron-native/rehearsal; then opens a store through `nativeBinding`
// with that build, as main does with the Electron one. node_modules' own build is not touched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ROOT } from './build-main.mjs';
import { buildNative, nativePlan } from './native.mjs';

const nodedir = process.argv.find((a) => a.startsWith('--nodedir='))?.slice('--nodedir='.length) ?? '/usr';
const plan = nativePlan(process.versions.node, process.arch, {
  runtime: 'node',
  dir: join(ROOT, '.electron-native', 'rehearsal'),
  headers: [`--nodedir=${nodedir}`],
});
console.log(`rehearsal: ${plan.upToDate ? 'already built' : 'building'} ${plan.binding}`);
const binding = buildNative(plan);
const { openScratchpad } = await tsImport('../app/scratchpad/index.ts', import.meta.url);
const path = join(mkdtempSync(join(tmpdir(), 'rehearsal-')), 'scratchpad.db');
const pad = await openScratchpad(path, { nativeBinding: binding });
const handle = await pad.put(
  { kind: 'user', userId: 'rehearsal' },
  { turnId: 't', stepNum: 1, executorName: 'x', observation: { content: 'via nativeBinding' } },
);
const read = await pad.read({ kind: 'user', userId: 'rehearsal' }, handle.scratchpad_id, { mode: 'full' });
await pad.close();
if (read.content !== 'via nativeBinding') throw new Error('the rehearsal build read back something else');
console.log(`rehearsal: store opened with nativeBinding=${binding}, wrote and read back a row`);
