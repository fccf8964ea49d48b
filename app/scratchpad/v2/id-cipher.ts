import { createCipheriv, randomBytes, type Cipher } from 'node:crypto';

/*
 * The row number at the end of an id (ids.ts) is hidden under a per-file key, so an id tells a user nothing
 * about other owners' rows (how many were stored between two of its puts, whether a row number was reused):
 * the suffix is the 48-bit row number XOR a pad, the first 6 bytes of AES-128 (under the file's key) of the
 * id's own 16 random bytes. The random part is fresh for every id, so the pads are independent pseudorandom
 * values: suffixes show no counter and no order, and a row number reused after gc gets another suffix. A
 * lookup recomputes the pad from the id it is given, so it still finds its one row (O(1)). One AES block per
 * put and per lookup; the Feistel permutation of schema 6-8 took six.
 */

/** Marker-table key of the file's id key (32 hex digits, 128 bits), written by migration 6 (schema.ts). */
export const ID_KEY_MARKER = 'id_key';
/** Bytes of an id's random part, the cipher's input block. */
export const ID_RANDOM_BYTES = 16;
const TWO_32 = 2 ** 32;

/** A fresh id key: 32 lowercase hex digits from the CSPRNG. */
export function newIdKeyHex(): string {
  return randomBytes(16).toString('hex');
}

/** Hides and recovers 48-bit row numbers, keyed by the file's key and each id's random part. */
export interface IdCipher {
  /** The id suffix (0 <= suffix < 2^48) of row `pk` (0 <= pk < 2^48) for an id whose random part is `random` (16 bytes). */
  seal(random: Uint8Array, pk: number): number;
  /** The row number named by `suffix` (0 <= suffix < 2^48) in an id whose random part is `random` (16 bytes). */
  open(random: Uint8Array, suffix: number): number;
}

/** The {@link IdCipher} of a 32-hex key; throws RangeError for another key shape or a random part not 16 bytes. */
export function createIdCipher(keyHex: string): IdCipher {
  if (!/^[0-9a-f]{32}$/.test(keyHex)) throw new RangeError('an id key is 32 lowercase hex digits');
  // ECB over single blocks: one reused cipher object, no padding (update() answers each 16-byte block at once).
  const aes: Cipher = createCipheriv('aes-128-ecb', Buffer.from(keyHex, 'hex'), null).setAutoPadding(false);
  // XOR of 48-bit values as a 16-bit high and a 32-bit low half (JavaScript's bitwise operators are 32-bit).
  const xorPad = (random: Uint8Array, value: number): number => {
    if (random.length !== ID_RANDOM_BYTES) throw new RangeError(`an id's random part is ${ID_RANDOM_BYTES} bytes`);
    const pad = aes.update(random);
    const hi = (Math.floor(value / TWO_32) ^ pad.readUInt16BE(0)) & 0xffff;
    const lo = ((value >>> 0) ^ pad.readUInt32BE(2)) >>> 0;
    return hi * TWO_32 + lo;
  };
  return { seal: xorPad, open: xorPad };
}
