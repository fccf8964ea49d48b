import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyFixtureTo } from '../fixtures/metnos-v1';

export { FIXTURE_DB, FIXTURE_EXPECTED, fixtureExpected, type ExpectedRow } from '../fixtures/metnos-v1';

/** A temp folder removed by the returned `remove()`. */
export function tempDir(prefix = 'scratchpad-e2e-'): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Copies the fixture into `dir` and returns the copy's path. */
export function copyFixture(dir: string): string {
  return copyFixtureTo(path.join(dir, 'metnos-v1-sample.db'));
}
