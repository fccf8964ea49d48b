import { isAscii } from 'node:buffer';
import { countCodePoints, lastCodePointsBytes, unitOfByte } from './bytes';
import { foldExpansions, foldString, foldedOf, foldsIntoAscii, originOf } from './fold';
import type { HitEmitter } from './emitter';
import type { StreamScanner } from './literal';
import { FALL_BACK, RareBytePrefilter } from './prefilter';

/*
 * Case-insensitive literal search (fold.ts) over a chunked UTF-8 stream. Each chunk is searched together with a
 * carry of the code points before it that a straddling match may start in. A match must start and end on
 * code-point boundaries of the original text (a needle "s" does not match half of ß's "ss").
 * Fast path: a needle whose fold is ASCII, over a window holding none of the few characters that fold into
 * ASCII letters of the needle (ß, ſ, K, ﬁ...), is matched on the bytes, ASCII letters in either case: with the
 * rare-byte prefilter (prefilter.ts), or when it does not pay on the bytes read as Latin-1 and lowercased (one
 * byte per unit, so string offsets are byte offsets). Other windows are decoded and folded; when the fold keeps the
 * length, units map one to one, otherwise through a per-unit map.
 */

function latin1Class(cps: readonly number[]): RegExp | null {
  if (cps.length === 0) return null;
  const alts = cps.map((cp) => [...Buffer.from(String.fromCodePoint(cp), 'utf8')].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join(''));
  return new RegExp(alts.join('|'));
}

/** Scanner for `caseSensitive: false` literal patterns. */
export class CaseFoldScanner implements StreamScanner {
  skip = 0;
  readonly keepBefore: number;
  private readonly needle: string;
  private readonly ascii: boolean;
  /** UTF-8 of the characters folding into the needle's ASCII letters: a window holding one takes the folded path. */
  private readonly special: readonly Buffer[];
  private readonly prefilter: RareBytePrefilter | null;
  private readonly carryCodePoints: number;
  /** Non-ASCII needles: the ASCII runs of the fold; a window lacking one (case-insensitively) holds no match. */
  private readonly runs: readonly string[];
  private readonly runSpecial: RegExp | null;
  private carry: Buffer = Buffer.alloc(0);

  carriedUnits(): number {
    return countCodePoints(this.carry);
  }

  constructor(pattern: string) {
    this.needle = foldString(pattern);
    this.ascii = isAscii(Buffer.from(this.needle, 'utf8'));
    this.special = this.ascii ? foldsIntoAscii(this.needle).map((cp) => Buffer.from(String.fromCodePoint(cp), 'utf8')) : [];
    this.prefilter = this.ascii ? new RareBytePrefilter(Buffer.from(this.needle, 'latin1'), true) : null;
    this.runs = this.ascii ? [] : (this.needle.match(/[!-~]+/g) ?? []);
    this.runSpecial = latin1Class(foldsIntoAscii(this.runs.join('')));
    // Every original code point folds to at least one unit, so a match starts at most needle-1 code points back.
    this.carryCodePoints = Math.max(0, this.needle.length - 1);
    this.keepBefore = 4 * this.carryCodePoints;
  }

  scan(cur: Buffer, start: number, emit: HitEmitter<unknown>, limit: number): boolean {
    const ws = start - this.carry.length;
    const full = this.ascii ? this.scanLatin1(cur, ws, emit, limit) : this.scanFolded(cur, ws, emit, limit);
    if (full === true) return true;
    if (full === null && this.scanFolded(cur, ws, emit, limit)) return true;
    this.carry = lastCodePointsBytes(this.carry, cur, this.carryCodePoints);
    return false;
  }

  /** ASCII needle path; null when the window holds a character that folds into the needle's letters. */
  private scanLatin1(cur: Buffer, ws: number, emit: HitEmitter<unknown>, limit: number): boolean | null {
    const win = this.carry.length === 0 ? cur : Buffer.concat([this.carry, cur]);
    for (const seq of this.special) if (win.indexOf(seq) !== -1) return null;
    const n = this.needle.length;
    const prefilter = this.prefilter!;
    prefilter.beginChunk();
    let from = Math.max(0, this.skip - ws);
    for (let p = prefilter.find(win, from); p !== -1; p = prefilter.find(win, from)) {
      if (p === FALL_BACK) return this.scanLowered(win, from, ws, emit, limit);
      emit.hit(ws + p, ws + p + n);
      this.skip = ws + p + n;
      if (emit.count >= limit) return true;
      from = p + n;
    }
    return false;
  }

  /** The rest of the window from byte `from`, read as Latin-1 and lowercased (the prefilter did not pay). */
  private scanLowered(win: Buffer, from: number, ws: number, emit: HitEmitter<unknown>, limit: number): boolean {
    const low = win.toString('latin1').toLowerCase();
    const n = this.needle.length;
    for (let p = low.indexOf(this.needle, from); p !== -1; p = low.indexOf(this.needle, from)) {
      emit.hit(ws + p, ws + p + n);
      this.skip = ws + p + n;
      if (emit.count >= limit) return true;
      from = p + n;
    }
    return false;
  }

  /** Decodes and folds the window; maps matches back to byte offsets of the original. */
  private scanFolded(cur: Buffer, ws: number, emit: HitEmitter<unknown>, limit: number): boolean {
    if (!this.ascii && isAscii(cur) && isAscii(this.carry)) return false; // ASCII folds to ASCII: no match here
    if (this.runs.length > 0) {
      // Folding a non-ASCII text costs far more than this byte-level check that the needle's ASCII runs occur.
      const lat = this.carry.toString('latin1') + cur.toString('latin1');
      if (this.runSpecial === null || !this.runSpecial.test(lat)) {
        const low = lat.toLowerCase();
        if (this.runs.some((r) => low.indexOf(r) === -1)) return false;
      }
    }
    const head = this.carry.toString('utf8');
    const text = head + cur.toString('utf8');
    // Unit index where scanning may start: the skip point, when it lies inside the window.
    const skipBytes = this.skip - ws;
    const fromUnit = skipBytes <= 0 ? 0 : unitOfByte(this.carry, cur, head, skipBytes);
    const simple = foldString(text);
    const n = this.needle.length;
    // Units map one to one unless the fold changed the length; then through the (few) expansions, found only
    // when the needle occurs at all.
    if (simple.length !== text.length && simple.indexOf(this.needle) === -1) return false;
    const map = simple.length === text.length ? null : foldExpansions(text);
    const folded = simple;
    let from = map === null ? fromUnit : foldedOf(map, fromUnit);
    let lastUnit = 0;
    let lastByte = 0;
    for (let q = folded.indexOf(this.needle, from); q !== -1; q = folded.indexOf(this.needle, from)) {
      const a = map === null ? null : originOf(map, q);
      const b = map === null ? null : originOf(map, q + n);
      if (a !== null && b !== null && (!a.start || !b.start)) {
        from = q + 1;
        continue;
      }
      const u0 = a === null ? q : a.unit;
      const u1 = b === null ? q + n : b.unit;
      lastByte += Buffer.byteLength(text.slice(lastUnit, u0), 'utf8');
      const hs = ws + lastByte;
      const he = hs + Buffer.byteLength(text.slice(u0, u1), 'utf8');
      lastUnit = u0;
      emit.hit(hs, he);
      this.skip = he;
      if (emit.count >= limit) return true;
      from = q + n;
    }
    return false;
  }
}
