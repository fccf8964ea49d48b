import { randomFillSync, timingSafeEqual } from 'node:crypto';

/*
 * Entry ids (issue 2: "Ids carry at least 122 random bits"). Since schema 4 an id is 32 hex digits (128 bits) from
 * the system CSPRNG, then the entry's row number (`pk`, allocated in order so inserts append) as 12 lowercase hex
 * digits: 44 hex digits. A v2 file hides the row number under a pad keyed by the file and the id's random part
 * (v2/id-cipher.ts, {@link sealedEntryId}). The random part comes first so that ids shortened for display stay distinct. A lookup parses the row number, fetches that one row and compares the whole id in
 * constant time, so no index on ids is written by a put. Files written before hold 32-hex ids (a UUID v4 without
 * dashes, 122 random bits); those are still found through the legacy index (schema.ts, migration 4).
 */

/** Hex digits of the row number at the end of an id (48 bits; chunk keys already cap pk far below). */
export const ID_PK_HEX = 12;
/** Hex digits of the random part of an id (128 bits). */
export const ID_RANDOM_HEX = 32;
/** Length of an id written since schema 4. */
export const ID_LENGTH = ID_PK_HEX + ID_RANDOM_HEX;

const ID = /^[0-9a-f]{44}$/;
const LEGACY_ID = /^[0-9a-f]{32}$/;

/** Random bytes drawn from the CSPRNG in blocks (one system call per 256 ids, not one per id). */
const POOL = Buffer.alloc(4_096);
let poolAt = POOL.length;

/** The next 16 bytes of fresh CSPRNG randomness, as a view into the pool: read it before the next draw. */
function drawRandom(): Buffer {
  if (poolAt + 16 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  poolAt += 16;
  return POOL.subarray(poolAt - 16, poolAt);
}

/** 32 lowercase hex digits of `random`, which is then zeroed (a served random part does not linger in memory). */
function hexOnce(random: Buffer): string {
  const hex = random.toString('hex');
  random.fill(0);
  return hex;
}

/**
 * The entry id of a random part (32 lowercase hex digits, from the CSPRNG) and a suffix (an encrypted row number,
 * 0 <= suffix < 2^48): the random part, then the suffix as {@link ID_PK_HEX} lowercase hex digits. The v2 put
 * statement builds the same text in SQL (`printf('%012x', ...)`, v2/writer.ts). RangeError for a suffix out of range.
 */
export function sealedEntryId(randomHex: string, suffix: number): string {
  if (!Number.isSafeInteger(suffix) || suffix < 0 || suffix >= 16 ** ID_PK_HEX) throw new RangeError(`id suffix ${suffix} out of range`);
  return randomHex + suffix.toString(16).padStart(ID_PK_HEX, '0');
}

/** A new entry id for the row `pk` (an integer >= 1): 128 random bits as hex, then {@link ID_PK_HEX} hex digits of pk. */
export function newEntryId(pk: number): string {
  if (!Number.isSafeInteger(pk) || pk < 1 || pk >= 16 ** ID_PK_HEX) throw new RangeError(`row number ${pk} does not fit an entry id`);
  return hexOnce(drawRandom()) + pk.toString(16).padStart(ID_PK_HEX, '0');
}

/** How to find an id's row: by row number (ids since schema 4), by the legacy index key (32-hex ids), or not at all. */
export type IdLookup = { readonly by: 'pk'; readonly pk: number } | { readonly by: 'legacy'; readonly key: number } | null;

/**
 * Where the row of `id` would be, from its shape alone (no SQL): a 44-hex id names its row number, a 32-hex
 * (legacy) id its index key (first 13 hex digits as an integer, 52 bits, exact in a double); anything else is
 * null (NOT_FOUND without SQL).
 */
export function parseEntryId(id: unknown): IdLookup {
  if (typeof id !== 'string') return null;
  if (id.length === ID_LENGTH && ID.test(id)) return { by: 'pk', pk: parseInt(id.slice(ID_RANDOM_HEX), 16) };
  if (id.length === 32 && LEGACY_ID.test(id)) return { by: 'legacy', key: legacyIdKey(id) };
  return null;
}

/** The legacy lookup key of a 32-hex id (schema 1-3): its first 13 hex digits as an integer. */
export function legacyIdKey(id: string): number {
  return parseInt(id.slice(0, 13), 16);
}

/** True when `stored` and `asked` are the same id, compared in constant time (for ids of equal length). */
export function sameId(stored: string, asked: string): boolean {
  if (stored.length !== asked.length) return false;
  return timingSafeEqual(Buffer.from(stored, 'latin1'), Buffer.from(asked, 'latin1'));
}

/** Message of NOT_FOUND for an id: the same for a missing, a foreign and a malformed id (names only what was asked). */
export function notFoundMessage(id: unknown): string {
  const shown = typeof id === 'string' ? JSON.stringify(id.length > 64 ? `${id.slice(0, 64)}...` : id) : typeof id;
  return `no entry with id ${shown}`;
}
