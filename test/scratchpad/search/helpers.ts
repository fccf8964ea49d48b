import { walkSegments } from '../../../app/scratchpad/metnos-v1/utf8-segments';
import type { ContentChunk, SearchableEntry } from '../../../app/scratchpad/search/types';

/** Text entry over `bytes` (any bytes) cut every `perChunk` WHATWG segments, as a backend's chunks would be. */
export function textEntry(bytes: Uint8Array, perChunk: number, id = 'e1', withNewlines = false): SearchableEntry & { readonly chunkList: ContentChunk[] } {
  const chunkList: ContentChunk[] = [];
  let pos = 0;
  let cp = 0;
  while (pos < bytes.length || chunkList.length === 0) {
    const w = walkSegments(bytes, pos, bytes.length, true, perChunk);
    const piece = Buffer.from(bytes.subarray(pos, w.pos));
    const newlines = withNewlines ? piece.reduce((n, b) => n + (b === 10 ? 1 : 0), 0) : undefined;
    chunkList.push({ bytes: piece, cpStart: cp, cpEnd: cp + w.count, ...(newlines === undefined ? {} : { newlines }) });
    pos = w.pos;
    cp += w.count;
    if (bytes.length === 0) break;
  }
  return {
    id,
    kind: 'text',
    lengthUnits: cp,
    chunkList,
    async *chunks(from: number) {
      for (const c of chunkList) if (c.cpEnd > from || (c.cpStart === from && from === cp)) yield c;
    },
  };
}

/** Binary entry cut every `perChunk` bytes. */
export function binaryEntry(bytes: Uint8Array, perChunk: number, id = 'b1'): SearchableEntry {
  const chunkList: ContentChunk[] = [];
  for (let i = 0; i < bytes.length; i += perChunk)
    chunkList.push({ bytes: bytes.subarray(i, i + perChunk), cpStart: i, cpEnd: Math.min(bytes.length, i + perChunk) });
  return {
    id,
    kind: 'binary',
    lengthUnits: bytes.length,
    async *chunks(from: number) {
      for (const c of chunkList) if (c.cpEnd > from) yield c;
    },
  };
}

/** Reference fold of one code point: lower(upper(c)), with ß -> ss and ς -> σ (see fold.ts). */
function refFold(c: string): string {
  const f = c.toUpperCase().toLowerCase();
  return f.replace(/ß/g, 'ss').replace(/ς/g, 'σ');
}

/** A reference hit: offset and length in code points, line 1-based, the matched text. */
export interface RefHit {
  readonly offset: number;
  readonly length: number;
  readonly line: number;
}

/**
 * Leftmost non-overlapping matches by String.indexOf over the whole decoded text (case folded code point by
 * code point when `fold`, keeping only matches on code-point boundaries).
 */
export function referenceHits(text: string, needle: string, fold: boolean): RefHit[] {
  const cps = [...text];
  const parts = fold ? cps.map(refFold) : cps;
  const hay = parts.join('');
  const n = fold ? [...needle].map(refFold).join('') : needle;
  // unit offset in hay -> code point index, for boundaries only
  const cpAtUnit = new Map<number, number>();
  let u = 0;
  parts.forEach((p, i) => {
    cpAtUnit.set(u, i);
    u += p.length;
  });
  cpAtUnit.set(u, parts.length);
  const hits: RefHit[] = [];
  let from = 0;
  for (let q = hay.indexOf(n, from); q !== -1; q = hay.indexOf(n, from)) {
    const a = cpAtUnit.get(q);
    const b = cpAtUnit.get(q + n.length);
    if (a === undefined || b === undefined) {
      from = q + 1;
      continue;
    }
    hits.push({ offset: a, length: b - a, line: 1 + cps.slice(0, a).filter((c) => c === '\n').length });
    from = q + n.length;
  }
  return hits;
}

/** Reference regex hits (gu / giu flags, empty matches skipped), offsets in code points. */
export function referenceRegexHits(text: string, source: string, caseSensitive: boolean): RefHit[] {
  const re = new RegExp(source, caseSensitive ? 'gu' : 'giu');
  const hits: RefHit[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex = m.index + (text.codePointAt(m.index)! > 0xffff ? 2 : 1);
      continue;
    }
    const before = [...text.slice(0, m.index)];
    hits.push({ offset: before.length, length: [...m[0]].length, line: 1 + before.filter((c) => c === '\n').length });
  }
  return hits;
}
