import { createCipheriv, randomBytes, type Cipher } from 'node:crypto';

/*
 * The row number at the end of an id (ids.ts) is encrypted with a per-file key, so an id tells a user nothing
 * about other owners' rows (how many were stored between two of its puts, whether a row number was reused):
 * a keyed permutation of the 48-bit row numbers, so a lookup still decrypts the id to its one row (O(1)).
 * The permutation is a balanced Feistel network over two 24-bit halves, 6 rounds, each round function the
 * first 3 bytes of AES-128 of (round, half) under the file's key (Luby-Rackoff: a Feistel network over a
 * pseudorandom function is a pseudorandom permutation).
 */

/** Marker-table key of the file's id key (32 hex digits, 128 bits), written by migration 5 (schema.ts). */
export const ID_KEY_MARKER = 'id_key';
const ROUNDS = 6;
const HALF = 2 ** 24;

/** A fresh id key: 32 lowercase hex digits from the CSPRNG. */
export function newIdKeyHex(): string {
  return randomBytes(16).toString('hex');
}

/** Encrypts and decrypts 48-bit row numbers under one key. */
export interface IdCipher {
  /** The permuted value of row number `pk` (0 <= pk < 2^48). */
  encrypt(pk: number): number;
  /** The row number of a permuted value (0 <= value < 2^48). */
  decrypt(value: number): number;
}

/** The {@link IdCipher} of a 32-hex key; throws RangeError for another key shape. */
export function createIdCipher(keyHex: string): IdCipher {
  if (!/^[0-9a-f]{32}$/.test(keyHex)) throw new RangeError('an id key is 32 lowercase hex digits');
  // ECB over single blocks: one reused cipher object, no padding (update() answers each 16-byte block at once).
  const aes: Cipher = createCipheriv('aes-128-ecb', Buffer.from(keyHex, 'hex'), null).setAutoPadding(false);
  const block = Buffer.alloc(16);
  const round = (i: number, half: number): number => {
    block[0] = i;
    block.writeUIntBE(half, 1, 3);
    return aes.update(block).readUIntBE(0, 3);
  };
  return {
    encrypt(pk) {
      let l = Math.floor(pk / HALF);
      let r = pk % HALF;
      for (let i = 0; i < ROUNDS; i++) [l, r] = [r, l ^ round(i, r)];
      return l * HALF + r;
    },
    decrypt(value) {
      let l = Math.floor(value / HALF);
      let r = value % HALF;
      for (let i = ROUNDS - 1; i >= 0; i--) [l, r] = [r ^ round(i, l), l];
      return l * HALF + r;
    },
  };
}
