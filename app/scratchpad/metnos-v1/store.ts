import type { Principal } from '../../contract';
import { requirePrincipal } from '../../access';
import { parseSliceRequest } from '../slicing';
import { requireName } from '../validate';
import { withV1Errors } from './v1-errors';
import { ScratchpadError, type SyncScratchpad } from '../types';
import { DEFAULT_SCAN_TUNING, type ScanTuning } from './byte-source';
import type { V1Context } from './context';
import { notFound, requireId, type V1Env } from './env';
import { previewV1Gc, resolveGcOptions, runV1Gc } from './gc';
import { iterateEntryContent } from './iterate';
import { describeEntry, getEntry, readEntry } from './reads';
import { rowsOfTurn, toEntryMeta } from './rows';
import { emptyStats, v1Stats } from './stats';
import { listV1Turns, parseListTurnsOptions } from './turns';
import { ValueFactsCache } from './value-source';

/**
 * v1 rows have no owner: only the operator sees them; a user sees an empty store (NOT_FOUND for every id).
 * INVALID_ARGUMENT for a malformed principal.
 */
function seesRows(principal: Principal): boolean {
  return requirePrincipal(principal).kind === 'operator';
}

function readOnly(what: string, path: string): ScratchpadError {
  return new ScratchpadError('READ_ONLY', `${path}: ${what} is not possible on a Metnos v1 file (opened without changing it; only gc deletes)`);
}

/**
 * The {@link SyncScratchpad} of an open Metnos v1 file (see openMetnosV1). Writes other than gc (put, extendTtl,
 * recordRead) fail with READ_ONLY for every principal; readLog is always empty; owners() is empty (no owners).
 */
export function createV1Store(ctx: V1Context, tuning: ScanTuning = DEFAULT_SCAN_TUNING): SyncScratchpad {
  const env: V1Env = { ctx, cache: new ValueFactsCache(), tuning };
  const { path, options } = ctx;
  const now = () => options.clock();
  const guard = (principal: Principal, id: unknown): string => {
    if (!seesRows(principal)) throw notFound(id);
    return requireId(id);
  };
  return {
    path,
    format: 'metnos-v1',
    readonly: options.readonly,
    put: (principal) => {
      requirePrincipal(principal);
      throw readOnly('put', path);
    },
    describe(principal, id) {
      return describeEntry(env, guard(principal, id));
    },
    read(principal, id, readOptions) {
      const request = parseSliceRequest(readOptions);
      return readEntry(env, guard(principal, id), request);
    },
    get(principal, id) {
      return getEntry(env, guard(principal, id));
    },
    listForTurn(principal, turnId) {
      requireName(turnId, 'turnId');
      if (!seesRows(principal)) return [];
      const at = now();
      return withV1Errors(path, 'read', () => rowsOfTurn(ctx, turnId).map((row) => toEntryMeta(row, at, options.expiringWindowSeconds)));
    },
    listTurns(principal, listOptions) {
      if (!seesRows(principal)) {
        parseListTurnsOptions(listOptions);
        return { turns: [], nextCursor: null };
      }
      return withV1Errors(path, 'read', () => listV1Turns(ctx, listOptions, now()));
    },
    gc(principal, gcOptions) {
      const { now: at, dryRun } = resolveGcOptions(gcOptions, now);
      if (!seesRows(principal)) return { deletedRows: 0, deletedBytes: 0, now: at, dryRun, turns: [] };
      if (dryRun) return previewV1Gc(ctx, at);
      if (options.readonly) throw new ScratchpadError('READ_ONLY', `${path}: opened read-only, gc cannot delete`);
      const done = runV1Gc(ctx, at);
      env.cache.clear();
      return done;
    },
    stats(principal) {
      return seesRows(principal) ? v1Stats(ctx, now()) : emptyStats();
    },
    extendTtl: (principal) => {
      requirePrincipal(principal);
      throw readOnly('extendTtl', path);
    },
    recordRead: (principal) => {
      requirePrincipal(principal);
      throw readOnly('recordRead', path);
    },
    readLog: (principal) => {
      requirePrincipal(principal);
      return [];
    },
    iterateContent(principal, id, chunkBytes) {
      return iterateEntryContent(env, guard(principal, id), chunkBytes);
    },
    owners: (principal) => {
      requirePrincipal(principal);
      return [];
    },
    dataVersion: () => withV1Errors(path, 'read', () => ctx.db.pragma('data_version', { simple: true }) as number),
    close() {
      if (ctx.db.open) ctx.db.close();
    },
  };
}
