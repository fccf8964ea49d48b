import type { ErrorCode, ReadMode } from '../contract';

/**
 * One thing the engine did, as told to an observer. Sizes are bytes; read positions are in `unit`
 * (code points for text rows, bytes for binary rows).
 */
export type EngineEvent =
  /** An observation at or below the threshold went to the model unchanged. */
  | { readonly type: 'observation_kept'; readonly turnId: string; readonly stepNum: number | null; readonly sizeBytes: number }
  /** An observation above the threshold was stored; `sizeBytes` is the measured size kept out of the context. */
  | {
      readonly type: 'observation_offloaded';
      readonly turnId: string;
      readonly stepNum: number | null;
      readonly id: string;
      readonly sizeBytes: number;
    }
  /** A scratchpad_read was served: the slice [start, end) actually returned. */
  | {
      readonly type: 'read_served';
      readonly id: string;
      readonly mode: ReadMode;
      readonly unit: 'code_points' | 'bytes';
      readonly start: number;
      readonly end: number;
      readonly truncated: boolean;
    }
  /** A scratchpad_read failed: NOT_FOUND/FORBIDDEN count as denied, INVALID_ARGUMENT as invalid, the rest as failed. */
  | { readonly type: 'read_failed'; readonly code: ErrorCode }
  /** A served read could not be written to the read log (other than READ_ONLY files, which are skipped). */
  | { readonly type: 'read_log_failed'; readonly id: string; readonly code: ErrorCode }
  /** gc ran (not a dry run) and deleted these rows. */
  | { readonly type: 'gc'; readonly deletedRows: number; readonly deletedBytes: number };

/** Running totals over the events an {@link EngineMetrics} recorded. */
export interface EngineCounters {
  /** Observations passed to the model unchanged. */
  readonly keptInline: number;
  /** Observations stored in the scratchpad. */
  readonly offloaded: number;
  /** Sum of the measured sizes (bytes) of the offloaded observations. */
  readonly offloadedBytes: number;
  /** scratchpad_read calls served. */
  readonly reads: number;
  /** Served reads cut at maxReturnLength (or by the store's own cap). */
  readonly truncatedReads: number;
  /** Reads refused as NOT_FOUND (missing, foreign, forged, expired, other turn) or FORBIDDEN (operator). */
  readonly deniedReads: number;
  /** Reads refused for bad arguments. */
  readonly invalidReads: number;
  /** Reads failed for any other reason (BUSY, CORRUPT, INTERNAL...). */
  readonly failedReads: number;
  /** Served reads the read log did not record. */
  readonly readLogFailures: number;
  /** gc runs that deleted (dry runs excluded). */
  readonly gcRuns: number;
  /** Rows deleted by gc. */
  readonly gcDeletedRows: number;
  /** Bytes deleted by gc. */
  readonly gcDeletedBytes: number;
}

/** Counters plus an optional event hook; pass it as `metrics` in the engine's contexts. */
export interface EngineMetrics {
  /** Records one event: updates the counters, then calls the hook. Never throws. */
  record(event: EngineEvent): void;
  /** A copy of the counters now. */
  counters(): EngineCounters;
}

const ZERO: EngineCounters = {
  keptInline: 0,
  offloaded: 0,
  offloadedBytes: 0,
  reads: 0,
  truncatedReads: 0,
  deniedReads: 0,
  invalidReads: 0,
  failedReads: 0,
  readLogFailures: 0,
  gcRuns: 0,
  gcDeletedRows: 0,
  gcDeletedBytes: 0,
};

function apply(c: EngineCounters, e: EngineEvent): EngineCounters {
  switch (e.type) {
    case 'observation_kept':
      return { ...c, keptInline: c.keptInline + 1 };
    case 'observation_offloaded':
      return { ...c, offloaded: c.offloaded + 1, offloadedBytes: c.offloadedBytes + e.sizeBytes };
    case 'read_served':
      return { ...c, reads: c.reads + 1, truncatedReads: c.truncatedReads + (e.truncated ? 1 : 0) };
    case 'read_failed':
      if (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN') return { ...c, deniedReads: c.deniedReads + 1 };
      if (e.code === 'INVALID_ARGUMENT') return { ...c, invalidReads: c.invalidReads + 1 };
      return { ...c, failedReads: c.failedReads + 1 };
    case 'read_log_failed':
      return { ...c, readLogFailures: c.readLogFailures + 1 };
    case 'gc':
      return { ...c, gcRuns: c.gcRuns + 1, gcDeletedRows: c.gcDeletedRows + e.deletedRows, gcDeletedBytes: c.gcDeletedBytes + e.deletedBytes };
  }
}

/**
 * Creates counters for the engine, with an optional hook called after each event (a log line, a metrics
 * exporter). A hook that throws is ignored: observing a turn must never break it.
 */
export function createEngineMetrics(onEvent?: (event: EngineEvent) => void): EngineMetrics {
  let current = ZERO;
  return {
    record(event) {
      current = apply(current, event);
      if (!onEvent) return;
      try {
        onEvent(event);
      } catch {
        // An observer's failure is its own; the engine goes on.
      }
    },
    counters: () => ({ ...current }),
  };
}
