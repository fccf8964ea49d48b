import type { ResolvedOptions } from '../options';
import { ScratchpadError, type Scratchpad } from '../types';

/**
 * True when a file's table names look like the original runtime's (an `entries` table, with or without the
 * installer's `scratchpad` table). The column shape is checked by {@link openMetnosV1}.
 */
export function isMetnosV1Candidate(tableNames: readonly string[]): boolean {
  return tableNames.includes('entries');
}

/**
 * Opens a Metnos v1 file (shared/formats/metnos-v1.md) without changing it. Throws UNSUPPORTED_FORMAT when the
 * `entries` table has another shape, CORRUPT when the file cannot be read. Placeholder until issue 3 lands.
 */
export function openMetnosV1(path: string, _options: ResolvedOptions): Scratchpad {
  throw new ScratchpadError('UNSUPPORTED_FORMAT', `${path}: Metnos v1 files are not supported yet`);
}
