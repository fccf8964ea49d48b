import { Worker } from 'node:worker_threads';
import { REGEX_WORKER_SOURCE } from './regex-worker';

/*
 * One idle regex worker kept between searches: starting a worker costs tens of milliseconds on a busy machine,
 * which a search across many entries paid once per entry. A scanner takes the idle worker (or starts one) and
 * gives it back when its call ends normally; a worker stopped at the deadline or on abort is terminated and never
 * given back. The idle worker is unref'd, so it never keeps the process alive.
 */

let idle: Worker | null = null;

/** A started regex worker (online), the idle one when there is one; ref'd while the caller uses it. */
export async function takeRegexWorker(): Promise<Worker> {
  const kept = idle;
  if (kept !== null) {
    idle = null;
    kept.ref();
    return kept;
  }
  const worker = new Worker(REGEX_WORKER_SOURCE, { eval: true });
  worker.once('exit', () => {
    if (idle === worker) idle = null;
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('online', resolve);
    worker.once('error', reject);
  });
  return worker;
}

/** Gives back a worker that finished its last window (no message pending): kept idle, or ended when one already is. */
export async function giveBackRegexWorker(worker: Worker): Promise<void> {
  if (idle === null) {
    worker.unref();
    idle = worker;
    return;
  }
  await worker.terminate();
}
