import type { DetectedType, EntryKind, Format, ReadLogEntry, ReadMode, SortDirection, StepNum, SyntheticHandle, TurnSort } from '../../contract';
import type { NormalizedObservation } from '../observation';
import type { ChunkLines } from '../search/lines';
import type { SearchHit as EngineHit, SearchQuery, SearchResult as EngineResult } from '../search/types';
import type { TurnRowSource } from './turn-source';

/*
 * The small async questions a storage format answers for the store core (core/scratchpad.ts). The core owns
 * every rule: argument parsing, the principal check, slice resolution, cursors, expiry states, result shapes,
 * size buckets and errors. A backend only stores and finds rows. See core/README.md for how to add one.
 *
 * Units, everywhere in this file:
 * - a text entry is measured in Unicode code points (never UTF-16 units, never bytes); its content is stored
 *   and streamed as UTF-8;
 * - a binary entry is measured in bytes;
 * - times are Unix seconds (float), sizes are bytes.
 *
 * Errors: a backend throws `ScratchpadError` (types.ts) with BUSY (lock or serialisation failure; nothing
 * changed), CORRUPT (stored data contradicts itself), READ_ONLY (the storage refused a write) or
 * UNSUPPORTED_FORMAT; anything else it throws becomes INTERNAL at the edges. "Not found" is never an error
 * here: a lookup answers `null` and the core raises NOT_FOUND with one message for missing and foreign ids.
 */

/**
 * Which rows a question is about. `all`: every owner's (the operator). `owner`: only that user's rows. A
 * backend must apply the scope inside its query (never fetch then filter), so a foreign row is never read.
 * Backends whose rows have no owner (capabilities.owners false) are only ever asked with `all`.
 */
export type OwnerScope = { readonly kind: 'all' } | { readonly kind: 'owner'; readonly owner: string };

/** What a backend can do; the core turns a missing capability into the listed behaviour (README). */
export interface BackendCapabilities {
  /** Rows carry an owner. false: users see no rows (NOT_FOUND / empty), the operator sees all. */
  readonly owners: boolean;
  /** put, extendTtl and recordRead are possible. false: they fail with READ_ONLY for every principal. */
  readonly writes: boolean;
  /** A read log is kept. false: readLog answers [] and recordRead fails with READ_ONLY. */
  readonly readLog: boolean;
}

/** One stored observation without its content: what the core needs to make an EntryMeta. */
export interface EntryRecord {
  readonly id: string;
  /** null when the format has no owners. */
  readonly owner: string | null;
  readonly turnId: string;
  /** A safe integer, or the stored value as a string when it is not one (contract StepNumSchema). */
  readonly stepNum: StepNum;
  readonly executorName: string | null;
  readonly kind: EntryKind;
  /** The observation was a JSON object stored as 2-space JSON text. */
  readonly structured: boolean;
  /** Size of the stored content in bytes (text: its UTF-8 bytes). */
  readonly sizeBytes: number;
  /**
   * Length in the entry's unit: code points (text) or bytes (binary). null for a text entry whose length is
   * not stored and not yet counted (the core then asks {@link BackendReader.facts}).
   */
  readonly lengthUnits: number | null;
  /** One-line summary shown in lists ('' when none). */
  readonly summary: string;
  readonly createdAt: number;
  /** May be +Infinity (never expires) or -Infinity (always expired); the core encodes both for JSON. */
  readonly expiresAt: number;
  readonly actor: string | null;
  readonly channel: string | null;
}

/** Facts about one entry that may cost a pass over its content on formats that do not store them. */
export interface EntryFacts {
  /** Lowercase hex sha256 of the stored bytes (text: UTF-8). */
  readonly sha256: string;
  /** The synthetic handle stored at put, or null (formats that store none). */
  readonly handle: SyntheticHandle | null;
  /** Binary entries: the type its magic bytes name; text entries: null. */
  readonly detectedType: DetectedType | null;
  /** Exact length: code points (text) or bytes (binary). */
  readonly lengthUnits: number;
}

/** How {@link BackendReader.chunks} will be read. */
export interface ChunkReadOptions {
  /** A scan (search): much content read once, nothing kept. */
  readonly scan?: boolean;
}

/** One whole-entry search a {@link SearchLanes} runs: the engine's query, at most `limit` hits, from `cursor`. */
export interface LaneJob {
  readonly query: SearchQuery;
  /** 1..MAX_SEARCH_LIMIT hits. */
  readonly limit: number;
  /** The engine's per-entry cursor (search/cursor.ts), or null from the entry's start. */
  readonly cursor: string | null;
  /** Code points of context each side of a text hit's preview (undefined: the engine's default, 30). */
  readonly previewContext?: number;
}

/** A lane search under way: its result, and whether the lane is done with it. */
export interface LaneTicket {
  /**
   * The engine's result (plain hits), or null when the lane did not give one: no lane could run it (a worker that
   * failed to start or died, or is still starting, the store closing) or the scan failed (a bad cursor, the entry
   * removed mid-way, a damaged file). The caller then searches the entry itself and meets the same error there.
   */
  readonly result: Promise<EngineResult<EngineHit> | null>;
  /** True once the lane finished the search (its result is on its way); answers even while the calling thread is busy. */
  finished(): boolean;
  /**
   * Takes the search back from a lane that has not started it (it waits behind another one): true when it never
   * will start there (its result is then null, at once), false when it has started or is over.
   */
  takeBack(): boolean;
}

/**
 * Searches of whole entries run off the calling thread, at the same time as the calling thread's own (v2: worker
 * threads, each with its own long-lived read-only connection; v2/scan-lanes.ts). Each runs the shared engine
 * (search/search.ts) over the entry's chunks as {@link BackendReader.chunks} gives them, so its result is the one
 * `searchEntry` gives on the calling thread. The core decides which entries go where and merges the results in
 * search order (core/search-lanes.ts).
 */
export interface SearchLanes {
  /** Worker lanes (at least 1), numbered 0..count-1; lane `count` is the calling thread. */
  readonly count: number;
  /** Whether `entry` (returned by this reader) is worth a lane: content big enough to outweigh a message round trip. */
  takes(entry: EntryRecord): boolean;
  /**
   * The lane (0..count) that should search `entry`, the same for the same row on every call: each lane's
   * connection then reads rows it already read (its memory map holds them).
   */
  laneOf(entry: EntryRecord): number;
  /**
   * Starts the search of `entry` (one `takes` accepted) on worker lane `lane` (0..count-1). An abort of `signal`
   * stops it at its next chunk, as the engine's own signal does (`truncated` and a cursor).
   */
  search(entry: EntryRecord, job: LaneJob, signal: AbortSignal, lane: number): LaneTicket;
}

/**
 * One piece of an entry's content in order, as {@link BackendReader.chunks} yields it.
 * Text: `bytes` is the UTF-8 of code points [start, end) exactly (a chunk never splits a code point; invalid
 * stored bytes count as one U+FFFD code point each, as WHATWG TextDecoder does). Binary: bytes [start, end).
 * `newlines`: the chunk's `\n` byte count when the backend keeps a line index (v2 stores it per text chunk);
 * absent otherwise (search counts it).
 */
export interface ContentChunk {
  readonly bytes: Uint8Array;
  /** First unit of the chunk: code point (text) or byte (binary) offset from the entry's start. */
  readonly start: number;
  /** One past the last unit. */
  readonly end: number;
  /** `\n` bytes in this chunk (text), when the backend knows it. */
  readonly newlines?: number;
  /** True when the backend guarantees the text bytes are valid UTF-8 (written from a string): search skips its check. */
  readonly wellFormed?: boolean;
}

/** A place in search order (createdAt, then id): see {@link BackendReader.entriesFrom}. */
export interface EntryKey {
  /** Unix seconds, as in {@link EntryRecord.createdAt}. */
  readonly createdAt: number;
  readonly id: string;
}

/** Which line index a caller wants: `build` false answers null rather than scanning the whole value. */
export interface LineIndexOptions {
  /** false: only an index that is stored or already in memory (a read's meta asks so); default true. */
  readonly build?: boolean;
}

/** Sort keys of a turn page (the contract's TurnSort; ties by turn id in the same direction). */
export type { TurnSort } from '../../contract';

/** A question for one page of turns. The core parses options and the cursor; the backend only queries. */
export interface TurnPageQuery {
  readonly scope: OwnerScope;
  readonly sort: TurnSort;
  /** asc: smallest sort value first; desc: largest first. Ties: turn id in the same direction. */
  readonly direction: SortDirection;
  /** Most turns to return (the core asks one more than it shows, to know whether a next page exists). */
  readonly limit: number;
  /** Lowercased substring of the turn id or of any executor name of the turn (ASCII case-insensitive), or null. */
  readonly query: string | null;
  /**
   * Keyset position: only turns strictly after (sort value, turn id) in the page's order. The value is the
   * turn id itself for the turnId sort, else a number (expiredCount: at `now`). null: from the top.
   */
  readonly after: { readonly key: number | string; readonly turnId: string } | null;
  /** Unix seconds: rows with expiresAt <= now count as expired. */
  readonly now: number;
}

/** A turn's aggregates over the rows in scope. */
export interface TurnRecord {
  readonly turnId: string;
  readonly entryCount: number;
  readonly totalBytes: number;
  readonly firstCreatedAt: number;
  readonly lastCreatedAt: number;
  /** May be +Infinity or -Infinity (see EntryRecord.expiresAt). */
  readonly earliestExpiresAt: number;
  /** Rows with expiresAt <= query.now. */
  readonly expiredCount: number;
  /** Distinct non-null executor names, sorted. */
  readonly executors: readonly string[];
  /** Distinct owners, sorted (scope `all` on formats with owners; otherwise []). */
  readonly owners: readonly string[];
}

/**
 * Rows gc removes (or would remove): one record per row or per (turn, owner) group, as the backend finds
 * cheaper; the core sums them.
 */
export interface ExpiredRecord {
  readonly turnId: string;
  readonly owner: string | null;
  /** Rows of this record (1 for a single row). */
  readonly rows: number;
  /** Their sizes in bytes. */
  readonly bytes: number;
}

/** Totals over the rows in scope; `bucketRows[i]` counts rows with sizeBytes in (bounds[i-1], bounds[i]], the last bucket unbounded. */
export interface StatsTotals {
  readonly rows: number;
  readonly bytes: number;
  readonly textRows: number;
  readonly textBytes: number;
  readonly binaryRows: number;
  readonly binaryBytes: number;
  readonly expiredRows: number;
  readonly expiredBytes: number;
  /** bounds.length + 1 counts. */
  readonly bucketRows: readonly number[];
}

/** Facts about the whole storage, shown to the operator only. */
export interface StorageFacts {
  /** Rows and bytes per owner (owner null: the format has none). */
  readonly byOwner: readonly { readonly owner: string | null; readonly rows: number; readonly bytes: number }[];
  /** Bytes the storage takes (SQLite: file plus WAL). */
  readonly fileSizeBytes: number;
  readonly pageSize: number;
  /** Pages free inside the storage; absent when the backend cannot know (PostgreSQL reuses them itself). */
  readonly freePages?: number;
}

/** Which read log rows: one entry's, or those of a turn's entries in scope. */
export type ReadLogQuery = { readonly entryId: string } | { readonly turnId: string };

/**
 * The read side. Every method only reads: read paths of the core receive this type alone, so they cannot
 * write (the branded-handle idea of Signal Desktop's ReadableDB / WritableDB). Each call sees one consistent
 * snapshot (one read transaction per call).
 */
export interface BackendReader {
  /** The entry `id` in scope, or null (missing, foreign, or an id this format could never have made). */
  entry(scope: OwnerScope, id: string): Promise<EntryRecord | null>;
  /**
   * Ids in scope that start with `prefix` (lowercase hex, at least 8 digits), at most `limit` of them, sorted.
   * Only the scope's ids are ever looked at, so a foreign id is never named.
   */
  idsWithPrefix(scope: OwnerScope, prefix: string, limit: number): Promise<string[]>;
  /**
   * Exact length of an entry whose record has `lengthUnits: null` (code points of a text; may count them once
   * and cache the count, but should not hash or decode more than counting needs). null when removed meanwhile.
   */
  length(entry: EntryRecord): Promise<number | null>;
  /** {@link EntryFacts} of an entry returned by {@link entry}; null when it was removed meanwhile. */
  facts(entry: EntryRecord): Promise<EntryFacts | null>;
  /** A turn's entries in scope, ordered by step (nulls last), then creation, then insertion. [] for an unknown turn. */
  entriesOfTurn(scope: OwnerScope, turnId: string): Promise<EntryRecord[]>;
  /** Up to `query.limit` turns, in the query's order. */
  turnPage(query: TurnPageQuery): Promise<TurnRecord[]>;
  /** How many turns in scope match `query` (null: all of them), over every page. */
  turnCount(scope: OwnerScope, query: string | null): Promise<number>;
  /**
   * Optional (without it the core calls {@link turnPage} then {@link turnCount}): a first page (`query.after`
   * is null) together with {@link turnCount} of its scope and query, from one snapshot, for a backend that finds
   * both in one pass over its turns (v2: one scan for the match, page and count).
   */
  firstTurnPage?(query: TurnPageQuery): Promise<{ readonly rows: TurnRecord[]; readonly total: number }>;
  /**
   * Units [start, end) of an entry (0 <= start <= end; the core checks end against the length when it is
   * known, else the backend clamps `end` to the length): the decoded string of those code points (text) or
   * those bytes (binary). Reads only the stored pieces that hold them. null when the entry was removed meanwhile.
   */
  units(entry: EntryRecord, start: number, end: number): Promise<string | Uint8Array | null>;
  /**
   * The content in order, one stored piece (or a bounded window) at a time, never the whole value: what an
   * export or a search scans. `fromUnit` (default 0): start at the chunk holding that unit (a search cursor's
   * chunk start is always a chunk's `start`); past the end, nothing. Ends early with ScratchpadError NOT_FOUND when the entry is removed mid-way.
   * `options.scan`: the caller reads on through much content and keeps none of it (a search); a backend may
   * read through a connection made for that (v2: a read-only, memory-mapped one).
   */
  chunks(entry: EntryRecord, fromUnit?: number, options?: ChunkReadOptions): AsyncIterable<ContentChunk>;
  /**
   * The line index of a text entry: per chunk of {@link chunks} (same boundaries, in order, contiguous from 0),
   * its code points [cpStart, cpEnd) and `\n` count. v2 stores it; metnos-v1 builds it in memory on first need.
   * null when the entry was removed, or when `build` is false and no index is at hand. [] for an empty text.
   */
  lineIndex(entry: EntryRecord, options?: LineIndexOptions): Promise<readonly ChunkLines[] | null>;
  /** Every entry in scope (metadata only), in no particular order: what a search over all rows lists. */
  entries(scope: OwnerScope): Promise<EntryRecord[]>;
  /**
   * Optional (a backend without it is searched through {@link entries}, listed and sorted on every call). Up to
   * `limit` entries in scope at or after `from` (null: from the first) in search order: createdAt ascending,
   * then id ascending (ids compared by code unit, as the core's sort compares them). Metadata only. A search
   * over all rows pages through them with it, so a cursor resumes without listing every entry again.
   */
  entriesFrom?(scope: OwnerScope, from: EntryKey | null, limit: number): Promise<EntryRecord[]>;
  /**
   * Optional prefilter of an exact-bytes search, for a backend that can scan where its content lives
   * (PostgreSQL): for each of `entries` (returned by this reader, all in one scope), in order, false when its
   * stored bytes hold no occurrence of `needle` (inside a piece or across a boundary), true when they may (or
   * when the backend cannot tell). The core then scans only the entries that may hold it (core/search-prefilter.ts);
   * without this method every entry is scanned by the shared engine. Must not send content to decide.
   */
  mayHoldBytes?(entries: readonly EntryRecord[], needle: Uint8Array): Promise<readonly boolean[]>;
  /**
   * Optional: the {@link SearchLanes} a search may scan entries on, or null when there are none (a snapshot in
   * memory, workers turned off by OpenOptions.searchWorkers). Without it every entry is searched on the calling
   * thread.
   */
  searchLanes?(): SearchLanes | null;
  /** Rows in scope with expiresAt <= now (the gc boundary: a row expiring exactly at `now` is expired). */
  expiredRows(scope: OwnerScope, now: number): Promise<ExpiredRecord[]>;
  /** {@link StatsTotals} in scope at `now`, from metadata only; `bounds` are the bucket upper bounds in bytes. */
  statsTotals(scope: OwnerScope, now: number, bounds: readonly number[]): Promise<StatsTotals>;
  /** {@link StorageFacts} (asked for the operator only). */
  storageFacts(): Promise<StorageFacts>;
  /** Read log rows of one entry (in scope) or a turn's entries in scope, oldest first. */
  readLog(scope: OwnerScope, query: ReadLogQuery): Promise<ReadLogEntry[]>;
  /** Distinct owners in scope, sorted. */
  owners(scope: OwnerScope): Promise<string[]>;
  /** A number that changes when another connection commits (live refresh). */
  dataVersion(): Promise<number>;
}

/** A validated observation ready to store (the core parsed and normalised it; see observation.ts). */
export interface NewObservation {
  readonly owner: string;
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  readonly actor: string | null;
  readonly channel: string | null;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Unix seconds; may be <= createdAt (born expired). */
  readonly expiresAt: number;
  /** Text (stored as UTF-8; structured: 2-space JSON of `value`) or bytes; `source` feeds the handle. */
  readonly observation: NormalizedObservation;
}

/** One served read to record. */
export interface NewReadLogRow {
  readonly entryId: string;
  /** principalLabel of the reader. */
  readonly principal: string;
  readonly mode: ReadMode;
  /** Units of the returned slice: code points (text) or bytes (binary). */
  readonly start: number;
  readonly end: number;
  readonly truncated: boolean;
  readonly at: number;
}

/** The write side; every method is one transaction: all of it happens or none. */
export interface BackendWriter {
  /**
   * Stores one observation and returns its synthetic handle (built with handle.ts `buildHandle` and the
   * summary.ts summaries, so every format gives the same handle). The backend assigns the id.
   * TOO_LARGE when the format cannot hold it.
   */
  insert(row: NewObservation): Promise<SyntheticHandle>;
  /** Deletes the rows in scope with expiresAt <= now (their content and read log too); returns them. */
  deleteExpired(scope: OwnerScope, now: number): Promise<ExpiredRecord[]>;
  /** Sets expiresAt on one entry or a turn's rows in scope; returns rows changed (0 for a missing entry). */
  setExpiry(scope: OwnerScope, target: { readonly entryId: string } | { readonly turnId: string }, expiresAt: number): Promise<number>;
  /** Appends one read log row of an entry in scope; false when the entry is not (or no longer) there. */
  appendReadLog(scope: OwnerScope, row: NewReadLogRow): Promise<boolean>;
}

/** An open storage: the handles, its capabilities and its lifecycle. */
export interface ScratchpadBackend {
  readonly format: Format;
  /** Absolute path or connection label, shown to the user. */
  readonly path: string;
  readonly capabilities: BackendCapabilities;
  readonly reader: BackendReader;
  /** null when opened read-only (the core then answers READ_ONLY before asking anything). */
  readonly writer: BackendWriter | null;
  /** gc may delete rows even when `writes` is false (metnos-v1 files: only gc deletes). */
  readonly gcDeletes: boolean;
  /**
   * Optional: the per-(owner, turn) aggregate rows and a change token, from which the core answers turn pages,
   * counts, stats and gc dry runs in memory (turn-table-backend.ts); without it the reader answers them.
   */
  readonly turnRows?: TurnRowSource;
  /** Closes connections; idempotent. */
  close(): Promise<void>;
}
