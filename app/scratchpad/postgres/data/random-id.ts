import { randomFillSync } from 'node:crypto';

/** Random bytes drawn from the system's CSPRNG 4 KiB at a time: 256 ids per fill instead of one call per id. */
const POOL = Buffer.alloc(4096);
let used = POOL.length;

/**
 * 32 lowercase hex digits (16 bytes from node:crypto's CSPRNG), the random half of an observation id (v2's
 * layout: random hex, then the row number as 12 hex). Each call takes fresh bytes: never two the same bytes.
 */
export function randomIdHex(): string {
  if (used + 16 > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const hex = POOL.toString('hex', used, used + 16);
  used += 16;
  return hex;
}
