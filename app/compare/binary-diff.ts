import type { BinaryDiff, HexWindow } from '../contract';
import { ByteCursor, commonPrefixLength } from './byte-cursor';

/** Bytes shown before the first difference, and in all, per hex window (multiples of 16: whole dump rows). */
const BEFORE = 32;
const WINDOW = 96;
const STEP = 1_048_576;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * First differing byte offset of two byte streams and the bytes around it on each side (a window starting at a
 * multiple of 16, up to BEFORE bytes before the offset). A stream that is a prefix of the other differs at its
 * length. Reads both streams once, in steps of 1 MiB, keeping BEFORE bytes of look-behind; stops early when the
 * time budget (`deadlineMs` against `now()`, in ms) passes: then `truncated`, offset null.
 */
export async function diffBytes(a: ByteCursor, b: ByteCursor, deadlineMs: number, now: () => number): Promise<{ diff: BinaryDiff; truncated: boolean }> {
  for (;;) {
    await Promise.all([a.fill(STEP), b.fill(STEP)]);
    const va = a.view();
    const vb = b.view();
    const n = commonPrefixLength(va, vb);
    // true: differs at n (or one side ends there); null: both ended equal; false: equal so far, read on.
    const shorter = Math.min(va.length, vb.length);
    let found: boolean | null;
    if (n < shorter) found = true;
    else if (va.length === vb.length) found = a.ended && b.ended ? null : false;
    else found = va.length < vb.length ? a.ended : b.ended;
    if (found === null) return { diff: { firstDifferenceOffset: null, left: null, right: null }, truncated: false };
    if (found) {
      const offset = a.consumed + n;
      const start = Math.max(a.consumed, Math.floor(Math.max(0, offset - BEFORE) / 16) * 16);
      const window = (c: ByteCursor, v: Uint8Array): HexWindow => ({ start, hex: hex(v.subarray(start - c.consumed, start - c.consumed + WINDOW)) });
      if (va.length - (start - a.consumed) < WINDOW) await a.fill(start - a.consumed + WINDOW);
      if (vb.length - (start - b.consumed) < WINDOW) await b.fill(start - b.consumed + WINDOW);
      return { diff: { firstDifferenceOffset: offset, left: window(a, a.view()), right: window(b, b.view()) }, truncated: false };
    }
    // Equal so far: keep BEFORE bytes of look-behind for the hex windows.
    const drop = Math.max(0, n - BEFORE);
    a.consume(drop);
    b.consume(drop);
    if (now() > deadlineMs) return { diff: { firstDifferenceOffset: null, left: null, right: null }, truncated: true };
  }
}
