import type { EntryKind } from '../../contract';
import type { SearchHit, SearchQuery, SearchResult } from '../search/types';
import type { ScanConnectionOptions } from './scan-connection';

/* The messages between a v2 store and its search worker threads (scan-lanes.ts, scan-worker.ts). */

/**
 * Slots of a lane's state (shared memory, {@link STATE_SLOTS} x int32): the stop mark, ready (1: its connection is
 * open), the last job finished, the last job started, and the last job taken back by the main thread (jobs up to
 * it that have not started never will). Only the next job to start is taken back, and only before it starts: the worker writes STARTED then reads TAKEN, the main thread writes TAKEN then
 * reads STARTED (sequentially consistent Atomics), so at most one of them searches the entry, and when the two
 * race the worker gives it up (a null answer) rather than both searching it.
 */
export const STOP = 0;
export const READY = 1;
export const FINISHED = 2;
export const STARTED = 3;
export const TAKEN = 4;
export const STATE_SLOTS = 5;

/**
 * The worker's side of the handshake, as it comes to job `job`: marks it started and says whether to run it
 * (false: the main thread took it back first; the worker answers null).
 */
export function startJob(state: Int32Array, job: number): boolean {
  Atomics.store(state, STARTED, job);
  return Atomics.load(state, TAKEN) < job;
}

/**
 * The main thread's side: takes job `job` back when it is the next one the worker starts and has not started yet.
 * True: the worker never runs it (it answers null); false: it started (or an earlier job has not started yet, or,
 * when both sides raced, the worker gives it up too and the main thread searches the entry after the null answer).
 */
export function takeBackJob(state: Int32Array, job: number): boolean {
  if (Atomics.load(state, STARTED) !== job - 1) return false;
  Atomics.store(state, TAKEN, job);
  // The worker writes STARTED before it reads TAKEN: if it has not written it by now, it will see TAKEN.
  return Atomics.load(state, STARTED) < job;
}

/** What a worker starts with: the file, the connection's options, and its lane's state (STATE_SLOTS x int32). */
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
  /** Code points of context each side of a text hit's preview (undefined: the default). */
  readonly previewContext?: number;
}

/**
 * A worker's answer: a job's result (null: search it on the main thread; also the answer of a job taken back), or
 * that its connection failed to open.
 */
export type LaneReply = { readonly job: number; readonly result: SearchResult<SearchHit> | null } | { readonly failed: string };
