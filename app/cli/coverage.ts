import type { ReadLogEntry } from '../contract';

/** How much of one entry the model read: the union of the logged slices over [0, totalLength). */
export interface Coverage {
  readonly entryId: string;
  /** 'code_points' (text) or 'bytes' (binary), as the log's. */
  readonly unit: 'code_points' | 'bytes';
  readonly totalLength: number;
  /** Units inside at least one logged slice (overlaps counted once), clamped to totalLength. */
  readonly coveredLength: number;
  /** coveredLength / totalLength in per cent, one decimal (100 for an empty value read at least once, 0 unread). */
  readonly percent: number;
  /** Number of logged reads. */
  readonly reads: number;
}

/** The {@link Coverage} of `entryId` by the log entries `reads` (the entry's own), for a value of `totalLength` units. */
export function coverageOf(entryId: string, unit: Coverage['unit'], totalLength: number, reads: readonly ReadLogEntry[]): Coverage {
  const spans = reads.map((r) => [Math.min(r.start, totalLength), Math.min(r.end, totalLength)] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = 0;
  for (const [start, end] of spans) {
    if (end > reach) covered += end - Math.max(start, reach);
    reach = Math.max(reach, end);
  }
  const percent = totalLength === 0 ? (reads.length > 0 ? 100 : 0) : Math.round((covered / totalLength) * 1000) / 10;
  return { entryId, unit, totalLength, coveredLength: covered, percent, reads: reads.length };
}

/** `3 · 42.5%`, or `-` when never read (the ls column). */
export function formatCoverage(c: Coverage): string {
  return c.reads === 0 ? '-' : `${c.reads} · ${c.percent}%`;
}
