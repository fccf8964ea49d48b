import { ReadOptionsSchema, type Principal, type ReadOptions } from '../../contract';
import { ScratchpadError, type Scratchpad } from '../types';
import { DEFAULT_SCAN_TUNING, type ScanTuning } from './byte-source';
import type { V1Context } from './context';
import { notFound, type V1Env } from './env';
import { previewV1Gc, resolveGcOptions, runV1Gc } from './gc';
import { iterateEntryContent } from './iterate';
import { describeEntry, getEntry, readEntry } from './reads';
import { rowsOfTurn, toEntryMeta } from './rows';
import { mapSqlite } from './sqlite-errors';
import { emptyStats, v1Stats } from './stats';
import { listV1Turns, parseListTurnsOptions } from './turns';
import { ValueFactsCache } from './value-source';

/** v1 rows have no owner: only the operator sees them; a user sees an empty store (NOT_FOUND for every id). */
function seesRows(principal: Principal): boolean {
  return principal.kind === 'operator';
}

function readOnly(what: string, path: string): ScratchpadError {
  return new ScratchpadError('READ_ONLY', `${path}: ${what} is not possible on a Metnos v1 file (opened without changing it; only gc deletes)`);
}

function parseReadOptions(options: ReadOptions): ReadOptions {
  const parsed = ReadOptionsSchema.safeParse(options);
  if (!parsed.success) throw new ScratchpadError('INVALID_ARGUMENT', `bad read options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/**
 * The {@link Scratchpad} of an open Metnos v1 file (see openMetnosV1). Writes other than gc (put, extendTtl,
 * recordRead) fail with READ_ONLY for every principal; readLog is always empty; owners() is empty (no owners).
 */
export function createV1Store(ctx: V1Context, tuning: ScanTuning = DEFAULT_SCAN_TUNING): Scratchpad {
  const env: V1Env = { ctx, cache: new ValueFactsCache(), tuning };
  const { path, options } = ctx;
  const now = () => options.clock();
  const guard = (principal: Principal, id: string) => {
    if (!seesRows(principal)) throw notFound(id);
  };
  return {
    path,
    format: 'metnos-v1',
    readonly: options.readonly,
    put: () => {
      throw readOnly('put', path);
    },
    describe(principal, id) {
      guard(principal, id);
      return describeEntry(env, id);
    },
    read(principal, id, readOptions) {
      const parsed = parseReadOptions(readOptions);
      guard(principal, id);
      return readEntry(env, id, parsed);
    },
    get(principal, id) {
      guard(principal, id);
      return getEntry(env, id);
    },
    listForTurn(principal, turnId) {
      if (!seesRows(principal)) return [];
      const at = now();
      return mapSqlite(path, 'listing a turn', () => rowsOfTurn(ctx, turnId).map((row) => toEntryMeta(row, at, options.expiringWindowSeconds)));
    },
    listTurns(principal, listOptions) {
      if (!seesRows(principal)) {
        parseListTurnsOptions(listOptions);
        return { turns: [], nextCursor: null };
      }
      return mapSqlite(path, 'listing turns', () => listV1Turns(ctx, listOptions, now()));
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
    extendTtl: () => {
      throw readOnly('extendTtl', path);
    },
    recordRead: () => {
      throw readOnly('recordRead', path);
    },
    readLog: () => [],
    iterateContent(principal, id, chunkBytes) {
      guard(principal, id);
      return iterateEntryContent(env, id, chunkBytes);
    },
    owners: () => [],
    dataVersion: () => mapSqlite(path, 'reading data_version', () => ctx.db.pragma('data_version', { simple: true }) as number),
    close() {
      if (ctx.db.open) ctx.db.close();
    },
  };
}
