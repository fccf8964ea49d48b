import { decodeCursor, queryFingerprint, type SearchPosition } from './cursor';
import { CaseFoldScanner } from './casefold';
import { plainHit, type HitFactory } from './emitter';
import { LiteralScanner, type StreamScanner } from './literal';
import { RegexScanner } from './regex';
import { compileRegex } from './regex-compile';
import { runStream } from './stream';
import type { SearchOptions, SearchQuery, SearchResult, SearchableEntry } from './types';
import { checkOptions, checkPattern, hexBytes } from './validate';

const START: SearchPosition = { chunkStart: 0, linesBefore: 0, skip: 0 };

/**
 * Searches one entry's content for `query`, returning at most `limit` hits from the cursor's position.
 * Text: offsets and lengths in code points, line 1-based; literal patterns match the UTF-8 bytes
 * (`caseSensitive: false`: Unicode full case folding, see casefold.ts), regexes run in a worker under a time
 * budget (regex.ts). Binary rows: the pattern's UTF-8 bytes, or `hex: true` bytes, matched exactly (case and
 * regex do not apply to bytes; a regex query finds nothing in a binary row, nor a hex one in a text row).
 * Matches are leftmost, non-overlapping, and found across chunk boundaries.
 * Errors (ScratchpadError INVALID_ARGUMENT, nothing read): empty pattern, limit/previewContext/timeBudgetMs out
 * of range, bad hex, invalid regex (with its position when known), a cursor of another query or entry.
 * An aborted `signal` ends the call at the next chunk with `truncated: true` and a cursor to continue.
 */
export async function searchEntry(entry: SearchableEntry, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
  return searchEntryWith(entry, query, options, plainHit);
}

/** {@link searchEntry} with each hit built by `makeHit` (the caller's shape, one object per hit). */
export async function searchEntryWith<H>(entry: SearchableEntry, query: SearchQuery, options: SearchOptions, makeHit: HitFactory<H>): Promise<SearchResult<H>> {
  const pattern = checkPattern(query);
  const opts = checkOptions(options);
  const fingerprint = queryFingerprint(entry, query);
  const from = options.cursor == null ? START : decodeCursor(fingerprint, options.cursor);
  const binary = entry.kind === 'binary';
  const needle = query.hex === true ? hexBytes(pattern) : Buffer.from(pattern, 'utf8');
  const regex = query.regex === true ? compileRegex(pattern, query.caseSensitive !== false) : null;
  if ((regex !== null && binary) || (query.hex === true && !binary)) return { hits: [], nextCursor: null, scannedBytes: 0, truncated: false };
  const scanner: StreamScanner =
    regex !== null
      ? new RegexScanner(regex.source, regex.flags, entry.lengthUnits, opts.timeBudgetMs, options.signal)
      : binary || query.caseSensitive !== false
        ? new LiteralScanner(needle)
        : new CaseFoldScanner(pattern);
  return runStream({ entry, scanner, from, limit: opts.limit, previewContext: opts.previewContext, fingerprint, signal: options.signal, makeHit });
}
