/*
 * Buffers a text put encodes its UTF-8 bytes into, reused from one put to the next. Without them every text put
 * allocated a fresh buffer of 3 bytes per UTF-16 unit (24 KiB for 8 KiB of text): memory outside V8's heap, whose
 * growth is what starts V8's full collections (measured: 13 full collections per 9,000 puts of 8 KiB, 1 with a
 * reused buffer). Unlike the SQLite writer's single scratch, a PostgreSQL put awaits the server while its bytes are
 * bound (a statement waiting for a pooled connection reads them later, a retry sends them again), and puts may
 * run concurrently, so each put borrows a buffer of its own and gives it back when its write has settled.
 */

/** Bytes per scratch: any text of one chunk (up to 32,768 code points = 65,536 UTF-16 units, 3 bytes each). */
export const SCRATCH_BYTES = 3 * 65_536;
/** Idle buffers kept per writer; more concurrent puts borrow fresh ones, dropped when given back. */
const MAX_IDLE = 4;

/** A writer's buffers: `borrow()` for a text of `units` UTF-16 units (undefined: too long, encode allocates), `giveBack()` after. */
export interface ScratchPool {
  /** A buffer no other put holds until it is given back, or undefined when `units` * 3 exceeds SCRATCH_BYTES. */
  borrow(units: number): Buffer | undefined;
  /** Returns a borrowed buffer; nothing may read views into it afterwards. undefined is ignored. */
  giveBack(buffer: Buffer | undefined): void;
}

/** A new, empty {@link ScratchPool} (buffers are allocated on first borrow). */
export function createScratchPool(): ScratchPool {
  const idle: Buffer[] = [];
  return {
    borrow: (units) => (units * 3 > SCRATCH_BYTES ? undefined : (idle.pop() ?? Buffer.allocUnsafeSlow(SCRATCH_BYTES))),
    giveBack(buffer) {
      if (buffer !== undefined && idle.length < MAX_IDLE) idle.push(buffer);
    },
  };
}
