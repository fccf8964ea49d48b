import { openScratchpad } from '../../app/scratchpad/index';
import type { OpenOptions, Principal, Scratchpad } from '../../app/scratchpad/types';

/** The user that owns the benchmark rows, another user, and the operator. */
export const USER: Principal = { kind: 'user', userId: 'bench-user' };
export const OTHER_USER: Principal = { kind: 'user', userId: 'bench-other' };
export const OPERATOR: Principal = { kind: 'operator' };

/** Opens (creating) a store file through the public entry point. */
export async function open(path: string, options?: OpenOptions): Promise<Scratchpad> {
  return openScratchpad(path, options);
}

/** Throws when a benchmark's result is not what it should be (a fast wrong answer is no figure). */
export function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (actual !== expected) throw new Error(`bench sanity check failed: ${what}: got ${String(actual)}, expected ${String(expected)}`);
}
