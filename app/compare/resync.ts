import type { ByteCursor } from './byte-cursor';

const NL = 0x0a;
/** Equal lines in a row that count as "the texts agree again". */
const ANCHOR_LINES = 3;
/** Positions remembered per distinct line (repeated lines such as blank ones would otherwise cost quadratic time). */
const MAX_POSITIONS = 16;
const decoder = new TextDecoder('utf-8');

/** A differing region at the head of both cursors: its text and size on each side (nothing consumed yet). */
export interface Region {
  readonly oldText: string;
  readonly newText: string;
  readonly oldBytes: number;
  readonly newBytes: number;
  readonly oldLineCount: number;
  readonly newLineCount: number;
}

class Side {
  readonly ends: number[] = [];
  readonly lines: string[] = [];
  readonly positions = new Map<string, number[]>();
  exhausted = false;
  constructor(readonly cursor: ByteCursor) {}

  get bytes(): number {
    return this.ends.length === 0 ? 0 : (this.ends[this.ends.length - 1] as number);
  }

  /** Reads up to `count` more lines (looking ahead, not consuming); false when past `maxBytes`. */
  async read(count: number, maxBytes: number): Promise<boolean> {
    let pos = this.bytes;
    for (let added = 0; added < count && !this.exhausted;) {
      const v = this.cursor.view();
      const nl = v.indexOf(NL, pos);
      if (nl === -1) {
        if (this.cursor.ended) {
          if (pos < v.length) this.add(v, pos, v.length);
          this.exhausted = true;
          break;
        }
        if (v.length > maxBytes) return false;
        await this.cursor.fill(v.length + 65_536);
        continue;
      }
      this.add(v, pos, nl + 1);
      pos = nl + 1;
      added++;
    }
    return this.bytes <= maxBytes;
  }

  text(lineCount: number): string {
    return lineCount === 0 ? '' : decoder.decode(this.cursor.view().subarray(0, this.ends[lineCount - 1]));
  }

  private add(v: Uint8Array, from: number, to: number): void {
    const line = decoder.decode(v.subarray(from, to));
    const at = this.lines.length;
    this.lines.push(line);
    this.ends.push(to);
    const list = this.positions.get(line);
    if (list === undefined) this.positions.set(line, [at]);
    else if (list.length < MAX_POSITIONS) list.push(at);
  }
}

type Verdict = 'yes' | 'no' | 'wait';

/** Whether both sides agree on ANCHOR_LINES lines from (i, j), or on everything to both ends. */
function anchored(o: Side, n: Side, i: number, j: number): Verdict {
  for (let k = 0; k < ANCHOR_LINES; k++) {
    const oEnd = i + k >= o.lines.length;
    const nEnd = j + k >= n.lines.length;
    if (oEnd || nEnd) {
      if (oEnd && nEnd && o.exhausted && n.exhausted) return 'yes';
      if ((oEnd && o.exhausted) || (nEnd && n.exhausted)) return 'no';
      return 'wait';
    }
    if (o.lines[i + k] !== n.lines[j + k]) return 'no';
  }
  return 'yes';
}

/**
 * Finds where the texts agree again after their first differing line: the pair of line positions (i, j) with the
 * smallest i + j from which both sides hold the same ANCHOR_LINES lines (or both end), reading lines in growing
 * batches. Returns the region before it, or null when either side passes `maxRegionBytes` first. The region is
 * exact (what follows it is equal on both sides), so any anchor gives a correct diff; the smallest keeps it short.
 */
export async function findResync(oldBytes: ByteCursor, newBytes: ByteCursor, maxRegionBytes: number): Promise<Region | null> {
  const o = new Side(oldBytes);
  const n = new Side(newBytes);
  for (let batch = 64; ; batch *= 2) {
    const [okO, okN] = await Promise.all([o.read(batch, maxRegionBytes), n.read(batch, maxRegionBytes)]);
    let best: [number, number] | null = null;
    let waiting = Infinity;
    for (let i = 0; i < o.lines.length; i++) {
      if (best !== null && i >= best[0] + best[1]) break;
      for (const j of n.positions.get(o.lines[i] as string) ?? []) {
        if (best !== null && i + j >= best[0] + best[1]) break;
        if (i + j === 0) continue; // the caller hands over differing first lines; an empty region would never advance
        const v = anchored(o, n, i, j);
        if (v === 'yes') best = [i, j];
        else if (v === 'wait') waiting = Math.min(waiting, i + j);
      }
    }
    if (best === null && o.exhausted && n.exhausted) best = [o.lines.length, n.lines.length];
    // Pairs not seen yet have i >= lines read on a side that has more, so their sum is at least this bound.
    const unseen = Math.min(o.exhausted ? Infinity : o.lines.length, n.exhausted ? Infinity : n.lines.length);
    if (best !== null && best[0] + best[1] <= Math.min(unseen, waiting)) return region(o, n, best[0], best[1]);
    if (!okO || !okN) return null;
  }
}

function region(o: Side, n: Side, i: number, j: number): Region {
  return {
    oldText: o.text(i),
    newText: n.text(j),
    oldBytes: i === 0 ? 0 : (o.ends[i - 1] as number),
    newBytes: j === 0 ? 0 : (n.ends[j - 1] as number),
    oldLineCount: i,
    newLineCount: j,
  };
}
