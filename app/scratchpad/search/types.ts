/*
 * The input and output shapes of search over one entry's chunked content. A backend (v2, metnos-v1, later
 * PostgreSQL) answers only "the chunks of this entry from unit u"; the rules (matching, offsets, lines, previews,
 * cursors, limits, time budget) live here once.
 */

/**
 * One stored piece of an entry's content. Text: UTF-8 bytes cut at code-point boundaries (WHATWG segment
 * boundaries for invalid UTF-8), so the piece decodes on its own to exactly code points [cpStart, cpEnd) of the
 * entry. Binary: raw bytes, cpStart/cpEnd are byte offsets. `newlines`, when the backend keeps it (the line
 * index), is the number of `\n` bytes in the piece; otherwise search counts them. `wellFormed: true` says the
 * backend guarantees valid UTF-8 (it wrote the bytes from a JavaScript string): search then skips its own check.
 */
export interface ContentChunk {
  readonly bytes: Uint8Array;
  readonly cpStart: number;
  readonly cpEnd: number;
  readonly newlines?: number;
  readonly wellFormed?: boolean;
}

/** What search needs of one entry: its kind, its length in units and an async reader of its chunks. */
export interface SearchableEntry {
  /** Goes into the cursor fingerprint, so a cursor of another entry is refused (the core adds the owner). */
  readonly id: string;
  readonly kind: 'text' | 'binary';
  /** Code points (text) or bytes (binary). */
  readonly lengthUnits: number;
  /**
   * The chunks in order, the first being the one that holds unit `fromUnit` (0: from the start; a cursor's
   * chunk start is always a chunk's `cpStart`). Search copies what it keeps of a chunk (a few KiB), so a backend
   * may reuse a chunk's buffer once the next chunk is asked for.
   */
  chunks(fromUnit: number): AsyncIterable<ContentChunk>;
}

/** A search request over one entry. */
export interface SearchQuery {
  /** Non-empty. Literal text, or a JavaScript regex source when `regex` is true. */
  readonly pattern: string;
  readonly regex?: boolean;
  /** Default true. False: Unicode full case folding (literal) or the `i` flag (regex). */
  readonly caseSensitive?: boolean;
  /** Binary rows only: `pattern` is hex digits (whitespace allowed), matched as those bytes. */
  readonly hex?: boolean;
}

/** Options of one search call. */
export interface SearchOptions {
  /** Hits per call, 1..MAX_SEARCH_LIMIT; default 100. */
  readonly limit?: number;
  /** The `nextCursor` of a previous call with the same query over the same entry. */
  readonly cursor?: string | null;
  readonly signal?: AbortSignal;
  /**
   * Regex only: time budget of the call in ms (default 2,000), counted from the moment its worker thread is up;
   * past it the call returns the hits so far with `truncated`.
   */
  readonly timeBudgetMs?: number;
  /** Code points of context on each side of a hit in its preview (text; default 30, at most 100). */
  readonly previewContext?: number;
}

/** A hit's preview: some context around the match. Units: code points (text) or bytes (binary, `text` is hex). */
export interface HitPreview {
  readonly text: string;
  /** Where the match starts inside `text`, in code points (binary: bytes, so hex digit 2 x matchStart). */
  readonly matchStart: number;
  /** Length of the match shown (clipped to 100 units for very long matches). */
  readonly matchLength: number;
}

/** One match. offset/length in code points (text) or bytes (binary); line 1-based (text only, else null). */
export interface SearchHit {
  readonly offset: number;
  readonly length: number;
  readonly line: number | null;
  readonly preview: HitPreview;
}

/** Result of one search call (`H`: the hit shape, {@link SearchHit} unless the caller makes its own). */
export interface SearchResult<H = SearchHit> {
  readonly hits: readonly H[];
  /** Non-null when the call stopped before the end (limit reached, time budget, abort); the next page may be empty. */
  readonly nextCursor: string | null;
  /** Stored bytes read by this call. */
  readonly scannedBytes: number;
  /** True when the time budget or an abort cut the scan (hits so far are returned). */
  readonly truncated: boolean;
}

/** Largest `limit` of one call. */
export const MAX_SEARCH_LIMIT = 10_000;
