import type { SearchHit } from '../../../../app/contract';
import { DEFAULT_PREVIEW_CONTEXT, MAX_PREVIEW_CONTEXT } from '../../../../app/common/limits';

/** Code points of context the Search page asks the store for on each side of a match (`previewContext`). */
export const SEARCH_PREVIEW_CONTEXT = MAX_PREVIEW_CONTEXT;
/**
 * Code points of context before a match the Search page shows at most: the match stays near the row's start at
 * any window width, and the context after it fills the rest of the row (cut by the row's width).
 */
export const SHOWN_BEFORE = 50;
/** At most this many code points of a cut context are dropped to start or end the preview at a word boundary. */
const WORD_SLACK = 12;

/** A hit's preview as shown: context before, the match, context after; `…` marks ends the store cut. */
export type PreviewParts = { readonly before: string; readonly match: string; readonly after: string };

/**
 * The parts of a search hit's preview to show on one row. `context` is the `previewContext` the preview was asked
 * with (code points each side); at most `shownBefore` code points of the context before the match are kept.
 * Newlines read as ↵ (a CR of CRLF is dropped), indices in code points as the store gives them. For text hits, an
 * end that was cut (context before the match when the match is not at that distance from the entry's start, or
 * longer than `shownBefore`; a full context after it) starts or ends with "…", moved to the nearest space within a
 * few code points so it does not cut a word. The match itself is never shortened. Binary previews (hex) are shown
 * as given.
 */
export function previewParts(
  hit: Pick<SearchHit, 'kind' | 'offset' | 'preview'>,
  context: number = DEFAULT_PREVIEW_CONTEXT,
  shownBefore: number = Number.POSITIVE_INFINITY,
): PreviewParts {
  const { text, matchStart, matchLength } = hit.preview;
  const points = Array.from(text).map((c) => (c === '\n' ? '↵' : c === '\r' ? '' : c));
  let before = points.slice(0, matchStart);
  const match = points.slice(matchStart, matchStart + matchLength).join('');
  let after = points.slice(matchStart + matchLength);
  if (hit.kind !== 'text') return { before: before.join(''), match, after: after.join('') };
  const cutStart = hit.offset > matchStart || before.length > shownBefore;
  if (before.length > shownBefore) before = before.slice(before.length - shownBefore);
  const cutEnd = after.length >= context && after.length > 0;
  if (cutStart) {
    const space = before.slice(0, WORD_SLACK).findIndex(isBreak);
    if (space >= 0 && space < before.length - 1) before = before.slice(space + 1);
    while (before.length > 0 && before[0] === ' ') before = before.slice(1);
    before = ['…', ...before];
  }
  if (cutEnd) {
    const from = Math.max(0, after.length - WORD_SLACK);
    const tail = after.slice(from);
    const space = tail.length - 1 - [...tail].reverse().findIndex(isBreak);
    if (space < tail.length && from + space > 0) after = after.slice(0, from + space);
    while (after.length > 0 && after[after.length - 1] === ' ') after = after.slice(0, -1);
    after = [...after, '…'];
  }
  return { before: before.join(''), match, after: after.join('') };
}

function isBreak(c: string): boolean {
  return c === ' ' || c === '↵' || c === '\t';
}
