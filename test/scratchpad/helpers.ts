import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Principal } from '../../app/contract';
import { openScratchpad, ScratchpadError, type Scratchpad } from '../../app/scratchpad';

/** A fresh temp folder; `cleanup()` removes it. */
export function tempDir(prefix = 'scratchpad-'): { dir: string; file: (name?: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, file: (name = 'scratchpad.db') => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A user principal. */
export const user = (userId: string): Principal => ({ kind: 'user', userId });
/** The operator principal. */
export const operator: Principal = { kind: 'operator' };

/** The ScratchpadError `fn` throws or rejects with (fails the test when nothing or something else is thrown). */
export async function errorOf(fn: () => unknown): Promise<ScratchpadError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof ScratchpadError) return err;
    throw new Error(`expected a ScratchpadError, got ${String(err)}`);
  }
  throw new Error('expected a ScratchpadError, nothing was thrown');
}

/** Every piece of an async byte stream (iterateContent), in order. */
export async function piecesOf(stream: AsyncIterable<Uint8Array> | Promise<AsyncIterable<Uint8Array>>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for await (const piece of await stream) pieces.push(piece);
  return pieces;
}

/** A settable clock in Unix seconds. */
export function fakeClock(start = 1_800_000_000): { now: () => number; set: (t: number) => void; advance: (s: number) => void } {
  let t = start;
  return { now: () => t, set: (v) => (t = v), advance: (s) => (t += s) };
}

/**
 * A fresh v2 store for each test of the file: registers a `beforeEach` that makes a temp folder, sets `clock` to
 * `at` (Unix seconds) when given, and opens the folder's scratchpad.db with `clock.now`, and an `afterEach` that
 * closes the store and removes the folder. `sp` forwards every property to the current test's store, so a test
 * body uses it as the store itself; `file()` is that store's path (to open a second store on the same file).
 */
export function storePerTest(clock: { now: () => number; set: (t: number) => void }, at?: number): { sp: Scratchpad; file: () => string } {
  let tmp: ReturnType<typeof tempDir> | null = null;
  let current: Scratchpad | null = null;
  const store = (): Scratchpad => {
    if (current === null) throw new Error('storePerTest: no store outside a test');
    return current;
  };
  beforeEach(async () => {
    tmp = tempDir();
    if (at !== undefined) clock.set(at);
    current = await openScratchpad(tmp.file(), { clock: clock.now });
  });
  afterEach(async () => {
    await current?.close();
    current = null;
    tmp?.cleanup();
    tmp = null;
  });
  const sp = new Proxy({} as Scratchpad, {
    get: (_, key) => {
      const value = (store() as unknown as Record<PropertyKey, unknown>)[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store()) : value;
    },
  });
  return {
    sp,
    file: () =>
      (
        tmp ??
        (() => {
          throw new Error('storePerTest: no folder outside a test');
        })()
      ).file(),
  };
}
