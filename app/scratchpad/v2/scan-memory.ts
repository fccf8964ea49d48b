import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * What a scan does with the chunk Buffers it is done with. better-sqlite3 copies every blob it returns into a new
 * Buffer (memory outside V8's heap, ~32 KiB for a v2 text chunk), freed only when a collection finds the Buffer
 * dead. Left to V8, two things make a scan slow:
 * - V8 starts a collection for memory outside the heap only past ~64 MiB of it, so every chunk is copied into
 *   memory no cache holds any more;
 * - V8 frees that memory on one of its background threads (concurrent array-buffer sweeping): on two cores that
 *   thread takes turns with the scanning threads, and the memory is freed into the scanning thread's malloc arena
 *   from another thread.
 * So every COLLECT_BYTES of chunks a scan runs a young-generation collection (the chunk Buffers are young) whose
 * array-buffer sweep runs on the scanning thread itself: the memory of the chunks just searched is free for the
 * next ones while it is still in the cache. The sweep is moved to this thread for that one collection only
 * (V8's flag is the process's; it is set back at once), so nothing else in the process changes behaviour.
 * Measured on the bench's 1 GiB file (two cores, one search worker), the four ways alternated in one process,
 * 8 rounds: median 5,196 MiB/s with neither, 4,972 with the collection alone, 5,739 with both (faster than neither
 * in 7 of 8 rounds); one 100 MiB entry with 71,000 hits costs 3-8% more (pages of 1,000 hits: a collection every
 * ~11 pages). What V8's background sweep costs shows plainest without a search: bench/lib/read-floor.ts with the
 * flag off for the whole process read 6,137 -> 8,431 MiB/s with two threads.
 */

/** Bytes of chunks read between two collections (the worker's young generation is 2 MiB: scan-lanes.ts). */
export const COLLECT_BYTES = 16 * 1024 * 1024;

/** A young-generation collection of this thread's heap, as V8's exposed `gc({ type: 'minor' })` runs one. */
export type MinorCollect = () => void;

/** What a {@link ScanMemory} runs: the collection, and the V8 flag setter (node:v8 `setFlagsFromString`). */
export interface ScanMemoryHooks {
  /** The collection, or null when this runtime has none to give (then nothing is collected). */
  readonly collect: MinorCollect | null;
  readonly setFlags: (flags: string) => void;
}

/** Counts the chunk bytes one thread's scans read and collects every {@link COLLECT_BYTES}; see the top of this file. */
export class ScanMemory {
  private since = 0;

  constructor(
    private readonly hooks: ScanMemoryHooks,
    private readonly every = COLLECT_BYTES,
  ) {}

  /** Called with the bytes of each chunk (or page of chunks) a scan read; collects once `every` bytes were read. */
  read(bytes: number): void {
    this.since += bytes;
    if (this.since < this.every) return;
    this.since = 0;
    const collect = this.hooks.collect;
    if (collect === null) return;
    this.hooks.setFlags('--no-concurrent-array-buffer-sweeping');
    try {
      collect();
    } finally {
      this.hooks.setFlags('--concurrent-array-buffer-sweeping');
    }
  }
}

/**
 * V8's `gc` for this thread: the global one when the process runs with --expose-gc, else one taken from a new
 * context created while --expose-gc is set (that flag only gives new contexts a `gc`), the flag then set back, so
 * no later context gets one. Null when neither works (a runtime that refuses the flag).
 */
export function minorCollect(): MinorCollect | null {
  const own = (globalThis as { gc?: unknown }).gc;
  const make = (gc: unknown): MinorCollect | null => (typeof gc === 'function' ? () => (gc as (options: { type: 'minor' }) => void)({ type: 'minor' }) : null);
  if (typeof own === 'function') return make(own);
  try {
    // Another thread doing the same may unset the flag between our two steps: then try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      setFlagsFromString('--expose-gc');
      try {
        const collect = make(runInNewContext('gc'));
        if (collect !== null) return collect;
      } finally {
        setFlagsFromString('--no-expose-gc');
      }
    }
    return null;
  } catch {
    return null;
  }
}

let threadMemory: ScanMemory | undefined;

/** This thread's {@link ScanMemory} (module state: each worker thread has its own), made on first use. */
export function scanMemory(): ScanMemory {
  threadMemory ??= new ScanMemory({ collect: minorCollect(), setFlags: setFlagsFromString });
  return threadMemory;
}
