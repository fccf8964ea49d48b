import { diffWordsWithSpace } from 'diff';
import type { CompareResult, CompareView, DiffHunk, SideBySideHunk, SideBySideRow, SideCell, WordSegment } from '../contract';

/** Lines longer than this (code units) are not split into words: the word diff is quadratic in the worst case. */
export const MAX_WORD_DIFF_CHARS = 4_000;

/**
 * Word-level highlight of a changed line pair (jsdiff's `diffWordsWithSpace`): the old line's segments (removed
 * words changed) and the new line's (added words changed). Null for lines over MAX_WORD_DIFF_CHARS.
 */
export function wordSegments(oldLine: string, newLine: string): { left: WordSegment[]; right: WordSegment[] } | null {
  if (oldLine.length > MAX_WORD_DIFF_CHARS || newLine.length > MAX_WORD_DIFF_CHARS) return null;
  const left: WordSegment[] = [];
  const right: WordSegment[] = [];
  for (const part of diffWordsWithSpace(oldLine, newLine)) {
    if (!part.added) left.push({ text: part.value, changed: part.removed });
    if (!part.removed) right.push({ text: part.value, changed: part.added });
  }
  return { left, right };
}

/** The unified header of a hunk, `@@ -oldStart,oldLines +newStart,newLines @@` (diff -u's 0-length quirk included). */
export function hunkHeader(h: DiffHunk): string {
  const oldStart = h.oldLines === 0 ? h.oldStart - 1 : h.oldStart;
  const newStart = h.newLines === 0 ? h.newStart - 1 : h.newStart;
  return `@@ -${oldStart},${h.oldLines} +${newStart},${h.newLines} @@`;
}

/**
 * Side-by-side rows of unified hunks: context lines on both sides; within a block of removed then added lines,
 * the k-th removed line beside the k-th added one (with word segments), the surplus alone on its side.
 */
export function sideBySide(hunks: readonly DiffHunk[]): SideBySideHunk[] {
  return hunks.map((h) => {
    const rows: SideBySideRow[] = [];
    let oldNo = h.oldStart;
    let newNo = h.newStart;
    let removed: SideCell[] = [];
    let added: SideCell[] = [];
    const flush = () => {
      for (let k = 0; k < Math.max(removed.length, added.length); k++) {
        const l = removed[k] ?? null;
        const r = added[k] ?? null;
        if (l && r) {
          const words = wordSegments(l.text, r.text);
          rows.push({ kind: 'change', left: { ...l, segments: words?.left ?? null }, right: { ...r, segments: words?.right ?? null } });
        } else rows.push({ kind: l ? 'removed' : 'added', left: l, right: r });
      }
      removed = [];
      added = [];
    };
    for (const line of h.lines) {
      const text = line.slice(1);
      if (line.startsWith('\\')) continue;
      if (line[0] === '-') removed.push({ lineNo: oldNo++, text, segments: null });
      else if (line[0] === '+') added.push({ lineNo: newNo++, text, segments: null });
      else {
        flush();
        rows.push({ kind: 'context', left: { lineNo: oldNo++, text, segments: null }, right: { lineNo: newNo++, text, segments: null } });
      }
    }
    flush();
    return { header: hunkHeader(h), rows };
  });
}

/** A comparison with the side-by-side rows of its text hunks, as the app's compare view takes it. */
export function withSideBySide(result: CompareResult): CompareView {
  return { ...result, sideBySide: result.text ? sideBySide(result.text.hunks) : [] };
}
