import { ValueChangedError, type ScanTuning } from './byte-source';
import type { V1Context } from './context';
import type { V1ValueRow } from './rows';
import { withV1Errors } from './v1-errors';
import { notFoundMessage } from '../ids';
import { ScratchpadError } from '../types';
import type { ValueFacts, ValueFactsCache } from './value-source';

/** Everything the v1 operations share: the open file, the cache of facts about values, the scan windows. */
export interface V1Env {
  readonly ctx: V1Context;
  readonly cache: ValueFactsCache;
  readonly tuning: ScanTuning;
}

/** Longest id looked up (as the contract's ids); longer or non-string ids are NOT_FOUND without any SQL. */
const MAX_ID_LENGTH = 128;

/** The NOT_FOUND of a missing id (also what a user gets for every id: v1 rows have no owner); same message as v2. */
export function notFound(id: unknown): ScratchpadError {
  return new ScratchpadError('NOT_FOUND', notFoundMessage(id));
}

/** `id` when it can name a row; NOT_FOUND otherwise (v1 ids are 16 hex digits, other writers' may differ). */
export function requireId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) throw notFound(id);
  return id;
}

/**
 * Runs `fn` on the row of `id` (as `find` returns it: {@link findRow} or the cheaper findValueRow) with its cached facts, mapping SQLite errors. When the value changes under the
 * reads (another writer deleted or replaced it) the facts are dropped and `fn` runs once more on the fresh row;
 * a second change gives BUSY. NOT_FOUND when the row does not exist.
 */
export function withRow<R extends V1ValueRow, T>(
  env: V1Env,
  id: string,
  find: (ctx: V1Context, id: string) => R | undefined,
  fn: (row: R, facts: ValueFacts) => T,
): T {
  return withV1Errors(env.ctx.path, 'read', () => {
    for (let attempt = 0; ; attempt++) {
      const row = find(env.ctx, id);
      if (!row) throw notFound(id);
      try {
        return fn(row, env.cache.of(row));
      } catch (error) {
        if (!(error instanceof ValueChangedError)) throw error;
        env.cache.drop(id);
        if (attempt >= 1) throw new ScratchpadError('BUSY', `${env.ctx.path}: entry ${id} kept changing while being read; retry`);
      }
    }
  });
}
