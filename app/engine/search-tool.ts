import { z } from 'zod';
import type { ErrorShape } from '../contract';
import { PREVIEW_MATCH_MAX } from '../scratchpad/search/emitter';
import { deepFreeze, parseToolArgs, type ToolDeclaration } from './tool';

/*
 * The `scratchpad_search` tool, declared next to scratchpad_read and in its style (offered under the same rule:
 * only when the user has live rows in the turn, searching only those rows); served by `handleScratchpadSearch`
 * (search.ts).
 */

/** Most hits one call returns. */
export const SEARCH_TOOL_MAX_HITS = 50;
/** Default hits per call. */
export const SEARCH_TOOL_DEFAULT_HITS = 20;
/** Context each side of a match in a preview, code points: with the match (at most 100) a preview is <= 200. */
export const SEARCH_TOOL_PREVIEW_CONTEXT = 50;
/** Longest pattern, UTF-16 units. */
export const SEARCH_TOOL_MAX_PATTERN = 1_000;

const MAX_ID_LENGTH = 128;
const MAX_CURSOR_LENGTH = 1_000;

/**
 * The `scratchpad_search` tool declaration. Offsets in hits are code points (bytes for binary entries), lines
 * 1-based; each hit's preview holds at most 200 code points. Arguments are checked by
 * {@link ScratchpadSearchArgsSchema}, which accepts exactly what this schema does.
 */
export const SCRATCHPAD_SEARCH_TOOL: ToolDeclaration = deepFreeze({
  name: 'scratchpad_search',
  description:
    'Search the large tool observations of this turn that were stored in the scratchpad instead of being shown ' +
    'to you. Returns up to 50 hits, each with its scratchpad_id, line, offset (in characters) and a short ' +
    'preview around the match; read more around a hit with scratchpad_read (mode "range", or "lines"). When the ' +
    'result has a "nextCursor", call again with the same arguments and that cursor for more hits.',
  parameters: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        minLength: 1,
        maxLength: SEARCH_TOOL_MAX_PATTERN,
        description: 'The text to find (or a JavaScript regular expression when regex is true).',
      },
      regex: { type: 'boolean', default: false, description: 'Treat pattern as a JavaScript regular expression.' },
      case_sensitive: { type: 'boolean', default: false, description: 'Match case exactly. By default case is ignored (Unicode case folding).' },
      scratchpad_id: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH, description: 'Search only this observation. Default: all of this turn.' },
      limit: { type: 'integer', minimum: 1, maximum: SEARCH_TOOL_MAX_HITS, default: SEARCH_TOOL_DEFAULT_HITS, description: 'Most hits to return.' },
      cursor: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH, description: 'The nextCursor of the previous call, to continue.' },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
});

/** The zod twin of {@link SCRATCHPAD_SEARCH_TOOL}'s parameters; fills regex, case_sensitive and limit defaults. */
export const ScratchpadSearchArgsSchema = z.strictObject({
  pattern: z.string().min(1).max(SEARCH_TOOL_MAX_PATTERN),
  regex: z.boolean().default(false),
  case_sensitive: z.boolean().default(false),
  scratchpad_id: z.string().min(1).max(MAX_ID_LENGTH).optional(),
  limit: z.number().int().min(1).max(SEARCH_TOOL_MAX_HITS).default(SEARCH_TOOL_DEFAULT_HITS),
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional(),
});

/** Arguments of a scratchpad_search call, defaults filled. */
export type ScratchpadSearchArgs = z.output<typeof ScratchpadSearchArgsSchema>;

/** Preview bound the declaration promises, code points (context both sides plus the longest match shown). */
export const SEARCH_TOOL_PREVIEW_MAX = 2 * SEARCH_TOOL_PREVIEW_CONTEXT + PREVIEW_MATCH_MAX;

/**
 * Parses a model's arguments: an object, or a JSON string of one. Returns the arguments with defaults, or an
 * INVALID_ARGUMENT error naming each offending field (never throws).
 */
export function parseScratchpadSearchArgs(
  args: unknown,
): { readonly ok: true; readonly value: ScratchpadSearchArgs } | { readonly ok: false; readonly error: ErrorShape } {
  return parseToolArgs(ScratchpadSearchArgsSchema, args);
}
