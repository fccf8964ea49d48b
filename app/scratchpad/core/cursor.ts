import { ScratchpadError } from '../types';

/** Position after the last turn of a page: its sort value and turn id (keyset pagination). */
export interface TurnCursor {
  readonly key: number;
  readonly turnId: string;
}

/** An opaque cursor: base64url of `[sort, key, turnId]`. */
export function encodeCursor(sort: string, key: number, turnId: string): string {
  return Buffer.from(JSON.stringify([sort, key, turnId]), 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor} for the same sort; INVALID_ARGUMENT otherwise. */
export function decodeCursor(cursor: unknown, sort: string): TurnCursor {
  const bad = () => new ScratchpadError('INVALID_ARGUMENT', 'cursor is not one returned by listTurns with this sort');
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 1024) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 3) throw bad();
  const [s, key, turnId] = value as unknown[];
  if (s !== sort || typeof key !== 'number' || !Number.isFinite(key) || typeof turnId !== 'string') throw bad();
  return { key, turnId };
}
