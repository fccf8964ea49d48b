import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SCAN_CACHE_KIB, SCAN_MMAP_BYTES } from '../../app/scratchpad/v2/scan-connection';
import { CHUNK_KEY_SPAN } from '../../app/scratchpad/v2/schema';
import { best } from './search-scan';

/*
 * The read floor of a literal search over a v2 file: what better-sqlite3 gives at best for "every chunk of these
 * rows, and one memchr over it", with as many threads as the store's search uses (its calling thread and its
 * lanes). Each thread has a connection opened as the search's are (read-only, memory-mapped, the same cache:
 * scan-connection.ts), reads the chunk blobs of its share of the rows (row number mod threads, as the lanes share
 * them) with a plain statement in pages of 8 chunks, and looks for one byte with Buffer.indexOf (memchr). No
 * owner check, no line counts, no hits, previews or cursors: a store search cannot be faster, so its figure over
 * this one says how much of the reading the search itself costs, and the floor over ripgrep's says what reading
 * through SQLite costs before any search code runs.
 */

/** Figures of {@link readFloor}: MiB of chunk bytes read per second (best run), and the threads used. */
export interface ReadFloor {
  readonly MBps: number;
  readonly threads: number;
}

const MiB = 2 ** 20;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('cache_size = -' + workerData.cacheKib);
db.pragma('mmap_size = ' + workerData.mmapBytes);
const page = db.prepare('SELECT data FROM chunks WHERE key BETWEEN ? AND ? ORDER BY key').pluck();
parentPort.on('message', (rows) => {
  let bytes = 0;
  let found = 0;
  for (const r of rows)
    for (let seq = 0; seq < r.chunks; seq += 8)
      for (const data of page.all(r.pk * workerData.span + seq, r.pk * workerData.span + Math.min(r.chunks, seq + 8) - 1)) {
        bytes += data.length;
        if (data.indexOf(workerData.byte) !== -1) found++;
      }
  parentPort.postMessage({ bytes, found });
});
`;

/**
 * Reads every chunk of the chunked rows of the v2 file at `path` on `threads` worker threads (see the top of this
 * file): one untimed pass (each thread's mapping faulted in), then the best of `runs` passes. `byte` is the byte
 * memchr looks for (the search's prefilter looks for its needle's rarest byte the same way). Throws when the file
 * cannot be opened or has no chunked rows.
 */
export async function readFloor(path: string, threads: number, byte: number, runs = 3): Promise<ReadFloor> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  let rows: { pk: number; chunks: number }[];
  try {
    rows = db
      .prepare("SELECT pk, (length_units + chunk_units - 1) / chunk_units AS chunks FROM observations WHERE typeof(data) != 'blob' ORDER BY pk")
      .all() as { pk: number; chunks: number }[];
  } finally {
    db.close();
  }
  if (rows.length === 0) throw new Error(`${path}: no chunked rows to read`);
  const workerData = {
    module: createRequire(import.meta.url).resolve('better-sqlite3'),
    path,
    cacheKib: SCAN_CACHE_KIB,
    mmapBytes: SCAN_MMAP_BYTES,
    span: CHUNK_KEY_SPAN,
    byte,
  };
  const workers = Array.from({ length: threads }, () => new Worker(WORKER, { eval: true, workerData }));
  try {
    const pass = async (): Promise<number> => {
      const parts = await Promise.all(
        workers.map(
          (w, k) =>
            new Promise<{ bytes: number }>((resolve, reject) => {
              w.once('message', resolve);
              w.once('error', reject);
              w.postMessage(rows.filter((r) => r.pk % threads === k));
            }),
        ),
      );
      return parts.reduce((n, p) => n + p.bytes, 0);
    };
    const bytes = await pass();
    const [ms] = await best(runs, pass);
    return { MBps: bytes / MiB / (ms / 1000), threads };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
