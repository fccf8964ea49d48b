import { createHash } from 'node:crypto';
import { ScratchpadError } from '../types';
import type { SearchQuery, SearchableEntry } from './types';

/*
 * Search cursors: where the next call resumes. Opaque base64url text holding a fingerprint of the query and the
 * entry (so a cursor of another query or entry is refused), the code point where the chunk to restart from
 * begins, the `\n` count before it, and the code point before which no hit may start (the end of the last hit).
 */

/** Decoded cursor. Units: code points (text) or bytes (binary). */
export interface SearchPosition {
  readonly chunkStart: number;
  readonly linesBefore: number;
  readonly skip: number;
}

/** 16 hex digits of sha256 over the entry id and every field that changes the matches. */
export function queryFingerprint(entry: SearchableEntry, q: SearchQuery): string {
  const key = JSON.stringify([entry.id, entry.kind, q.pattern, q.regex === true, q.caseSensitive !== false, q.hex === true]);
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Cursor text for `pos` under fingerprint `fp`. */
export function encodeCursor(fp: string, pos: SearchPosition): string {
  return Buffer.from(JSON.stringify([1, fp, pos.chunkStart, pos.linesBefore, pos.skip])).toString('base64url');
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The position of `cursor`; INVALID_ARGUMENT when it is malformed or was made by another query or entry. */
export function decodeCursor(fp: string, cursor: string): SearchPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== 1 || typeof parsed[1] !== 'string') {
    throw new ScratchpadError('INVALID_ARGUMENT', 'cursor is not a search cursor');
  }
  const [, f, chunkStart, linesBefore, skip] = parsed as unknown[];
  if (f !== fp) throw new ScratchpadError('INVALID_ARGUMENT', 'cursor belongs to another query or entry');
  if (!isCount(chunkStart) || !isCount(linesBefore) || !isCount(skip) || skip < chunkStart) {
    throw new ScratchpadError('INVALID_ARGUMENT', 'cursor is not a search cursor');
  }
  return { chunkStart, linesBefore, skip };
}
