import type { Worker } from 'node:worker_threads';
import { codePointLength } from '../../common/codepoints';
import { countCodePoints, lastCodePointsBytes, unitOfByte } from './bytes';
import type { HitEmitter } from './emitter';
import type { ScanOutcome, StreamScanner } from './literal';
import { giveBackRegexWorker, takeRegexWorker } from './regex-pool';

/*
 * Regex search. The regex runs in a worker thread, one window (the chunk plus a carry of the code points before
 * it) per message; the main thread waits at most until the call's deadline and then terminates the worker, so a
 * catastrophic pattern costs the budget, never the thread. A worker that ends its call normally is kept for the
 * next search (regex-pool.ts). Matches are leftmost and non-overlapping (`g` flag,
 * lastIndex from the end of the previous match), empty matches are skipped. A window that is not the entry's last
 * accepts only matches starting before its last REGEX_OVERLAP code points, which start the next window: a match
 * that straddles a chunk boundary is found when it is at most REGEX_OVERLAP code points long (longer ones may be
 * cut at the boundary); lookbehinds see one code point before a window's first possible match. Known edge: a
 * cursor resuming exactly at a chunk start lets `^` match there.
 */

/** Code points carried from one window to the next. */
export const REGEX_OVERLAP = 1024;

interface Found {
  readonly index?: number;
  readonly length?: number;
  readonly done?: boolean;
}

/** Scanner for regex patterns; `close()` ends its worker. */
export class RegexScanner implements StreamScanner {
  skip = 0;
  readonly keepBefore = 4 * REGEX_OVERLAP;
  private carry: Buffer = Buffer.alloc(0);

  carriedUnits(): number {
    return countCodePoints(this.carry);
  }
  private carryFull = false;
  private worker: Worker | null = null;

  constructor(
    private readonly source: string,
    private readonly flags: string,
    private readonly lengthUnits: number,
    private readonly budgetMs: number,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Set when the worker is first online: its start-up (tens of ms on a busy machine) is not the pattern's time. */
  private deadline = 0;

  private async ready(): Promise<Worker> {
    if (this.worker !== null) return this.worker;
    const worker = await takeRegexWorker();
    this.worker = worker;
    if (this.deadline === 0) this.deadline = Date.now() + this.budgetMs;
    return worker;
  }

  async scan(cur: Buffer, start: number, emit: HitEmitter<unknown>, limit: number, cpEnd: number): Promise<ScanOutcome> {
    const ws = start - this.carry.length;
    const head = this.carry.toString('utf8');
    const text = head + cur.toString('utf8');
    const skipBytes = this.skip - ws;
    // A full carry (REGEX_OVERLAP + 1 code points) starts with one guard code point the previous window already
    // decided on, so `^` (no `m` flag) never matches at a carried window start that is not the entry's, and `\b`
    // or a one-character lookbehind sees what precedes. A shorter carry is the whole text so far.
    const guard = this.carryFull ? (text.codePointAt(0)! > 0xffff ? 2 : 1) : 0;
    const from = Math.max(guard, skipBytes <= 0 ? 0 : unitOfByte(this.carry, cur, head, skipBytes));
    const last = cpEnd >= this.lengthUnits;
    const nextCarry = last ? Buffer.alloc(0) : lastCodePointsBytes(this.carry, cur, REGEX_OVERLAP + 1);
    const carried = nextCarry.toString('utf8');
    const nextFull = !last && codePointLength(carried) === REGEX_OVERLAP + 1;
    const acceptBefore = last
      ? text.length
      : nextFull
        ? text.length - carried.length + (carried.codePointAt(0)! > 0xffff ? 2 : 1)
        : text.length - carried.length;
    const worker = await this.ready();
    const outcome = await this.run(worker, text, from, acceptBefore, ws, emit, limit);
    if (outcome === false) {
      this.carry = nextCarry;
      this.carryFull = nextFull;
    }
    return outcome;
  }

  private run(worker: Worker, text: string, from: number, acceptBefore: number, ws: number, emit: HitEmitter<unknown>, limit: number): Promise<ScanOutcome> {
    let lastUnit = 0;
    let lastByte = 0;
    return new Promise((resolve, reject) => {
      const finish = (o: ScanOutcome): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        this.signal?.removeEventListener('abort', onAbort);
        resolve(o);
      };
      const stop = (): void => {
        void worker.terminate();
        this.worker = null;
        finish('stop');
      };
      const onAbort = (): void => stop();
      const onError = (e: Error): void => {
        clearTimeout(timer);
        this.worker = null;
        reject(e);
      };
      const onMessage = (m: Found): void => {
        if (m.done === true) return finish(emit.count >= limit);
        const i = m.index!;
        lastByte += Buffer.byteLength(text.slice(lastUnit, i), 'utf8');
        lastUnit = i;
        const hs = ws + lastByte;
        const he = hs + Buffer.byteLength(text.slice(i, i + m.length!), 'utf8');
        emit.hit(hs, he);
        this.skip = he;
      };
      const timer = setTimeout(stop, Math.max(0, this.deadline - Date.now()));
      worker.on('message', onMessage);
      worker.on('error', onError);
      if (this.signal?.aborted === true) return stop();
      this.signal?.addEventListener('abort', onAbort);
      worker.postMessage({ source: this.source, flags: this.flags, text, from, acceptBefore, max: limit - emit.count });
    });
  }

  /** Gives the worker back for the next search (idempotent; a worker stopped mid-window was already ended). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w !== null) await giveBackRegexWorker(w);
  }
}
