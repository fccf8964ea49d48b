import { createCipheriv, randomBytes, randomFillSync, type Cipher } from 'node:crypto';

/*
 * The row number at the end of an id (ids.ts) is hidden under a per-file key, so an id tells a user nothing
 * about other owners' rows (how many were stored between two of its puts, whether a row number was reused):
 * the suffix is the 48-bit row number XOR a pad, the first 6 bytes of AES-128 (under the file's key) of the
 * id's own 16 random bytes. The random part is fresh for every id, so the pads are independent pseudorandom
 * values: suffixes show no counter and no order, and a row number reused after gc gets another suffix. A
 * lookup recomputes the pad from the id it is given, so it still finds its one row (O(1)). One AES block per
 * put and per lookup; the Feistel permutation of schema 6-8 took six. A put draws its random part and pad
 * ahead ({@link IdCipher.draw}): 256 random parts from the CSPRNG and their pads in one AES call, since a pad
 * depends on the random part only, not on the row number the statement allocates.
 */

/** Marker-table key of the file's id key (32 hex digits, 128 bits), written by migration 6 (schema.ts). */
export const ID_KEY_MARKER = 'id_key';
/** Bytes of an id's random part, the cipher's input block. */
export const ID_RANDOM_BYTES = 16;
const TWO_32 = 2 ** 32;
/** Random parts drawn and padded per refill: one CSPRNG call and one AES call for this many puts. */
const DRAW_BLOCK = 256;

/** `a` XOR `b` for 48-bit values (0 <= a, b < 2^48), as a 16-bit high and a 32-bit low half (JavaScript's bitwise operators are 32-bit). */
export function xor48(a: number, b: number): number {
  const hi = (Math.floor(a / TWO_32) ^ Math.floor(b / TWO_32)) & 0xffff;
  const lo = ((a >>> 0) ^ (b >>> 0)) >>> 0;
  return hi * TWO_32 + lo;
}

/** A new id's random part and pad: the id of row `pk` is `randomHex` then `pk XOR pad` as 12 hex digits. */
export interface IdDraw {
  /** The id's 16 random bytes as 32 lowercase hex digits. */
  readonly randomHex: string;
  /** The 48-bit pad of that random part (0 <= pad < 2^48): what {@link IdCipher.seal} XORs a row number with. */
  readonly pad: number;
}

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
  /**
   * Fresh CSPRNG randomness for the next id and its pad, so `xor48(pk, pad)` equals `seal(random, pk)` for any
   * row number. Drawn in blocks of {@link DRAW_BLOCK}; each random part and pad is zeroed in the block when served.
   */
  draw(): IdDraw;
}

/** The {@link IdCipher} of a 32-hex key; throws RangeError for another key shape or a random part not 16 bytes. */
export function createIdCipher(keyHex: string): IdCipher {
  if (!/^[0-9a-f]{32}$/.test(keyHex)) throw new RangeError('an id key is 32 lowercase hex digits');
  // ECB over single blocks: one reused cipher object, no padding (update() answers each 16-byte block at once).
  const aes: Cipher = createCipheriv('aes-128-ecb', Buffer.from(keyHex, 'hex'), null).setAutoPadding(false);
  // The pad: the first 6 bytes of the block's AES, as a 48-bit number.
  const padAt = (blocks: Buffer, at: number): number => blocks.readUInt16BE(at) * TWO_32 + blocks.readUInt32BE(at + 2);
  const xorPad = (random: Uint8Array, value: number): number => {
    if (random.length !== ID_RANDOM_BYTES) throw new RangeError(`an id's random part is ${ID_RANDOM_BYTES} bytes`);
    return xor48(value, padAt(aes.update(random), 0));
  };
  const randoms = Buffer.alloc(DRAW_BLOCK * ID_RANDOM_BYTES);
  let pads = Buffer.alloc(0);
  let next = DRAW_BLOCK;
  const draw = (): IdDraw => {
    if (next === DRAW_BLOCK) {
      randomFillSync(randoms);
      pads = aes.update(randoms); // ECB: each 16-byte block on its own, as xorPad encrypts one
      next = 0;
    }
    const at = next++ * ID_RANDOM_BYTES;
    const randomHex = randoms.toString('hex', at, at + ID_RANDOM_BYTES);
    const pad = padAt(pads, at);
    randoms.fill(0, at, at + ID_RANDOM_BYTES);
    pads.fill(0, at, at + ID_RANDOM_BYTES);
    return { randomHex, pad };
  };
  return { seal: xorPad, open: xorPad, draw };
}
