// One error type across every layer: ScratchpadError { code, message }, its codes listed once in the contract.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALL_ERROR_CODES,
  asScratchpadError,
  CLI_ERROR_CODES,
  ERROR_CODES,
  isErrorCode,
  isFailureCode,
  ScratchpadError,
  STORE_ERROR_CODES,
} from '../../app/contract';
import { INTERNAL_MESSAGE, toErrorShape } from '../../main/ipc/errors';
import { toWireError } from '../../main/store/protocol';
import { fromWireError } from '../../main/store/worker-client';

const ROOT = join(__dirname, '..', '..');

/** Every .ts/.tsx file under `dir` (relative to the repository). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(name)) out.push(rel);
  }
  return out;
}

describe('the error codes', () => {
  it('are listed once: the store, then IPC, then the CLI extension', () => {
    expect(ERROR_CODES).toEqual([...STORE_ERROR_CODES, 'FORBIDDEN', 'INTERNAL']);
    expect(ALL_ERROR_CODES).toEqual([...ERROR_CODES, 'USAGE', 'EXISTS', 'IO']);
    expect(CLI_ERROR_CODES.map(isErrorCode)).toEqual([false, false, false]);
    expect(CLI_ERROR_CODES.map(isFailureCode)).toEqual([true, true, true]);
    expect([isFailureCode('NOPE'), isFailureCode(5), isErrorCode('BUSY')]).toEqual([false, false, true]);
  });
});

describe('ScratchpadError across the layers', () => {
  it('asScratchpadError keeps one and makes anything else INTERNAL', () => {
    const own = new ScratchpadError('BUSY', 'locked');
    expect(asScratchpadError(own)).toBe(own);
    expect(asScratchpadError(new TypeError('boom'))).toMatchObject({ code: 'INTERNAL', message: 'boom' });
    expect(asScratchpadError('x', 'generic')).toMatchObject({ code: 'INTERNAL', message: 'generic' });
  });

  it('crosses the worker boundary by code, and an uncoded failure comes back INTERNAL', () => {
    const back = fromWireError(toWireError(new ScratchpadError('EXISTS', '/x exists')));
    expect(back).toBeInstanceOf(ScratchpadError);
    expect([back.code, back.message]).toEqual(['EXISTS', '/x exists']);
    expect(fromWireError(toWireError(new RangeError('/secret/path')))).toMatchObject({ code: 'INTERNAL', message: '/secret/path' });
  });

  it('crosses IPC with its code and message, except INTERNAL and the CLI codes (generic message)', () => {
    expect(toErrorShape(new ScratchpadError('FORBIDDEN', 'not our page'))).toEqual({ code: 'FORBIDDEN', message: 'not our page' });
    for (const err of [new ScratchpadError('INTERNAL', '/secret/path'), new ScratchpadError('EXISTS', '/a exists'), new Error('stack')]) {
      expect(toErrorShape(err)).toEqual({ code: 'INTERNAL', message: INTERNAL_MESSAGE });
    }
  });

  it('is the only error class raised across a boundary, and no code recognises an error by its name', () => {
    const files = ['app', 'main', 'renderer'].flatMap(sources);
    const classes = files.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/class (\w+)(?:<[^>]*>)? extends (\w*Error)\b/g)].map((m) => `${f}: ${m[1]} extends ${m[2]}`),
    );
    expect(classes.sort()).toEqual(
      [
        'app/contract/codes.ts: ScratchpadError extends Error',
        // Finer PostgreSQL failures for the backend's own retries; still a ScratchpadError to every caller.
        'app/scratchpad/postgres/errors.ts: PostgresStoreError extends ScratchpadError',
        // Internal to the Metnos v1 reader (a value changed under a scan, retried or mapped to BUSY); never escapes it.
        'app/scratchpad/metnos-v1/byte-source.ts: ValueChangedError extends Error',
        // Internal to the store's JSON outline scan (caught there: the outline answers root null and the reason).
        'app/scratchpad/core/json-outline.ts: NoOutline extends Error',
        // Internal to the renderer's streamed JSON parse (caught there: the worker falls back to one JSON.parse).
        'renderer/src/views/entry/json/streamParse.ts: Unparsed extends Error',
      ].sort(),
    );
    const byName = files.filter((f) => /\.name\s*[!=]==|name\s*===\s*'\w*Error'/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(byName).toEqual([]);
  });
});
