import { countCodePoints, countCodePointsAndNewlines, countNewlines, type UnitAndLineCount } from './bytes';
import { createSimdCounter, type SimdCounter } from './simd-count';
import type { HitPreview, SearchHit } from './types';

/*
 * Turns matches found as global byte ranges of the (well-formed) byte stream into hits: code-point offset and
 * length, 1-based line, preview. It sees the stream one chunk at a time and keeps only a short tail of the bytes
 * before the current chunk, so memory stays bounded whatever the entry's size. A preview whose right context lies
 * in a later chunk stays open and is completed by the next chunks (or the end of the entry).
 */

/** Longest match shown in a preview, in code points (text) or bytes (binary). */
export const PREVIEW_MATCH_MAX = 100;
const BINARY_CONTEXT = 16;
/** Gaps between hits at least this long are counted by the SIMD counter (shorter ones cost less in JavaScript). */
const SIMD_GAP = 256;

/*
 * One counter for the process (its memory holds one chunk): searches interleave at their awaits, so the chunk in
 * it is named by (emitter, chunk number) and copied in again when another emitter's chunk is there.
 */
let counter: SimdCounter | null | undefined;
let loadedBy = 0;
let emitters = 0;
let loadedChunk = -1;

/** A hit whose preview waits for bytes: its place in the page, its numbers, and the bytes seen so far. */
interface Pending {
  readonly index: number;
  readonly offset: number;
  readonly line: number | null;
  readonly hs: number;
  readonly he: number;
  readonly from: number;
  readonly to: number;
  readonly length: number;
  readonly parts: Buffer[];
  have: number;
}

/**
 * Makes the hit object of one match (offset and length in units, 1-based line or null, preview): the caller's
 * own shape, built once per hit (the store core adds the entry's names here instead of copying every hit).
 */
export type HitFactory<H> = (offset: number, length: number, line: number | null, preview: SearchHit['preview']) => H;

/*
 * Hits and previews are class instances, not object literals: V8 tracks an object literal's allocation site and,
 * once most of its objects outlived a few young-generation collections (a page of hits kept while a long scan
 * reads on, as a rare needle's are), allocates every later object of that site in the old generation, for good.
 * A dense search then made 70,000 old objects per 100 MiB, each preview string a pointer from old to young space:
 * the scavenges took 10-20 ms each instead of ~1 and the whole search ran twice as long. A constructor call has no
 * such site, so its objects stay young whatever ran before.
 */

/** A hit's preview as the engine makes it (see above: a class so that it is always allocated young). */
export class Preview implements HitPreview {
  // `declare`: assigned in the constructor only (a declared class field is defined as undefined first, per call).
  declare readonly text: string;
  declare readonly matchStart: number;
  declare readonly matchLength: number;

  /**
   * @param text the context and the match
   * @param matchStart where the match starts in `text` (code points; binary: bytes)
   * @param matchLength the match's length shown (code points or bytes, at most {@link PREVIEW_MATCH_MAX})
   */
  constructor(text: string, matchStart: number, matchLength: number) {
    this.text = text;
    this.matchStart = matchStart;
    this.matchLength = matchLength;
  }
}

/** The engine's own hit shape (a class, as {@link Preview}). */
class PlainHit implements SearchHit {
  declare readonly offset: number;
  declare readonly length: number;
  declare readonly line: number | null;
  declare readonly preview: HitPreview;

  constructor(offset: number, length: number, line: number | null, preview: HitPreview) {
    this.offset = offset;
    this.length = length;
    this.line = line;
    this.preview = preview;
  }
}

/** The engine's own hit shape. */
export const plainHit: HitFactory<SearchHit> = (offset, length, line, preview) => new PlainHit(offset, length, line, preview);

/** Per-chunk position of the stream: where the chunk starts in bytes, code points and lines. */
export class HitEmitter<H> {
  private recent: Buffer = Buffer.alloc(0);
  private cur: Buffer = Buffer.alloc(0);
  /** The current text chunk as a DataView (4-byte reads at any alignment), made when a preview needs it. */
  private view: DataView | null = null;
  private curStart = 0;
  private cpStart = 0;
  private lines = 0;
  private lastLocal = 0;
  private lastCp = 0;
  private lastLines = 0;
  /** Where the last located match starts: its code point and the `\n`s before it (set by {@link locate}). */
  private atCp = 0;
  private atLines = 0;
  /** Chunks begun so far: names the current chunk for the shared SIMD counter. */
  private chunkNo = 0;
  /** This emitter's number for the shared SIMD counter (a number, so the counter keeps no emitter alive). */
  private readonly serial = ++emitters;
  private readonly open: Pending[] = [];
  private readonly pending: Pending[] = [];
  private readonly gap: UnitAndLineCount = { codePoints: 0, newlines: 0 };
  /** The hits in order; a pending one's place holds null until {@link finish}. */
  private readonly all: (H | null)[] = [];
  /** End of the last hit in units. */
  private end_ = 0;
  private readonly ctxBytes: number;
  private readonly matchBytes: number;
  private readonly context: number;

  /**
   * @param binary offsets in bytes, hex previews, no lines
   * @param context code points of context each side (text)
   * @param keepBefore bytes before the current chunk a scanner may still report matches in (its carry)
   * @param linesBefore `\n` count before the first chunk (resumed scans)
   * @param make builds each hit
   */
  constructor(
    private readonly binary: boolean,
    context: number,
    private readonly keepBefore: number,
    linesBefore: number,
    private readonly make: HitFactory<H>,
  ) {
    this.ctxBytes = binary ? BINARY_CONTEXT : 4 * context + 4;
    this.matchBytes = binary ? PREVIEW_MATCH_MAX : 4 * PREVIEW_MATCH_MAX + 4;
    this.context = binary ? BINARY_CONTEXT : context;
    this.lines = linesBefore;
  }

  /** End of the last hit in units (0 before any). */
  get lastEnd(): number {
    return this.end_;
  }

  /** Hits recorded so far. */
  get count(): number {
    return this.all.length;
  }

  /** Lines before the current chunk (`\n` count). */
  get linesAtChunk(): number {
    return this.lines;
  }

  /** True while some preview still waits for bytes of later chunks. */
  get wantsMore(): boolean {
    return this.open.length > 0;
  }

  /** Starts chunk `bytes` (well-formed for text) at global byte `start` and code point `cpStart`; feeds open previews. */
  begin(bytes: Buffer, start: number, cpStart: number): void {
    this.cur = bytes;
    this.view = null;
    this.curStart = start;
    this.cpStart = cpStart;
    this.lastLocal = 0;
    this.lastCp = 0;
    this.lastLines = 0;
    this.chunkNo++;
    for (let k = this.open.length - 1; k >= 0; k--) {
      const p = this.open[k]!;
      const b = Math.min(p.to, start + bytes.length);
      if (b > start) p.parts.push(Buffer.from(bytes.subarray(Math.max(0, p.from + p.have - start), b - start)));
      p.have = b - p.from;
      if (b >= p.to) this.open.splice(k, 1);
    }
  }

  /** Ends the current chunk; `newlines` is its `\n` count when the backend knows it. */
  end(newlines?: number): void {
    if (!this.binary) this.lines += newlines ?? countNewlines(this.cur);
    const keep = this.keepBefore + this.ctxBytes;
    if (this.cur.length >= keep) this.recent = Buffer.from(this.cur.subarray(this.cur.length - keep));
    else {
      const joined = Buffer.concat([this.recent, this.cur]);
      this.recent = joined.subarray(Math.max(0, joined.length - keep));
    }
  }

  /** Bytes [a, b) of recent + current chunk (clipped to what is held). */
  private bytes(a: number, b: number): Buffer {
    const rs = this.curStart - this.recent.length;
    a = Math.max(a, rs);
    b = Math.min(b, this.curStart + this.cur.length);
    if (b <= a) return Buffer.alloc(0);
    if (a >= this.curStart) return this.cur.subarray(a - this.curStart, b - this.curStart);
    if (b <= this.curStart) return this.recent.subarray(a - rs, b - rs);
    return Buffer.concat([this.recent.subarray(a - rs), this.cur.subarray(0, b - this.curStart)]);
  }

  /**
   * Sets {@link atCp} and {@link atLines} for a match starting at global byte `hs`, counted from the previous
   * hit of the chunk (or its start): each byte before a hit is counted once.
   */
  private locate(hs: number): void {
    if (this.binary) {
      this.atCp = this.cpStart + hs - this.curStart;
      return;
    }
    if (hs < this.curStart) {
      const tail = this.bytes(hs, this.curStart);
      this.atCp = this.cpStart - countCodePoints(tail);
      this.atLines = this.lines - countNewlines(tail);
      return;
    }
    const local = hs - this.curStart;
    if (local < this.lastLocal) {
      this.lastLocal = 0;
      this.lastCp = 0;
      this.lastLines = 0;
    }
    this.countGap(this.lastLocal, local);
    this.lastCp += this.gap.codePoints;
    this.lastLines += this.gap.newlines;
    this.lastLocal = local;
    this.atCp = this.cpStart + this.lastCp;
    this.atLines = this.lines + this.lastLines;
  }

  /** Code points and `\n`s of bytes [a, b) of the current chunk into `gap`. */
  private countGap(a: number, b: number): void {
    if (b - a >= SIMD_GAP) {
      if (counter === undefined) counter = createSimdCounter();
      if (counter !== null) {
        if (loadedBy !== this.serial || loadedChunk !== this.chunkNo) {
          counter.load(this.cur);
          loadedBy = this.serial;
          loadedChunk = this.chunkNo;
        }
        counter.count(a, b, this.gap);
        return;
      }
    }
    countCodePointsAndNewlines(this.cur, a, b, this.gap);
  }

  /** Records the match at global bytes [hs, he) (he within the current chunk, hs within it or the kept tail). */
  hit(hs: number, he: number): void {
    this.locate(hs);
    const offset = this.atCp;
    const line = this.binary ? null : this.atLines + 1;
    const a = hs - this.curStart;
    const b = he - this.curStart;
    if (!this.binary && a >= this.ctxBytes && b + this.ctxBytes <= this.cur.length && b - a <= this.matchBytes) {
      // The common case, decoded at once from offsets into the chunk (no views kept, so no chunk is retained).
      const length = countCodePoints(this.cur, a, b);
      this.end_ = offset + length;
      this.all.push(this.make(offset, length, line, this.chunkPreview(a, b, length)));
      return;
    }
    const length = this.binary ? he - hs : countCodePoints(this.bytes(hs, he));
    this.end_ = offset + length;
    const clipped = he - hs > this.matchBytes;
    const from = hs - this.ctxBytes;
    const to = clipped ? hs + this.matchBytes : he + this.ctxBytes;
    const first = Buffer.from(this.bytes(from, to));
    const p: Pending = {
      index: this.all.length,
      offset,
      line,
      hs,
      he,
      from: Math.max(from, this.curStart - this.recent.length, 0),
      to,
      length,
      parts: [first],
      have: first.length,
    };
    this.all.push(null);
    this.pending.push(p);
    if (p.from + p.have < to) this.open.push(p);
  }

  /**
   * True when bytes [i, i + n) of the current chunk (inside it) are all ASCII, read 4 at a time (the last word
   * overlapping the one before).
   */
  private ascii(i: number, n: number): boolean {
    let acc = 0;
    if (n >= 4) {
      // Made on the first preview of the chunk: most chunks of a rare needle's scan have none.
      const view = (this.view ??= new DataView(this.cur.buffer, this.cur.byteOffset, this.cur.byteLength));
      const last = i + n - 4;
      for (let k = i; k < last; k += 4) acc |= view.getUint32(k, true);
      acc |= view.getUint32(last, true);
    } else for (let k = i; k < i + n; k++) acc |= this.cur[k]!;
    return (acc & 0x80808080) === 0;
  }

  /**
   * Preview of the match at bytes [a, b) of the current chunk (`length` code points), context within the chunk
   * (the caller checked that `ctxBytes` bytes each side are in it, so `context` code points each side always are).
   * Each side is taken on its own: `context` bytes when they are ASCII (most text), else walked code point by code
   * point; a hit with one non-ASCII side walks only that side.
   */
  private chunkPreview(a: number, b: number, length: number): SearchHit['preview'] {
    if (length > PREVIEW_MATCH_MAX) return this.textPreview(this.cur, a - this.ctxBytes, a, b, length);
    const c = this.context;
    const buf = this.cur;
    const asciiBefore = this.ascii(a - c, c);
    const asciiAfter = this.ascii(b, c);
    const s = asciiBefore ? a - c : codePointsBack(buf, a, c);
    const e = asciiAfter ? b + c : codePointsForward(buf, b, c);
    // All ASCII (match included): latin1 decodes the same string for less.
    return new Preview(asciiBefore && asciiAfter && b - a === length ? buf.toString('latin1', s, e) : buf.toString('utf8', s, e), c, length);
  }

  /**
   * Preview from `buf`: up to `context` code points before the match [ms, me) (none before byte `from`, no
   * partial one), the match (clipped to 100 code points), up to `context` code points after it. Walks the bytes
   * and decodes once.
   */
  private textPreview(buf: Buffer, from: number, ms: number, me: number, length: number): SearchHit['preview'] {
    const lo = Math.max(0, from);
    let a = ms;
    let before = 0;
    while (before < this.context) {
      let b = a - 1;
      while (b >= lo && (buf[b]! & 0xc0) === 0x80) b--;
      if (b < lo) break;
      a = b;
      before++;
    }
    const clipped = length > PREVIEW_MATCH_MAX;
    let e = clipped ? ms : me;
    const hi = clipped ? Math.min(me, ms + this.matchBytes) : Math.min(buf.length, me + this.ctxBytes);
    for (let k = 0, n = clipped ? PREVIEW_MATCH_MAX : this.context; k < n && e < hi; k++) {
      e++;
      while (e < hi && (buf[e]! & 0xc0) === 0x80) e++;
    }
    return new Preview(buf.toString('utf8', a, e), before, clipped ? PREVIEW_MATCH_MAX : length);
  }

  /** The hits, previews completed with what was seen. */
  finish(): H[] {
    for (const p of this.pending) this.all[p.index] = this.make(p.offset, p.length, p.line, this.preview(p));
    return this.all as H[];
  }

  private preview(p: Pending): SearchHit['preview'] {
    const buf = p.parts.length === 1 ? p.parts[0]! : Buffer.concat(p.parts);
    const ms = p.hs - p.from;
    const me = Math.min(p.he - p.from, buf.length);
    if (this.binary) {
      const a = Math.max(0, ms - BINARY_CONTEXT);
      const shown = Math.min(me - ms, PREVIEW_MATCH_MAX);
      const b = me - ms > PREVIEW_MATCH_MAX ? ms + shown : Math.min(buf.length, me + BINARY_CONTEXT);
      return new Preview(buf.toString('hex', a, b), ms - a, shown);
    }
    return this.textPreview(buf, 0, ms, me, p.length);
  }
}

/** Byte where the `n` code points of well-formed UTF-8 before byte `i` of `buf` begin (the caller knows they are there). */
function codePointsBack(buf: Buffer, i: number, n: number): number {
  for (let k = 0; k < n; k++) {
    i--;
    while ((buf[i]! & 0xc0) === 0x80) i--;
  }
  return i;
}

/** Byte after the `n` code points of well-formed UTF-8 from byte `i` of `buf` (the caller knows they are there). */
function codePointsForward(buf: Buffer, i: number, n: number): number {
  for (let k = 0; k < n; k++) {
    i++;
    while ((buf[i]! & 0xc0) === 0x80) i++;
  }
  return i;
}
