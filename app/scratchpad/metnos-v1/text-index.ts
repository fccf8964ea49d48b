import { isUtf8 } from 'node:buffer';
import { ValueChangedError, type ByteSource, type ScanTuning } from './byte-source';
import { walkSegments } from './utf8-segments';

/** A segment boundary: code point `codePoint` of the decoded text starts at byte `byte` of the value. */
export interface Checkpoint {
  readonly byte: number;
  readonly codePoint: number;
}

/**
 * What a text value's slices need: its length in code points (as a full WHATWG UTF-8 decode counts them) and
 * checkpoints roughly every `checkpointBytes` bytes, sorted, the first always {0, 0}. `byteAligned` means every
 * byte is one code point (ASCII-like text), so code point k is byte k and no checkpoints are needed.
 */
export interface TextIndex {
  readonly codePoints: number;
  readonly byteAligned: boolean;
  readonly checkpoints: readonly Checkpoint[];
}

/** Index of a value known to decode one code point per byte (see {@link TextIndex.byteAligned}). */
export function byteAlignedIndex(byteLength: number): TextIndex {
  return { codePoints: byteLength, byteAligned: true, checkpoints: [{ byte: 0, codePoint: 0 }] };
}

/** Index of the last byte before `limit` that is not a continuation byte (always a segment start), or -1 within 4 bytes. */
function lastLeadBefore(win: Uint8Array, limit: number): number {
  for (let i = limit - 1; i >= 0 && i >= limit - 4; i--) if ((win[i]! & 0xc0) !== 0x80) return i;
  return -1;
}

/** Running state of a scan: code points so far and the checkpoints recorded. */
interface ScanState {
  codePoints: number;
  nextCheckpoint: number;
  readonly checkpoints: Checkpoint[];
  readonly checkpointBytes: number;
}

/**
 * Counts a window that is valid UTF-8 from its start up to `end` (a segment start): there every byte that is not a
 * continuation byte starts one code point. Returns false, counting nothing, when the run is not valid UTF-8.
 */
function countValidRun(win: Uint8Array, end: number, pos: number, st: ScanState): boolean {
  if (end <= 0 || !isUtf8(win.subarray(0, end))) return false;
  for (let i = 0; i < end; i++) {
    if ((win[i]! & 0xc0) === 0x80) continue;
    if (pos + i >= st.nextCheckpoint) {
      st.checkpoints.push({ byte: pos + i, codePoint: st.codePoints });
      st.nextCheckpoint = pos + i + st.checkpointBytes;
    }
    st.codePoints++;
  }
  return true;
}

/** Walks segments of `win` from `local`, recording checkpoints; returns where it stopped (a segment boundary). */
function walkWindow(win: Uint8Array, local: number, pos: number, atEnd: boolean, total: number, st: ScanState): number {
  for (;;) {
    const r = walkSegments(win, local, win.length, atEnd, Number.POSITIVE_INFINITY, st.nextCheckpoint - pos);
    st.codePoints += r.count;
    local = r.pos;
    if (pos + local < st.nextCheckpoint || pos + local >= total) return local;
    st.checkpoints.push({ byte: pos + local, codePoint: st.codePoints });
    st.nextCheckpoint = pos + local + st.checkpointBytes;
  }
}

/**
 * Scans the whole value in windows of `tuning.scanWindowBytes` and counts its code points, recording checkpoints.
 * Valid UTF-8 runs are validated natively (`isUtf8`) and counted by their lead bytes; other bytes are walked
 * segment by segment. `onNewBytes` receives every byte of the value exactly once, in order (to hash in the same
 * pass). `firstWindow`, when given, is the value's first bytes already read (saves one read).
 * Throws {@link ValueChangedError} if the value changes during the scan.
 */
export function scanText(source: ByteSource, tuning: ScanTuning, onNewBytes?: (bytes: Uint8Array) => void, firstWindow?: Uint8Array): TextIndex {
  const total = source.byteLength;
  const windowBytes = Math.max(8, tuning.scanWindowBytes(total));
  const st: ScanState = {
    codePoints: 0,
    nextCheckpoint: tuning.checkpointBytes,
    checkpoints: [{ byte: 0, codePoint: 0 }],
    checkpointBytes: tuning.checkpointBytes,
  };
  let pos = 0;
  let seenTo = 0;
  while (pos < total) {
    const win = pos === 0 && firstWindow && firstWindow.length > 0 ? firstWindow : source.read(pos, windowBytes);
    const winEnd = pos + win.length;
    if (win.length === 0 || winEnd > total || (winEnd < total && win.length < 4)) throw new ValueChangedError('value ended early');
    if (onNewBytes && winEnd > seenTo) onNewBytes(win.subarray(seenTo - pos));
    seenTo = Math.max(seenTo, winEnd);
    const atEnd = winEnd >= total;
    // The valid run must end at a segment start: the window's end, or its last lead byte that is 4+ bytes from it.
    const runEnd = atEnd ? win.length : lastLeadBefore(win, win.length - 3);
    const local = countValidRun(win, runEnd, pos, st) ? runEnd : 0;
    pos += walkWindow(win, local, pos, atEnd, total, st);
  }
  // As many code points as bytes means every segment is one byte: slices can address bytes directly.
  if (st.codePoints === total) return byteAlignedIndex(total);
  return { codePoints: st.codePoints, byteAligned: false, checkpoints: st.checkpoints };
}

/** The last checkpoint at or before code point `codePoint` and the byte where the next one starts (or the end). */
function checkpointBefore(index: TextIndex, codePoint: number, byteLength: number): { at: Checkpoint; nextByte: number } {
  const cps = index.checkpoints;
  let lo = 0;
  let hi = cps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cps[mid]!.codePoint <= codePoint) lo = mid;
    else hi = mid - 1;
  }
  return { at: cps[lo]!, nextByte: cps[lo + 1]?.byte ?? byteLength };
}

/**
 * The bytes of code points [startCp, endCp) (0 <= startCp <= endCp <= index.codePoints), cut at segment
 * boundaries so they decode on their own to exactly those code points. Reads one window from the nearest
 * checkpoint in the usual case (at most ~checkpointBytes + 4 x (endCp - startCp) bytes), never the whole value.
 * Throws {@link ValueChangedError} when the value no longer matches the index.
 */
export function readTextSlice(source: ByteSource, index: TextIndex, startCp: number, endCp: number, tuning: ScanTuning): Uint8Array {
  const total = source.byteLength;
  if (index.byteAligned) return source.read(startCp, endCp - startCp);
  const need = endCp - startCp;
  const { at, nextByte } = checkpointBefore(index, startCp, total);
  let pos = at.byte;
  let cp = at.codePoint;
  // A segment is at most 4 bytes, so the gap to startCp is at most 4 bytes per code point and below nextByte.
  const first = Math.min(total - pos, 4 * (endCp - cp), nextByte - pos + 4 * need);
  let win = source.read(pos, first);
  let local = 0;
  while (cp < startCp) {
    const r = walkSegments(win, local, win.length, pos + win.length >= total, startCp - cp);
    cp += r.count;
    local = r.pos;
    if (cp === startCp) break;
    if (pos + win.length >= total || r.pos === 0) throw new ValueChangedError('value shorter than its index');
    pos += local;
    local = 0;
    win = source.read(pos, tuning.walkWindowBytes);
  }
  if (win.length - local < 4 * need && pos + win.length < total) {
    pos += local;
    local = 0;
    win = source.read(pos, Math.min(total - pos, 4 * need));
  }
  const r = walkSegments(win, local, win.length, pos + win.length >= total, need);
  if (r.count !== need) throw new ValueChangedError('value shorter than its index');
  return win.subarray(local, r.pos);
}
