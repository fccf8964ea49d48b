import { countCodePoints } from './bytes';
import type { HitEmitter } from './emitter';
import { FALL_BACK, RareBytePrefilter } from './prefilter';

/*
 * Case-sensitive literal search over a byte stream fed chunk by chunk: the rare-byte prefilter (prefilter.ts;
 * Buffer.indexOf of the needle when it does not pay) inside each chunk, and a
 * small seam (the last needle-1 bytes before the chunk + the first needle-1 bytes of it) for matches that
 * straddle a boundary. Matches are leftmost and non-overlapping, as repeated String.indexOf from the end of the
 * previous match finds them.
 */

/** What a chunk's scan ended with: false (go on), true (`limit` hits reached), 'stop' (time budget or abort). */
export type ScanOutcome = boolean | 'stop';

/** A scanner of a chunked byte stream: reports matches to the emitter; see {@link LiteralScanner}. */
export interface StreamScanner {
  /** Bytes before a chunk where a match reported while scanning that chunk may start. */
  readonly keepBefore: number;
  /** Global byte before which no match may start (the end of the last match, or the resume point). */
  skip: number;
  /** Units (code points; bytes for binary) carried now from before the next chunk, where an undecided match may start. */
  carriedUnits(binary: boolean): number;
  /** Scans chunk `cur` at global byte `start` (ending at unit `cpEnd`) and reports matches to `emit`. */
  scan(cur: Buffer, start: number, emit: HitEmitter<unknown>, limit: number, cpEnd: number): ScanOutcome | Promise<ScanOutcome>;
  /** Releases what the scanner holds (a worker). */
  close?(): Promise<void>;
}

/** Literal bytes (UTF-8 of a text needle, or raw bytes of a binary/hex one). */
export class LiteralScanner implements StreamScanner {
  skip = 0;
  private carry: Buffer = Buffer.alloc(0);
  readonly keepBefore: number;

  carriedUnits(binary: boolean): number {
    return binary ? this.carry.length : countCodePoints(this.carry);
  }

  private readonly prefilter: RareBytePrefilter;

  constructor(private readonly needle: Buffer) {
    this.keepBefore = needle.length - 1;
    this.prefilter = new RareBytePrefilter(needle, false);
  }

  /** First match at or after byte `from` of `cur`, or -1. */
  private find(cur: Buffer, from: number): number {
    if (this.plain) return cur.indexOf(this.needle, from);
    const p = this.prefilter.find(cur, from);
    if (p !== FALL_BACK) return p;
    this.plain = true;
    return cur.indexOf(this.needle, from);
  }

  /** True once the prefilter gave up on the current chunk (scanned on with Buffer.indexOf of the whole needle). */
  private plain = false;

  scan(cur: Buffer, start: number, emit: HitEmitter<unknown>, limit: number): boolean {
    const needle = this.needle;
    const n = needle.length;
    const carryStart = start - this.carry.length;
    if (this.carry.length > 0) {
      const seam = Buffer.concat([this.carry, cur.subarray(0, n - 1)]);
      let p = seam.indexOf(needle, Math.max(0, this.skip - carryStart));
      while (p !== -1 && p < this.carry.length) {
        emit.hit(carryStart + p, carryStart + p + n);
        this.skip = carryStart + p + n;
        if (emit.count >= limit) return true;
        p = seam.indexOf(needle, p + n);
      }
    }
    let from = Math.max(0, this.skip - start);
    this.plain = false;
    this.prefilter.beginChunk();
    for (let p = this.find(cur, from); p !== -1; p = this.find(cur, from)) {
      emit.hit(start + p, start + p + n);
      this.skip = start + p + n;
      if (emit.count >= limit) return true;
      from = p + n;
    }
    this.carry = tail(this.carry, cur, this.keepBefore);
    return false;
  }
}

/** The last `keep` bytes of carry + cur, as a copy (chunks may be reused by their backend). */
export function tail(carry: Buffer, cur: Buffer, keep: number): Buffer {
  if (keep === 0) return Buffer.alloc(0);
  if (cur.length >= keep) return Buffer.from(cur.subarray(cur.length - keep));
  const joined = Buffer.concat([carry, cur]);
  return Buffer.from(joined.subarray(Math.max(0, joined.length - keep)));
}
