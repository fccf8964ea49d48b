import { DEFAULT_SLICE_LENGTH } from '../common/limits';
import { sliceBounds } from '../common/slices';
import type { ReadMode } from '../contract';
import { ScratchpadError } from './types';
import { describeValue, requireCount, requireObject } from './validate';

const MODES: readonly ReadMode[] = ['full', 'head', 'tail', 'range', 'lines'];

/** A resolved slice [start, end) in units (code points or bytes), clipped to the value and the cap. */
export interface SliceBounds {
  readonly mode: ReadMode;
  readonly start: number;
  readonly end: number;
  /** True when the cap `maxReadLength` cut the slice short. */
  readonly truncated: boolean;
}

/** A checked read request, before the value's length is known. */
export interface SliceRequest {
  readonly mode: ReadMode;
  readonly n: number;
  readonly start: number;
  readonly end: number | null;
}

/**
 * Checks read options: `mode` one of full/head/tail/range; `n`, `start`, `end` when present integers >= 0
 * (safe integers: NaN, floats, negatives, strings, huge values are refused) and `start <= end`.
 * INVALID_ARGUMENT otherwise. Defaults: n = 2,000; start = 0; end = the value's length.
 */
export function parseSliceRequest(options: unknown): SliceRequest {
  const o = requireObject(options, 'read options');
  if (!MODES.includes(o.mode as ReadMode)) {
    throw new ScratchpadError('INVALID_ARGUMENT', `read mode must be one of full, head, tail, range, lines; got ${describeValue(o.mode)}`);
  }
  const n = o.n === undefined ? DEFAULT_SLICE_LENGTH : requireCount(o.n, 'n');
  const start = o.start === undefined ? 0 : requireCount(o.start, 'start');
  const end = o.end === undefined ? null : requireCount(o.end, 'end');
  if (end !== null && start > end) throw new ScratchpadError('INVALID_ARGUMENT', `start (${start}) must be <= end (${end})`);
  return { mode: o.mode as ReadMode, n, start, end };
}

/**
 * Resolves a request against a value of `total` units, capped at `maxLength` units: head keeps the first
 * min(n, total) units, tail the last (n = 0 gives nothing), range [start, end) with end clipped to total,
 * full everything. A slice longer than the cap keeps its first `maxLength` units (tail: its last) and is
 * marked truncated.
 */
export function resolveSlice(req: SliceRequest, total: number, maxLength: number): SliceBounds {
  // Lines are resolved against the line index (core/lines.ts), never as units.
  if (req.mode === 'lines') throw new ScratchpadError('INVALID_ARGUMENT', 'a lines read is not a unit slice');
  const { start, end } = sliceBounds({ mode: req.mode, n: req.n, start: req.start, end: req.end }, total);
  if (end - start <= maxLength) return { mode: req.mode, start, end, truncated: false };
  return req.mode === 'tail'
    ? { mode: req.mode, start: end - maxLength, end, truncated: true }
    : { mode: req.mode, start, end: start + maxLength, truncated: true };
}
