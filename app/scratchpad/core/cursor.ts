import type { SortDirection, TurnSort } from '../../contract';
import { ScratchpadError } from '../types';

/** Position after the last turn of a page: its sort value (a string for the turnId sort) and turn id (keyset pagination). */
export interface TurnCursor {
  readonly key: number | string;
  readonly turnId: string;
}

/** How a cursor spells an infinite sort value (a turn whose earliest expiry is never or always), which JSON cannot. */
const INFINITE = { Infinity: Infinity, '-Infinity': -Infinity } as const;

/** An opaque cursor: base64url of `[sort, direction, key, turnId]` (an infinite numeric key as the string "Infinity" or "-Infinity"). */
export function encodeCursor(sort: TurnSort, direction: SortDirection, key: number | string, turnId: string): string {
  const k = typeof key === 'number' && !Number.isFinite(key) && !Number.isNaN(key) ? String(key) : key;
  return Buffer.from(JSON.stringify([sort, direction, k, turnId]), 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor} for the same sort and direction; INVALID_ARGUMENT otherwise. */
export function decodeCursor(cursor: unknown, sort: TurnSort, direction: SortDirection): TurnCursor {
  const bad = () => new ScratchpadError('INVALID_ARGUMENT', 'cursor is not one returned by listTurns with this sort and direction');
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 1024) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 4) throw bad();
  const [s, d, raw, turnId] = value as unknown[];
  if (s !== sort || d !== direction || typeof turnId !== 'string') throw bad();
  const key = sort !== 'turnId' && (raw === 'Infinity' || raw === '-Infinity') ? INFINITE[raw] : raw;
  const keyOk = sort === 'turnId' ? key === turnId : typeof key === 'number' && !Number.isNaN(key);
  if (!keyOk) throw bad();
  return { key: key as number | string, turnId };
}

/** The sort value of a turn for `sort` (what a cursor after it holds). */
export function sortKeyOf(
  sort: TurnSort,
  t: {
    readonly turnId: string;
    readonly entryCount: number;
    readonly totalBytes: number;
    readonly firstCreatedAt: number;
    readonly lastCreatedAt: number;
    readonly earliestExpiresAt: number;
    readonly expiredCount: number;
  },
): number | string {
  switch (sort) {
    case 'lastCreated':
      return t.lastCreatedAt;
    case 'totalBytes':
      return t.totalBytes;
    case 'turnId':
      return t.turnId;
    case 'entryCount':
      return t.entryCount;
    case 'firstCreated':
      return t.firstCreatedAt;
    case 'earliestExpires':
      return t.earliestExpiresAt;
    case 'expiredCount':
      return t.expiredCount;
  }
}
