/** A half-open [start, end) interval in an entry's unit. */
export type Interval = { readonly start: number; readonly end: number };

/** Merges overlapping/adjacent intervals (clamped to [0, total]) into a sorted disjoint list. */
export function mergeIntervals(intervals: readonly Interval[], total: number): Interval[] {
  const sorted = intervals
    .map((i) => ({ start: Math.max(0, Math.min(total, i.start)), end: Math.max(0, Math.min(total, i.end)) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out[out.length - 1];
    if (last && interval.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, interval.end) };
    else out.push(interval);
  }
  return out;
}

/** Length covered by the union of the intervals (same unit as the input). */
export function coveredLength(intervals: readonly Interval[], total: number): number {
  return mergeIntervals(intervals, total).reduce((sum, i) => sum + (i.end - i.start), 0);
}
