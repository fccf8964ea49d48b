import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Principal } from '../../app/contract';
import { openScratchpad } from '../../app/scratchpad';
import type { OpenOptions, Scratchpad } from '../../app/scratchpad/types';

/** A settable clock in Unix seconds, injected into the store. */
export interface TestClock {
  now: number;
}

/** Alice and Bob, the two users of these tests, and the operator. */
export const alice: Principal = { kind: 'user', userId: 'alice' };
export const bob: Principal = { kind: 'user', userId: 'bob' };
export const operator: Principal = { kind: 'operator' };

const opened: { store: Scratchpad; dir: string }[] = [];

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    try {
      await store.close();
    } catch {
      // already closed by the test
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A fresh v2 scratchpad in a temp folder with an injected clock; closed and removed after each test. */
export async function openTempStore(options: OpenOptions = {}): Promise<{ store: Scratchpad; clock: TestClock; path: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'engine-test-'));
  const clock: TestClock = { now: 1_800_000_000 };
  const path = join(dir, 'scratchpad.db');
  const store = await openScratchpad(path, { clock: () => clock.now, ...options });
  opened.push({ store, dir });
  return { store, clock, path };
}
