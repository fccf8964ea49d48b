import { lastCodePoints, sliceCodePoints, codePointLength } from '../../common/codepoints';
import { alignForward, countCodePoints, countNewlines } from './bytes';
import type { SearchHit } from './types';

/*
 * Turns matches found as global byte ranges of the (well-formed) byte stream into hits: code-point offset and
 * length, 1-based line, preview. It sees the stream one chunk at a time and keeps only a short tail of the bytes
 * before the current chunk, so memory stays bounded whatever the entry's size. A preview whose right context lies
 * in a later chunk stays open and is completed by the next chunks (or the end of the entry).
 */

/** Longest match shown in a preview, in code points (text) or bytes (binary). */
export const PREVIEW_MATCH_MAX = 100;
const BINARY_CONTEXT = 16;

interface Pending {
  readonly offset: number;
  readonly length: number;
  readonly line: number | null;
  readonly hs: number;
  readonly he: number;
  readonly from: number;
  readonly to: number;
  readonly parts: Buffer[];
  have: number;
}

/** Per-chunk position of the stream: where the chunk starts in bytes, code points and lines. */
export class HitEmitter {
  private recent: Buffer = Buffer.alloc(0);
  private cur: Buffer = Buffer.alloc(0);
  private curStart = 0;
  private cpStart = 0;
  private lines = 0;
  private lastLocal = 0;
  private lastCp = 0;
  private lastLines = 0;
  private readonly open: Pending[] = [];
  private readonly all: (Pending | SearchHit)[] = [];
  private readonly ctxBytes: number;
  private readonly matchBytes: number;

  /**
   * @param binary offsets in bytes, hex previews, no lines
   * @param context code points of context each side (text)
   * @param keepBefore bytes before the current chunk a scanner may still report matches in (its carry)
   * @param linesBefore `\n` count before the first chunk (resumed scans)
   */
  constructor(
    private readonly binary: boolean,
    context: number,
    private readonly keepBefore: number,
    linesBefore: number,
  ) {
    this.ctxBytes = binary ? BINARY_CONTEXT : 4 * context + 4;
    this.matchBytes = binary ? PREVIEW_MATCH_MAX : 4 * PREVIEW_MATCH_MAX + 4;
    this.context = binary ? BINARY_CONTEXT : context;
    this.lines = linesBefore;
  }

  private readonly context: number;

  /** End of the last hit in units (0 before any). */
  get lastEnd(): number {
    const p = this.all[this.all.length - 1];
    return p === undefined ? 0 : p.offset + p.length;
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
    this.curStart = start;
    this.cpStart = cpStart;
    this.lastLocal = 0;
    this.lastCp = 0;
    this.lastLines = 0;
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

  private unitsAndLinesBefore(hs: number): [number, number] {
    if (this.binary) return [this.cpStart + hs - this.curStart, 0];
    if (hs < this.curStart) {
      const tail = this.bytes(hs, this.curStart);
      return [this.cpStart - countCodePoints(tail), this.lines - countNewlines(tail)];
    }
    const local = hs - this.curStart;
    if (local < this.lastLocal) {
      this.lastLocal = 0;
      this.lastCp = 0;
      this.lastLines = 0;
    }
    this.lastCp += countCodePoints(this.cur, this.lastLocal, local);
    this.lastLines += countNewlines(this.cur, this.lastLocal, local);
    this.lastLocal = local;
    return [this.cpStart + this.lastCp, this.lines + this.lastLines];
  }

  /** Records the match at global bytes [hs, he) (he within the current chunk, hs within it or the kept tail). */
  hit(hs: number, he: number): void {
    const [offset, linesBefore] = this.unitsAndLinesBefore(hs);
    const line = this.binary ? null : linesBefore + 1;
    const a = hs - this.curStart;
    const b = he - this.curStart;
    if (!this.binary && a >= this.ctxBytes && b + this.ctxBytes <= this.cur.length && b - a <= this.matchBytes) {
      // The common case, decoded at once from offsets into the chunk (no views kept, so no chunk is retained).
      const length = countCodePoints(this.cur, a, b);
      this.all.push({ offset, length, line, preview: this.textPreview(this.cur, a - this.ctxBytes, a, b, length) });
      return;
    }
    const length = this.binary ? he - hs : countCodePoints(this.bytes(hs, he));
    const clipped = he - hs > this.matchBytes;
    const from = hs - this.ctxBytes;
    const to = clipped ? hs + this.matchBytes : he + this.ctxBytes;
    const first = Buffer.from(this.bytes(from, to));
    const p: Pending = { offset, length, line, hs, he, from: Math.max(from, this.curStart - this.recent.length, 0), to, parts: [first], have: first.length };
    this.all.push(p);
    if (p.from + p.have < to) this.open.push(p);
  }

  /** Preview from `buf`: context from byte `from` (aligned forward), match [ms, me), context after it. */
  private textPreview(buf: Buffer, from: number, ms: number, me: number, length: number): SearchHit['preview'] {
    const before = lastCodePoints(buf.toString('utf8', alignForward(buf, from), ms), this.context);
    const clipped = length > PREVIEW_MATCH_MAX;
    const match = clipped ? sliceCodePoints(buf.toString('utf8', ms, Math.min(me, ms + this.matchBytes)), 0, PREVIEW_MATCH_MAX) : buf.toString('utf8', ms, me);
    const after = clipped ? '' : sliceCodePoints(buf.toString('utf8', me, Math.min(buf.length, me + this.ctxBytes)), 0, this.context);
    return { text: before + match + after, matchStart: codePointLength(before), matchLength: clipped ? PREVIEW_MATCH_MAX : length };
  }

  /** The hits, previews completed with what was seen. */
  finish(): SearchHit[] {
    return this.all.map((p) => ('hs' in p ? { offset: p.offset, length: p.length, line: p.line, preview: this.preview(p) } : p));
  }

  private preview(p: Pending): SearchHit['preview'] {
    const buf = p.parts.length === 1 ? p.parts[0]! : Buffer.concat(p.parts);
    const ms = p.hs - p.from;
    const me = Math.min(p.he - p.from, buf.length);
    if (this.binary) {
      const a = Math.max(0, ms - BINARY_CONTEXT);
      const shown = Math.min(me - ms, PREVIEW_MATCH_MAX);
      const b = me - ms > PREVIEW_MATCH_MAX ? ms + shown : Math.min(buf.length, me + BINARY_CONTEXT);
      return { text: buf.toString('hex', a, b), matchStart: ms - a, matchLength: shown };
    }
    return this.textPreview(buf, 0, ms, me, p.length);
  }
}
