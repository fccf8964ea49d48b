import type { EntryKind } from '../../contract';
import type { SearchHit, SearchQuery, SearchResult } from '../search/types';
import type { ScanConnectionOptions } from './scan-connection';

/* The messages between a v2 store and its search worker threads (scan-lanes.ts, scan-worker.ts). */

/** Slots of a lane's state (shared memory, 3 x int32): the stop mark, ready (1: its connection is open), the last job finished. */
export const STOP = 0;
export const READY = 1;
export const FINISHED = 2;

/** What a worker starts with: the file, the connection's options, and its lane's state (3 x int32: STOP, READY, FINISHED). */
export interface LaneWorkerData extends ScanConnectionOptions {
  readonly path: string;
  readonly state: SharedArrayBuffer;
}

/** The fields of an observation row a worker reads its chunks by (the row check repeats pk and id). */
export interface LaneRow {
  readonly pk: number;
  readonly id: string;
  readonly kind: EntryKind;
  /** Code points (text) or bytes (binary). */
  readonly length_units: number;
  readonly chunk_units: number;
}

/** One whole-entry search; `job` numbers increase per lane (the stop mark stops every job up to it). */
export interface LaneRequest {
  readonly job: number;
  readonly row: LaneRow;
  readonly query: SearchQuery;
  readonly limit: number;
  readonly cursor: string | null;
}

/** A worker's answer: a job's result (null: search it on the main thread), or that its connection failed to open. */
export type LaneReply = { readonly job: number; readonly result: SearchResult<SearchHit> | null } | { readonly failed: string };
