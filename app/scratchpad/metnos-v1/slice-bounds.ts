import type { ReadOptions } from '../../contract';
import { ScratchpadError } from '../types';

/** Default `n` of head and tail reads (as the original runtime), in code points or bytes. */
export const DEFAULT_HEAD_TAIL_N = 2_000;

/** A resolved slice [start, end) of a value, in its unit (code points for text, bytes for binary). */
export interface SliceBounds {
  readonly start: number;
  readonly end: number;
  /** True when `cap` cut the slice shorter than asked. */
  readonly truncated: boolean;
}

/**
 * Resolves a read request against a value of `total` units: `head` = first n, `tail` = last n (n = 0 gives
 * nothing, unlike the original's Python `-0` slice), `range` = [start, end) with end defaulting to `total` (the
 * original used the byte size), `full` = everything. Bounds past the value are clamped to it. At most `cap` units
 * are returned (a tail keeps its last ones); `truncated` says so. INVALID_ARGUMENT when start > end.
 */
export function sliceBounds(options: ReadOptions, total: number, cap: number): SliceBounds {
  let start: number;
  let end: number;
  switch (options.mode) {
    case 'full':
      start = 0;
      end = total;
      break;
    case 'head':
      start = 0;
      end = Math.min(options.n ?? DEFAULT_HEAD_TAIL_N, total);
      break;
    case 'tail':
      start = Math.max(0, total - (options.n ?? DEFAULT_HEAD_TAIL_N));
      end = total;
      break;
    case 'range': {
      const askedStart = options.start ?? 0;
      const askedEnd = options.end ?? total;
      if (askedStart > askedEnd) throw new ScratchpadError('INVALID_ARGUMENT', `range start ${askedStart} is after end ${askedEnd}`);
      start = Math.min(askedStart, total);
      end = Math.min(askedEnd, total);
      break;
    }
  }
  if (end - start <= cap) return { start, end, truncated: false };
  return options.mode === 'tail' ? { start: end - cap, end, truncated: true } : { start, end: start + cap, truncated: true };
}
