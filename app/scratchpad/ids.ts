import { randomUUID } from 'node:crypto';

/** Shape of an id of this project's format: 32 lowercase hex digits. */
const V2_ID = /^[0-9a-f]{32}$/;

/**
 * A new entry id: 32 lowercase hex digits from a random UUID v4 (122 random bits from the system CSPRNG,
 * as issue 2 requires "at least 122 random bits").
 */
export function newEntryId(): string {
  return randomUUID().replace(/-/g, '');
}

/** The lookup key of an id (schema.ts): its first 13 hex digits as an integer (52 bits, exact in a double). */
export function idKey(id: string): number {
  return parseInt(id.slice(0, 13), 16);
}

/** True when `id` has the shape of a v2 entry id (a cheap check before any SQL). */
export function isEntryId(id: unknown): id is string {
  return typeof id === 'string' && V2_ID.test(id);
}

/** Message of NOT_FOUND for an id: the same for a missing, a foreign and a malformed id (names only what was asked). */
export function notFoundMessage(id: unknown): string {
  const shown = typeof id === 'string' ? JSON.stringify(id.length > 64 ? `${id.slice(0, 64)}...` : id) : typeof id;
  return `no entry with id ${shown}`;
}
