import { z } from 'zod';
import { DEFAULT_PREVIEW_CONTEXT, MAX_PREVIEW_CONTEXT, MAX_SEARCH_HITS } from '../common/limits';
import { StepNumSchema } from './model';

/*
 * Search across entries (store `search`, IPC `search:query`, CLI `grep`, engine `scratchpad_search`).
 * Units: offsets and lengths are code points for text rows and bytes for binary rows; lines are 1-based.
 */

/** Most hits one search call returns (defined in common/limits.ts, which the renderer reads without zod). */
export { MAX_SEARCH_HITS };
/** Default hits per call. */
export const DEFAULT_SEARCH_HITS = 100;
/** Longest pattern accepted, in UTF-16 units. */
export const MAX_SEARCH_PATTERN = 1000;

/** Preview context of a text hit on each side of the match, in code points: default and most (common/limits.ts). */
export { DEFAULT_PREVIEW_CONTEXT, MAX_PREVIEW_CONTEXT };

/**
 * A search request. `pattern` is literal text, or a JavaScript regex source when `regex` is true. `caseSensitive`
 * defaults to true; false means Unicode full case folding (literal) or the `i` flag (regex). `hex`: the pattern is
 * hex digits matched as bytes (binary rows only). `id` narrows to one entry, `turnId` to one turn's entries.
 * `cursor` is the `nextCursor` of the previous call with the same query, principal and file. `previewContext`:
 * code points of a text row kept on each side of a match in its preview, 0..MAX_PREVIEW_CONTEXT (default
 * DEFAULT_PREVIEW_CONTEXT; binary rows keep 16 bytes); it changes only the previews, so a cursor stays valid with
 * another value.
 */
export const SearchRequestSchema = z.object({
  pattern: z.string().min(1).max(MAX_SEARCH_PATTERN),
  regex: z.boolean().optional(),
  caseSensitive: z.boolean().optional(),
  hex: z.boolean().optional(),
  id: z.string().min(1).max(128).optional(),
  turnId: z.string().min(1).optional(),
  limit: z.number().int().min(1).max(MAX_SEARCH_HITS).optional(),
  cursor: z.string().max(4096).optional(),
  previewContext: z.number().int().min(0).max(MAX_PREVIEW_CONTEXT).optional(),
});
/** A search request. */
export type SearchRequest = Readonly<z.infer<typeof SearchRequestSchema>>;

/** Some context around a match: `matchStart`/`matchLength` locate the match inside `text` (code points; binary: bytes, `text` hex). */
export const SearchPreviewSchema = z.object({
  text: z.string(),
  matchStart: z.number().int().nonnegative(),
  matchLength: z.number().int().nonnegative(),
});
/** Context around a match. */
export type SearchPreview = Readonly<z.infer<typeof SearchPreviewSchema>>;

/** One match in one entry. `line` is 1-based (null for binary rows); `expired` marks rows awaiting gc. */
export const SearchHitSchema = z.object({
  id: z.string(),
  turnId: z.string(),
  stepNum: StepNumSchema,
  executorName: z.string().nullable(),
  kind: z.enum(['text', 'binary']),
  offset: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
  line: z.number().int().positive().nullable(),
  preview: SearchPreviewSchema,
  expired: z.boolean(),
});
/** One match in one entry. */
export type SearchHit = Readonly<z.infer<typeof SearchHitSchema>>;

/**
 * One page of hits. `nextCursor` is non-null when the scan stopped before the end (limit, time budget, cancel);
 * `scannedBytes` counts stored bytes read by this call; `truncated` is true when a time budget or a cancel cut
 * the scan (the hits so far are returned).
 */
export const SearchResultSchema = z.object({
  hits: z.array(SearchHitSchema),
  nextCursor: z.string().nullable(),
  scannedBytes: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
/** One page of hits. */
export type SearchResult = Readonly<z.infer<typeof SearchResultSchema>>;
