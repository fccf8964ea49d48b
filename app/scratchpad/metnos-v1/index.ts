import type { ResolvedOptions } from '../options';
import type { ScratchpadBackend } from '../core/backend';
import { openV1Context } from './context';
import { createV1Backend } from './backend';

/**
 * True when a file's table names look like the original runtime's (an `entries` table, with or without the
 * installer's `scratchpad` table). The column shape is checked by {@link openMetnosV1}.
 */
export function isMetnosV1Candidate(tableNames: readonly string[]): boolean {
  return tableNames.includes('entries');
}

/**
 * Opens a Metnos v1 file (shared/formats/metnos-v1.md) without changing it: a read-only connection with the busy
 * timeout of `options`, no pragma, index or journal change; only gc writes (deletions, in one transaction).
 * Only the operator principal sees the rows (they have no owner). Throws UNSUPPORTED_FORMAT when the `entries`
 * table has another shape (naming what differs) or the database is not UTF-8, CORRUPT when the file is not
 * SQLite, truncated or unreadable; the message names the file.
 */
export function openMetnosV1(path: string, options: ResolvedOptions): ScratchpadBackend {
  return createV1Backend(openV1Context(path, options));
}
