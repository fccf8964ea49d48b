import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
// Types only: esbuild comes with tsx (a dependency), and is loaded only when run from source (workerSource).
import type * as Esbuild from 'esbuild';
import type { EntryRecord, LaneJob, LaneTicket, SearchLanes } from '../core/backend';
import type { SearchHit, SearchResult } from '../search/types';
import type { ObservationRow } from './rows';
import type { ScanConnectionOptions } from './scan-connection';
import { FINISHED, READY, STATE_SLOTS, STOP, takeBackJob, type LaneReply, type LaneRequest, type LaneWorkerData } from './scan-protocol';

/*
 * A v2 store's search lanes (core/backend.ts SearchLanes): worker threads (scan-worker.ts), each with its own
 * read-only memory-mapped connection, started on the first search that uses them and kept until the store
 * closes, while the calling thread searches its own share through the store's scan connection. Long-lived on
 * purpose: a connection's mapping is faulted in page by page as it reads, so a new one per search read ~1.1 GB/s
 * where a kept one reads 3-4 GB/s. A search on one thread spends most of its time getting chunks out of SQLite
 * (assembling each chunk from its overflow pages, then copying it into a Buffer); with a lane, two entries are
 * read at once.
 *
 * Each large entry's lane is its row number mod (workers + 1), the last one being the calling thread's: a search
 * repeated over the same rows reads each row through the mapping that already holds it. A worker still starting
 * answers null at once (the search does not wait for it); a worker that fails (its code missing from a build, its
 * connection refused, its thread dying) makes every job answer null from then on. The caller searches those entries
 * itself.
 */

/** Chunks an entry needs for a lane: a message round trip costs about what SQLite takes for a few chunks. */
export const LANE_MIN_CHUNKS = 16;

/**
 * The young generation of a worker's heap, MiB. Its garbage is mostly the chunk Buffers SQLite's rows were copied
 * into (memory outside the heap, freed when the Buffer is collected): a small young generation collects them
 * sooner. Measured over 500 MiB scans: peak RSS ~30 MiB lower than V8's default, same speed.
 */
const WORKER_YOUNG_MB = 2;

/** What a job that cannot go to a lane answers. */
const NO_TICKET: LaneTicket = { result: Promise.resolve(null), finished: () => true, takeBack: () => false };

interface Lane {
  worker: Worker | null;
  /**
   * STOP: jobs up to this number stop at their next chunk; READY: 1 once the worker's connection is open (until
   * then its jobs answer null at once); FINISHED: the last job it finished; STARTED and TAKEN: the handshake of a
   * job taken back (scan-protocol.ts). Shared memory, so the main thread sees it even while a long search of its
   * own keeps it from its event loop.
   */
  readonly state: Int32Array;
  readonly pending: Map<number, (r: SearchResult<SearchHit> | null) => void>;
  nextJob: number;
}

/** How to start a worker: a module file, or code to run as a script (`eval`). */
type WorkerSource = { readonly code: URL; readonly eval: false } | { readonly code: string; readonly eval: true };

/** The worker's code bundled from source, once per process (see {@link workerSource}); null: it could not be built. */
let fromSource: WorkerSource | null | undefined;

/**
 * How to start the worker: the app's build has scan-worker.js next to this module's bundle. Run from source (the
 * CLI, tests, the bench, all under tsx), scan-worker.ts is bundled once per process with esbuild (tsx's own
 * dependency; ~0.2 s, synchronously: the main thread may not reach its event loop before a long search ends) and
 * run as a script: a worker under tsx's loader starts a second thread for the loader (two idle workers so: +87 MiB
 * of RSS, bundled: +51 MiB). esbuild's synchronous call runs on a thread of esbuild's own, ended after it (its
 * other mode, the binary run once per call, hung in a scratch process). Null when it cannot be built: no lanes then.
 */
function workerSource(): WorkerSource | null {
  if (!import.meta.url.endsWith('.ts')) return { code: new URL('./scan-worker.js', import.meta.url), eval: false };
  if (fromSource === undefined) fromSource = bundleFromSource();
  return fromSource;
}

function bundleFromSource(): WorkerSource | null {
  try {
    const here = fileURLToPath(import.meta.url);
    const esbuild = createRequire(here)('esbuild') as typeof Esbuild;
    const out = esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL('./scan-worker.ts', import.meta.url))],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['better-sqlite3'],
      logLevel: 'silent',
    });
    // Ends the thread esbuild ran the call on (~20 MiB kept for the process otherwise); a later call starts another.
    void esbuild.stop();
    // A script's `require` resolves from the working folder: this one resolves better-sqlite3 from here.
    const code = `(function (require) {\n${out.outputFiles[0]!.text}\n})(require('node:module').createRequire(${JSON.stringify(here)}));`;
    return { code, eval: true };
  } catch {
    return null;
  }
}

/** The lanes of one v2 file; see the top of this file. */
export class ScanLanes implements SearchLanes {
  private lanes: Lane[] | null = null;
  private failed = false;
  private closed = false;

  /**
   * @param path the v2 file
   * @param options the scan connections' options
   * @param count worker threads (at least 1; the calling thread searches too)
   * @param rowOf the stored row behind a record this store's reader returned, or undefined
   */
  constructor(
    private readonly path: string,
    private readonly options: ScanConnectionOptions,
    readonly count: number,
    private readonly rowOf: (entry: EntryRecord) => ObservationRow | undefined,
  ) {}

  /** Rows whose content is in `chunks` (not inline) and spans at least {@link LANE_MIN_CHUNKS} chunks. */
  takes(entry: EntryRecord): boolean {
    const row = this.rowOf(entry);
    return !this.failed && !this.closed && row !== undefined && row.inline === 0 && row.length_units >= LANE_MIN_CHUNKS * row.chunk_units;
  }

  /** Row number mod (workers + 1): the calling thread's share is lane `count`. */
  laneOf(entry: EntryRecord): number {
    return (this.rowOf(entry)?.pk ?? 0) % (this.count + 1);
  }

  search(entry: EntryRecord, job: LaneJob, signal: AbortSignal, at: number): LaneTicket {
    const row = this.rowOf(entry);
    const lanes = row === undefined || this.failed || this.closed ? null : this.start();
    const lane = lanes?.[at];
    const worker = lane?.worker ?? null;
    // A worker still starting gives no result: the caller does not wait for a start-up.
    if (row === undefined || lane === undefined || worker === null || Atomics.load(lane.state, READY) !== 1) return NO_TICKET;
    const number = ++lane.nextJob;
    const request: LaneRequest = {
      job: number,
      row: { pk: row.pk, id: row.id, kind: row.kind, length_units: row.length_units, chunk_units: row.chunk_units },
      query: job.query,
      limit: job.limit,
      cursor: job.cursor,
      previewContext: job.previewContext,
    };
    const stop = () => Atomics.store(lane.state, STOP, Math.max(Atomics.load(lane.state, STOP), number));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    const result = new Promise<SearchResult<SearchHit> | null>((resolve) => {
      lane.pending.set(number, resolve);
      if (lane.pending.size === 1) worker.ref();
      worker.postMessage(request);
    }).finally(() => signal.removeEventListener('abort', stop));
    return { result, finished: () => Atomics.load(lane.state, FINISHED) >= number, takeBack: () => takeBackJob(lane.state, number) };
  }

  /** Ends the workers (each closes its connection first); pending jobs answer null. */
  async close(): Promise<void> {
    this.closed = true;
    const lanes = this.lanes ?? [];
    this.lanes = null;
    await Promise.all(lanes.map((lane) => this.end(lane)));
  }

  /** The lanes, their workers started on first use. */
  private start(): Lane[] {
    if (this.lanes !== null) return this.lanes;
    const lanes: Lane[] = Array.from({ length: this.count }, () => ({
      worker: null,
      state: new Int32Array(new SharedArrayBuffer(4 * STATE_SLOTS)),
      pending: new Map(),
      nextJob: 0,
    }));
    this.lanes = lanes;
    const source = workerSource();
    if (source === null) this.fail();
    else for (const lane of lanes) this.startWorker(lane, source);
    return lanes;
  }

  private startWorker(lane: Lane, source: WorkerSource): void {
    const data: LaneWorkerData = {
      path: this.path,
      busyTimeoutMs: this.options.busyTimeoutMs,
      nativeBinding: this.options.nativeBinding,
      state: lane.state.buffer as SharedArrayBuffer,
    };
    let worker: Worker;
    try {
      worker = new Worker(source.code, { workerData: data, eval: source.eval, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    } catch {
      return this.fail();
    }
    lane.worker = worker;
    worker.unref();
    worker.on('message', (reply: LaneReply) => {
      if ('failed' in reply) return this.fail();
      const resolve = lane.pending.get(reply.job);
      lane.pending.delete(reply.job);
      if (lane.pending.size === 0) worker.unref();
      resolve?.(reply.result);
    });
    worker.on('error', () => this.fail());
    worker.on('exit', () => {
      lane.worker = null;
      if (!this.closed) this.fail();
      this.answerNull(lane);
    });
  }

  /** A worker could not run: no more jobs go to any lane, and every pending one answers null. */
  private fail(): void {
    this.failed = true;
    for (const lane of this.lanes ?? []) this.answerNull(lane);
  }

  private answerNull(lane: Lane): void {
    const waiting = [...lane.pending.values()];
    lane.pending.clear();
    for (const resolve of waiting) resolve(null);
  }

  private async end(lane: Lane): Promise<void> {
    Atomics.store(lane.state, STOP, 2 ** 31 - 1);
    const worker = lane.worker;
    if (worker === null) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    // A worker stuck past its next chunk (it never should be) is ended after a second.
    const timer = setTimeout(() => void worker.terminate(), 1_000);
    await exited;
    clearTimeout(timer);
    this.answerNull(lane);
  }
}
