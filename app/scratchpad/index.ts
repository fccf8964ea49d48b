/**
 * The observation store. `openScratchpad(path, options?)` opens or creates a file of this project's format
 * (`v2`) or opens one of the original runtime's (`metnos-v1`). See types.ts for the {@link Scratchpad} interface.
 */
export { openScratchpad, openPostgresScratchpad } from './open';
export { isPostgresUrl, redactUrl } from './postgres/url';
export { PostgresStoreError, type PgFailure } from './postgres/errors';
export { ScratchpadError } from './types';
export type { Scratchpad, OpenOptions, PutInput, EntryWithContent, TtlTarget, ReadLogInput, ScratchpadErrorCode, Principal } from './types';
export { DEFAULT_MAX_READ_LENGTH, DEFAULT_BUSY_TIMEOUT_MS, DEFAULT_TTL_SECONDS, resolveOptions, type ResolvedOptions } from './options';
export { mapSqliteError } from './sqlite-errors';
export { detectType } from './magic';
