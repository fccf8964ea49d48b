import { ReadModeSchema, SortDirectionSchema, TurnSortSchema, type ReadMode, type SortDirection, type TurnSort } from '../../contract';
import { DEFAULT_TURNS_LIMIT, MAX_ID_PREFIX, MAX_NAME_LENGTH, MAX_TURNS_LIMIT, MIN_ID_PREFIX } from '../../common/limits';
import { normalizeObservation } from '../observation';
import { DEFAULT_TTL_SECONDS } from '../options';
import { ScratchpadError } from '../types';
import { describeValue, optionalName, requireCount, requireFinite, requireName, requireObject, requireTurnKey } from '../validate';
import type { NormalizedObservation } from '../observation';
import { decodeCursor } from './cursor';

// Every argument of a public store method is `unknown` until one of these parses it; each raises
// INVALID_ARGUMENT naming the field, before any backend is asked anything.

const invalid = (message: string) => new ScratchpadError('INVALID_ARGUMENT', message);

/** Parsed listTurns options: limit 1-1000 (default 100), sort and direction, lowercased query or null, keyset position or null. */
export interface TurnPageArgs {
  readonly limit: number;
  readonly sort: TurnSort;
  readonly direction: SortDirection;
  readonly query: string | null;
  readonly after: { readonly key: number | string; readonly turnId: string } | null;
}

/** listTurns options (ListTurnsOptions of the contract). */
export function parseTurnPageArgs(options: unknown): TurnPageArgs {
  const o = options === undefined ? {} : requireObject(options, 'listTurns options');
  const limit = o.limit === undefined ? DEFAULT_TURNS_LIMIT : o.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_TURNS_LIMIT) {
    throw invalid(`limit must be an integer from 1 to ${MAX_TURNS_LIMIT}, got ${describeValue(limit)}`);
  }
  const sortParsed = TurnSortSchema.safeParse(o.sort === undefined ? 'lastCreated' : o.sort);
  if (!sortParsed.success) throw invalid(`sort must be one of ${TurnSortSchema.options.join(', ')}, got ${describeValue(o.sort)}`);
  const directionParsed = SortDirectionSchema.safeParse(o.direction === undefined ? 'desc' : o.direction);
  if (!directionParsed.success) throw invalid(`direction must be asc or desc, got ${describeValue(o.direction)}`);
  const sort = sortParsed.data;
  const direction = directionParsed.data;
  if (o.query !== undefined && (typeof o.query !== 'string' || o.query.length > MAX_NAME_LENGTH)) {
    throw invalid(`query must be a string of at most ${MAX_NAME_LENGTH} characters, got ${describeValue(o.query)}`);
  }
  const query = typeof o.query === 'string' && o.query.length > 0 ? o.query.toLowerCase() : null;
  const after = o.cursor === undefined ? null : decodeCursor(o.cursor, sort, direction);
  return { limit, sort, direction, query, after };
}

/** gc options: `now` (Unix seconds > 0, default the clock's) and dryRun (default false). */
export function parseGcArgs(options: unknown, clock: () => number): { now: number; dryRun: boolean } {
  const o = options === undefined ? {} : requireObject(options, 'gc options');
  if (o.now !== undefined && (typeof o.now !== 'number' || !Number.isFinite(o.now) || o.now <= 0)) {
    throw invalid(`now must be a finite number of Unix seconds > 0, got ${describeValue(o.now)}`);
  }
  if (o.dryRun !== undefined && typeof o.dryRun !== 'boolean') throw invalid(`dryRun must be a boolean, got ${describeValue(o.dryRun)}`);
  return { now: (o.now as number | undefined) ?? clock(), dryRun: o.dryRun ?? false };
}

/** extendTtl target `{ id }` or `{ turnId }` and a finite TTL in seconds. */
export function parseTtlArgs(target: unknown, ttlSeconds: unknown): { target: { id: unknown } | { turnId: string }; ttl: number } {
  const t = requireObject(target, 'extendTtl target');
  const ttl = requireFinite(ttlSeconds, 'ttlSeconds');
  const hasId = t.id !== undefined;
  if (hasId === (t.turnId !== undefined)) throw invalid('extendTtl target must be { id } or { turnId }');
  return { target: hasId ? { id: t.id } : { turnId: requireTurnKey(t.turnId, 'turnId') }, ttl };
}

/** recordRead input: mode, slice [start, end) (integers >= 0, start <= end), truncated, `at` (seconds) or null. */
export function parseReadLogInput(input: unknown): { entryId: unknown; mode: ReadMode; start: number; end: number; truncated: boolean; at: number | null } {
  const i = requireObject(input, 'read log input');
  const mode = ReadModeSchema.safeParse(i.mode);
  if (!mode.success) throw invalid(`mode must be one of full, head, tail, range; got ${describeValue(i.mode)}`);
  const start = requireCount(i.start, 'start');
  const end = requireCount(i.end, 'end');
  if (start > end) throw invalid(`start (${start}) must be <= end (${end})`);
  if (typeof i.truncated !== 'boolean') throw invalid(`truncated must be a boolean, got ${describeValue(i.truncated)}`);
  return { entryId: i.entryId, mode: mode.data, start, end, truncated: i.truncated, at: i.at === undefined ? null : requireFinite(i.at, 'at') };
}

/** readLog selector `{ id }` or `{ turnId }`. */
export function parseReadLogSelector(selector: unknown): { id: unknown } | { turnId: string } {
  const s = requireObject(selector, 'read log selector');
  return s.id === undefined ? { turnId: requireTurnKey(s.turnId, 'turnId') } : { id: s.id };
}

/** put input (PutInput): names 1-256 chars, stepNum integer >= 0 or null, finite TTL seconds (default 3,600). */
export function parsePutInput(input: unknown): {
  turnId: string;
  stepNum: number | null;
  executorName: string | null;
  ttlSeconds: number;
  actor: string | null;
  channel: string | null;
  observation: unknown;
} {
  const i = requireObject(input, 'put input');
  return {
    turnId: requireName(i.turnId, 'turnId'),
    stepNum: i.stepNum === null || i.stepNum === undefined ? null : requireCount(i.stepNum, 'stepNum'),
    executorName: optionalName(i.executorName, 'executorName'),
    ttlSeconds: i.ttlSeconds === undefined ? DEFAULT_TTL_SECONDS : requireFinite(i.ttlSeconds, 'ttlSeconds'),
    actor: optionalName(i.actor, 'actor'),
    channel: optionalName(i.channel, 'channel'),
    observation: i.observation,
  };
}

/** The observation of a put, normalised (observation.ts); INVALID_ARGUMENT when it cannot be stored. */
export function parseObservation(observation: unknown): NormalizedObservation {
  return normalizeObservation(observation);
}

/** iterateContent piece size: an integer >= 1 (bytes). */
export function parsePieceBytes(chunkBytes: unknown): number {
  if (typeof chunkBytes !== 'number' || !Number.isSafeInteger(chunkBytes) || chunkBytes < 1) {
    throw invalid(`chunkBytes must be an integer >= 1, got ${describeValue(chunkBytes)}`);
  }
  return chunkBytes;
}

/** An id prefix lowercased: MIN_ID_PREFIX (8: 32 random bits, rarely shared by one owner's ids below ~65,000 rows) to 64 hex digits. INVALID_ARGUMENT otherwise (nothing asked of the backend). */
export function parseIdPrefix(prefix: unknown): string {
  if (typeof prefix !== 'string' || !/^[0-9a-fA-F]+$/.test(prefix) || prefix.length < MIN_ID_PREFIX || prefix.length > MAX_ID_PREFIX) {
    throw new ScratchpadError(
      'INVALID_ARGUMENT',
      `an id or id prefix is ${MIN_ID_PREFIX} to ${MAX_ID_PREFIX} hex digits, got ${typeof prefix === 'string' ? JSON.stringify(prefix.slice(0, 70)) : typeof prefix}`,
    );
  }
  return prefix.toLowerCase();
}
