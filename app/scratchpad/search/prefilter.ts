/*
 * Finding a short needle in a chunk fast: rather than Buffer.indexOf(needle), which walks the needle's first
 * byte (in text often a common letter), look for the needle's rarest byte with Buffer.indexOf(byte) (memchr,
 * many GB/s) and check the whole needle around each occurrence: the "rare byte" prefilter of fast literal
 * scanners. Rarity is taken from the first chunk seen (a byte histogram), so it fits the text at hand. When the
 * rare byte turns out frequent in a chunk (many candidates that fail), the chunk falls back to the plain scan.
 * With `caseless`, ASCII letters of the needle match either case (the needle is given lowercase); the rare byte
 * is then looked for in both cases.
 */

const SAMPLE_BYTES = 16_384;
/** Candidates that fail before a chunk falls back: a few per KiB of chunk, never fewer than 32. */
const missBudget = (length: number): number => 32 + (length >>> 8);

const isLower = (b: number): boolean => b >= 0x61 && b <= 0x7a;

/*
 * The byte picked for a needle, remembered for the next searches of it: every page of a paged search makes a new
 * scanner, and the histogram of a 16 KiB sample cost more than the rest of a short page. Only the speed depends on
 * the pick (any needle byte finds the same matches), so a pick from an earlier entry's text is safe. Bounded: the
 * map is emptied when it holds PICKS_KEPT needles.
 */
const PICKS_KEPT = 256;
const picks = new Map<string, number>();

/** What {@link RareBytePrefilter.find} answers when the chunk should be scanned the plain way. */
export const FALL_BACK = -2;

/** Rare-byte search for one needle over many chunks; see the top of this file. */
export class RareBytePrefilter {
  private at = -1;
  private lo = -1;
  private up = -1;
  private misses = 0;

  /** @param needle the bytes to find (lowercase ASCII letters when `caseless`) */
  constructor(
    private readonly needle: Buffer,
    private readonly caseless: boolean,
  ) {}

  /** Picks the needle byte rarest in `sample` (both cases counted for a caseless letter), or the one picked before. */
  private choose(sample: Buffer): void {
    const key = `${this.caseless ? 'i' : 's'}${this.needle.toString('latin1')}`;
    const known = picks.get(key);
    if (known === undefined) {
      this.at = this.rarest(sample);
      if (picks.size >= PICKS_KEPT) picks.clear();
      picks.set(key, this.at);
    } else this.at = known;
    this.lo = this.needle[this.at]!;
    this.up = this.caseless && isLower(this.lo) ? this.lo - 0x20 : -1;
  }

  /** Index in the needle of its byte rarest in `sample`. */
  private rarest(sample: Buffer): number {
    const counts = new Uint32Array(256);
    const end = Math.min(sample.length, SAMPLE_BYTES);
    for (let i = 0; i < end; i++) counts[sample[i]!]!++;
    let best = Infinity;
    let at = 0;
    for (let i = this.needle.length - 1; i >= 0; i--) {
      const b = this.needle[i]!;
      const c = counts[b]! + (this.caseless && isLower(b) ? counts[b - 0x20]! : 0);
      if (c < best) [best, at] = [c, i];
    }
    return at;
  }

  private matchesAt(buf: Buffer, s: number): boolean {
    const needle = this.needle;
    if (!this.caseless) {
      for (let i = 0; i < needle.length; i++) if (buf[s + i] !== needle[i]) return false;
      return true;
    }
    for (let i = 0; i < needle.length; i++) {
      const b = buf[s + i]!;
      if ((b >= 0x41 && b <= 0x5a ? b + 0x20 : b) !== needle[i]) return false;
    }
    return true;
  }

  /** Starts a new chunk: its false candidates are counted afresh (a backend may reuse one buffer). */
  beginChunk(): void {
    this.misses = 0;
  }

  /**
   * First start s >= `from` with the needle at bytes [s, s + needle length) of `buf`, -1 when none, or
   * {@link FALL_BACK} when this chunk (since {@link beginChunk}) holds too many false candidates (the caller then
   * scans the rest of it the plain way).
   */
  find(buf: Buffer, from: number): number {
    if (this.at === -1) this.choose(buf);
    const n = this.needle.length;
    const budget = missBudget(buf.length);
    let pa = buf.indexOf(this.lo, from + this.at);
    let pb = this.up === -1 ? -1 : buf.indexOf(this.up, from + this.at);
    for (;;) {
      let p: number;
      if (pb === -1 || (pa !== -1 && pa < pb)) p = pa;
      else p = pb;
      if (p === -1) return -1;
      const s = p - this.at;
      if (s + n > buf.length) return -1;
      if (this.matchesAt(buf, s)) return s;
      if (++this.misses > budget) return FALL_BACK;
      if (p === pa) pa = buf.indexOf(this.lo, p + 1);
      else pb = buf.indexOf(this.up, p + 1);
    }
  }
}
