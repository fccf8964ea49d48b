import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '../../app/contract';
import { ScratchpadError } from '../../app/scratchpad';

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
