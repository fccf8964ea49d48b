/*
 * Head/tail/range resolution, once: the store (slicing.ts, then its cap), the engine's scratchpad_read and
 * the CLI's read all clip a request to a value the same way. Units are the value's: code points for text,
 * bytes for binary.
 */

/**
 * A slice request in units: `full`, the first or last `n` (head, tail), or [start, end) (range; `start`
 * default 0, `end` undefined or null for "to the end"). Fields a mode does not use are ignored.
 */
export interface UnitSlice {
  readonly mode: 'full' | 'head' | 'tail' | 'range';
  readonly n?: number;
  readonly start?: number;
  readonly end?: number | null;
}

/** Units [start, end) of a value, 0 <= start <= end <= the value's length. */
export interface UnitBounds {
  readonly start: number;
  readonly end: number;
}

/**
 * [start, end) of `slice` in a value of `total` units: full is everything; head the first min(n, total);
 * tail the last min(n, total) (n = 0 gives nothing); range [start, end) with end clipped to total and start
 * to end. `n`, `start`, `end` are whole numbers >= 0 and start <= end (the callers check them first).
 */
export function sliceBounds(slice: UnitSlice, total: number): UnitBounds {
  switch (slice.mode) {
    case 'full':
      return { start: 0, end: total };
    case 'head':
      return { start: 0, end: Math.min(slice.n ?? 0, total) };
    case 'tail':
      return { start: Math.max(0, total - (slice.n ?? 0)), end: total };
    case 'range': {
      const end = Math.min(slice.end ?? total, total);
      return { start: Math.min(slice.start ?? 0, end), end };
    }
  }
}
