import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/*
 * Peak anonymous memory of this process (Linux RssAnon: its heap, buffers and stacks; no file pages), sampled
 * every 2 ms by a worker thread, so a peak inside a long synchronous stretch of the main thread counts
 * too. The kernel keeps a high-water mark only of the whole RSS (VmHWM), which also counts the pages of a file
 * the process maps: those are the file's page cache, shared and reclaimable, not memory the process grew by.
 */

const MiB = 2 ** 20;

/** RssAnon of this process in bytes, or null where /proc is not at hand. */
export function rssAnon(): number | null {
  try {
    const m = /RssAnon:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m === null ? null : Number(m[1]) * 1024;
  } catch {
    return null;
  }
}

// The sampler: reads /proc/self/status (the process's, from any thread), keeps the largest RssAnon in kB.
const SAMPLER = `
const { workerData, parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const cells = new Int32Array(workerData);
parentPort.postMessage('up');
while (Atomics.load(cells, 0) === 0) {
  const m = /RssAnon:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  if (m !== null) Atomics.store(cells, 1, Math.max(Atomics.load(cells, 1), Number(m[1])));
  Atomics.wait(cells, 0, 0, 2);
}
`;

/**
 * Peak RssAnon from {@link AnonPeak.begin} to {@link AnonPeak.stop}. The start is taken once the sampler thread
 * is up, so its own memory is not counted as growth.
 */
export class AnonPeak {
  private constructor(
    private readonly cells: Int32Array,
    private readonly worker: Worker | null,
    /** RssAnon (bytes) when the measure began, null without /proc. */
    readonly start: number | null,
  ) {}

  /** Starts the sampler thread and waits for it to run. */
  static async begin(): Promise<AnonPeak> {
    const cells = new Int32Array(new SharedArrayBuffer(8));
    if (rssAnon() === null) return new AnonPeak(cells, null, null);
    const worker = new Worker(SAMPLER, { eval: true, workerData: cells.buffer });
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return new AnonPeak(cells, worker, rssAnon());
  }

  /** Stops the sampler; the growth in MiB (peak minus start), null without /proc. */
  async stop(): Promise<number | null> {
    if (this.worker === null || this.start === null) return null;
    Atomics.store(this.cells, 0, 1);
    Atomics.notify(this.cells, 0);
    await this.worker.terminate();
    const peak = Math.max(Atomics.load(this.cells, 1) * 1024, rssAnon() ?? 0);
    return (peak - this.start) / MiB;
  }
}
