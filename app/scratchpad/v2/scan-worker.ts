import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { searchEntry } from '../search/search';
import type { ContentChunk, SearchableEntry } from '../search/types';
import { chunkAt, CHUNKS_OF_ENTRY, PAGE_UNITS, type ChunkRow } from './chunk-rows';
import { openScanConnection } from './scan-connection';
import { scanMemory } from './scan-memory';
import { CHUNK_KEY_SPAN } from './schema';
import { FINISHED, READY, startJob, STOP, type LaneReply, type LaneRequest, type LaneWorkerData } from './scan-protocol';

/*
 * A search worker thread of a v2 file (scan-lanes.ts starts it): one read-only memory-mapped connection, opened
 * once and kept until the store closes, so its mapping stays faulted in; one whole-entry search per request, run
 * by the shared engine (search/search.ts) over the entry's chunks read as the store's reader reads them
 * (chunk-rows.ts: same statement, same row check, pages growing from one chunk). Requests run one after another.
 * A request stops at its next chunk once the main thread raised the lane's stop mark to its number (shared memory,
 * scan-lanes.ts Lane.state): the scan ends as an aborted one does, with `truncated` and a cursor.
 */

const data = workerData as LaneWorkerData;

const port = parentPort!;
const memory = scanMemory();
const state = new Int32Array(data.state);
let db: Database.Database | null = null;
let stmt: Database.Statement | null = null;
try {
  db = openScanConnection(data.path, data);
  stmt = db.prepare(CHUNKS_OF_ENTRY);
  Atomics.store(state, READY, 1); // the main thread sends jobs from now on
} catch (err) {
  db?.close();
  db = null;
  port.postMessage({ failed: err instanceof Error ? err.message : String(err) } satisfies LaneReply);
}

/** The chunks of the request's row from the one holding `fromUnit`, checking the stop mark before each. */
async function* chunksOf(s: Database.Statement, m: LaneRequest, fromUnit: number, stop: AbortController): AsyncGenerator<ContentChunk> {
  const row = m.row;
  const count = Math.ceil(row.length_units / row.chunk_units);
  const base = row.pk * CHUNK_KEY_SPAN;
  const perPage = Math.max(1, Math.floor(PAGE_UNITS / row.chunk_units));
  for (let seq = Math.floor(Math.max(0, fromUnit) / row.chunk_units), size = 1; seq < count; seq += size, size = Math.min(perPage, size * 2)) {
    const last = Math.min(count, seq + size) - 1;
    const page = s.all({ from: base + seq, to: base + last, pk: row.pk, id: row.id }) as ChunkRow[];
    // The entry went away (gc): the main thread searches it again and raises what its own read finds.
    if (page.length !== last - seq + 1) throw new Error('entry removed during the search');
    // The chunk Buffers of the pages searched are freed on this thread as it goes (scan-memory.ts).
    memory.read(page.reduce((n, c) => n + c.data.length, 0));
    for (let k = 0; k < page.length; k++) {
      if (Atomics.load(state, STOP) >= m.job) stop.abort();
      const c = chunkAt(row, seq + k, page[k]!);
      yield c.newlines === undefined
        ? { bytes: c.bytes, cpStart: c.start, cpEnd: c.end }
        : { bytes: c.bytes, cpStart: c.start, cpEnd: c.end, newlines: c.newlines, wellFormed: true };
    }
  }
}

async function run(m: LaneRequest): Promise<LaneReply> {
  if (stmt === null) return { job: m.job, result: null };
  const s = stmt;
  const stop = new AbortController();
  const entry: SearchableEntry = { id: m.row.id, kind: m.row.kind, lengthUnits: m.row.length_units, chunks: (fromUnit) => chunksOf(s, m, fromUnit, stop) };
  try {
    const r = await searchEntry(entry, m.query, { limit: m.limit, cursor: m.cursor, signal: stop.signal, previewContext: m.previewContext });
    return { job: m.job, result: { hits: r.hits, nextCursor: r.nextCursor, scannedBytes: r.scannedBytes, truncated: r.truncated } };
  } catch {
    return { job: m.job, result: null };
  }
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (m: LaneRequest | 'close') => {
  queue = queue.then(async () => {
    if (m === 'close') {
      db?.close();
      db = null;
      stmt = null;
      port.close();
      return;
    }
    // Unless the main thread took the job back first (scan-protocol.ts).
    const reply: LaneReply = startJob(state, m.job) ? await run(m) : { job: m.job, result: null };
    Atomics.store(state, FINISHED, m.job);
    port.postMessage(reply);
  });
});
