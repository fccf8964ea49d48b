import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The shared fixtures folder next to the checkout (`../shared/fixtures`), else the repo's copy kept for CI. */
const FIXTURES = [path.join(ROOT, '..', 'shared', 'fixtures'), path.join(ROOT, 'test', 'scratchpad', 'metnos-v1', 'fixtures')].find((dir) =>
  existsSync(path.join(dir, 'metnos-v1-sample.db')),
) ?? path.join(ROOT, '..', 'shared', 'fixtures');

/** The original runtime's sample file and its expected values (read-only; always opened from a temp copy). */
export const FIXTURE_DB = path.join(FIXTURES, 'metnos-v1-sample.db');
export const FIXTURE_EXPECTED = path.join(FIXTURES, 'metnos-v1-sample.expected.json');

/** One row of the fixture's expected values (snake_case, as the fixture file writes them). */
export interface ExpectedRow {
  readonly id: string;
  readonly turn_id: string;
  readonly step_num: number | null;
  readonly executor_name: string | null;
  readonly kind: 'text' | 'binary';
  readonly size_bytes: number;
  readonly created_at: number;
  readonly expires_at: number;
  readonly sha256: string;
  readonly length_code_points?: number;
  readonly head_12?: string;
  readonly tail_12?: string;
  readonly range_3_15?: string;
  readonly head_6_base64?: string;
  readonly tail_6_base64?: string;
}

/** The fixture's expected values by row name (text_log, text_accents, binary_blob, ...). */
export function fixtureExpected(): Record<string, ExpectedRow> {
  return JSON.parse(readFileSync(FIXTURE_EXPECTED, 'utf8')) as Record<string, ExpectedRow>;
}

/** A temp folder removed by the returned `remove()`. */
export function tempDir(prefix = 'scratchpad-e2e-'): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Copies the fixture into `dir` and returns the copy's path. */
export function copyFixture(dir: string): string {
  const target = path.join(dir, 'metnos-v1-sample.db');
  copyFileSync(FIXTURE_DB, target);
  chmodSync(target, 0o644); // the shared original is read-only; the copy is the app's to open
  return target;
}
