import { formatPatch } from 'diff';
import type { TextDiff } from '../contract';

/**
 * The unified diff text of a line diff (`--- old`, `+++ new`, then each hunk), formatted by jsdiff's
 * `formatPatch`; '' when there is no hunk. `oldName`/`newName` label the two sides (entry ids in the CLI).
 */
export function formatUnified(diff: TextDiff, oldName: string, newName: string): string {
  if (diff.hunks.length === 0) return '';
  const patch = {
    oldFileName: oldName,
    newFileName: newName,
    oldHeader: undefined,
    newHeader: undefined,
    hunks: diff.hunks.map((h) => ({ ...h, lines: [...h.lines] })),
  };
  return formatPatch(patch, { includeIndex: false, includeUnderline: false, includeFileHeaders: true });
}
