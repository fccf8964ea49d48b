/**
 * A bounded read buffer over an async stream of byte pieces: the unconsumed bytes stay in one growable
 * Uint8Array, so callers can look ahead (`fill`, `view`) and then drop what they are done with (`consume`).
 * Memory: the bytes looked ahead plus at most one piece.
 */
export class ByteCursor {
  private buf = new Uint8Array(0);
  private start = 0;
  private end = 0;
  private done = false;
  private readonly it: AsyncIterator<Uint8Array>;
  /** Bytes consumed so far (the absolute offset of `view()[0]`). */
  consumed = 0;

  constructor(chunks: AsyncIterable<Uint8Array>) {
    this.it = chunks[Symbol.asyncIterator]();
  }

  /** Bytes looked ahead and not consumed. */
  get available(): number {
    return this.end - this.start;
  }

  /** True once the stream ended (there may still be bytes available). */
  get ended(): boolean {
    return this.done;
  }

  /** True when the stream ended and every byte was consumed. */
  get atEnd(): boolean {
    return this.done && this.end === this.start;
  }

  /** Pulls pieces until at least `min` bytes are available or the stream ends; returns `available`. */
  async fill(min: number): Promise<number> {
    while (!this.done && this.available < min) {
      const next = await this.it.next();
      if (next.done) {
        this.done = true;
        break;
      }
      this.append(next.value);
    }
    return this.available;
  }

  /** The available bytes (a view: valid until the next fill or consume). */
  view(): Uint8Array {
    return this.buf.subarray(this.start, this.end);
  }

  /** Drops the first `n` available bytes. */
  consume(n: number): void {
    if (n < 0 || n > this.available) throw new RangeError(`consume(${n}) with ${this.available} available`);
    this.start += n;
    this.consumed += n;
  }

  /** Stops the underlying stream early (lets a store iterator release its statement). */
  async close(): Promise<void> {
    if (!this.done) {
      this.done = true;
      await this.it.return?.();
    }
  }

  private append(piece: Uint8Array): void {
    if (piece.length === 0) return;
    const live = this.end - this.start;
    if (this.end + piece.length > this.buf.length) {
      const size = live + piece.length;
      // Compact in place when that frees enough room, else grow to twice what is needed.
      const target = size * 2 <= this.buf.length ? this.buf : new Uint8Array(Math.max(size * 2, 65_536));
      target.set(this.buf.subarray(this.start, this.end), 0); // set() copies correctly within one buffer
      this.buf = target;
      this.start = 0;
      this.end = live;
    }
    this.buf.set(piece, this.end);
    this.end += piece.length;
  }
}

/** Length of the common prefix of `a` and `b`, in bytes. */
export function commonPrefixLength(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // A plain loop: the JIT compiles it to a tight compare; no Buffer, so this file stays isomorphic.
  while (i < n && a[i] === b[i]) i++;
  return i;
}
