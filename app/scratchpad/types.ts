import type {
  EntryDescription,
  EntryMeta,
  Format,
  GcOptions,
  GcResult,
  ListTurnsOptions,
  ListTurnsResult,
  Principal,
  ReadLogEntry,
  ReadLogSelector,
  ReadOptions,
  ReadResult,
  SearchRequest,
  SearchResult,
  Stats,
  SyntheticHandle,
} from '../contract';
import type { JsonOutline } from '../contract/json-outline';

export type { Principal } from '../contract';

export { ScratchpadError, type ScratchpadErrorCode } from '../contract';

/** Options of {@link openScratchpad}. */
export interface OpenOptions {
  /** Open read-only: put, gc and extendTtl fail with READ_ONLY. Default false. */
  readonly readonly?: boolean;
  /** The clock in Unix seconds (float). Default `Date.now() / 1000`. */
  readonly clock?: () => number;
  /** Rows expiring within this many seconds of now are `expiring`. Default 300. */
  readonly expiringWindowSeconds?: number;
  /**
   * Longest slice served, in code points (text) or bytes (binary). Default 1,048,576. It caps every `read`
   * mode (full, head, tail and range alike): a longer slice is cut to this length (head, range and full keep
   * its first units, tail its last) and flagged `truncated`; `get` fails with TOO_LARGE above it.
   * `iterateContent` (and so the CLI's `read` and `export`) is never capped. INVALID_ARGUMENT when not an
   * integer from 0 to MAX_READ_LENGTH (options.ts: 268,435,444, the longest slice one JS string holds).
   */
  readonly maxReadLength?: number;
  /** SQLite busy timeout in milliseconds, an integer from 0 to MAX_BUSY_TIMEOUT_MS (2,147,483,647). Default 5,000. */
  readonly busyTimeoutMs?: number;
  /** better-sqlite3 `nativeBinding` (the Electron build of the addon). Default: the Node build. */
  readonly nativeBinding?: string;
  /**
   * Most (owner, turn) aggregate rows a v2 store keeps in memory to answer listTurns, stats and gc dry runs in
   * JavaScript (reloaded whenever the file changed); above it, or 0, SQL answers them. Default 200,000.
   */
  readonly turnTableMaxTurns?: number;
  /**
   * Worker threads a v2 file's search may scan whole entries on while the calling thread scans others (each with
   * its own read-only, memory-mapped connection, opened on the first search that uses it and kept until the store
   * closes). Used only for literal searches over two or more large entries; the hits, their order and the cursor
   * are those of a search on the calling thread alone. 0: every search runs on the calling thread. Default: the
   * cores but one, at most 3 (1 on two cores, 0 on one). INVALID_ARGUMENT when not an integer from 0 to 16.
   */
  readonly searchWorkers?: number;
}

/** Options of {@link Scratchpad.search} that stay in process: cancellation and the time budget in ms. */
export interface SearchCallOptions {
  readonly signal?: AbortSignal;
  readonly timeBudgetMs?: number;
}

/** Input of put: one observation of one step of a turn. */
export interface PutInput {
  readonly turnId: string;
  readonly stepNum: number | null;
  readonly executorName: string | null;
  /**
   * The observation as the executor returned it: an object whose `content` is a string (text row) or a
   * Uint8Array/Buffer (binary row), or any other JSON-serializable object (stored as 2-space JSON text).
   * A bare string or Uint8Array is taken as `{ content }`.
   */
  readonly observation: unknown;
  /** Time to live in seconds; default 3,600. Negative makes a row born expired. */
  readonly ttlSeconds?: number;
  readonly actor?: string | null;
  readonly channel?: string | null;
}

/** A whole row with content (`get`): text as string, binary as bytes. */
export interface EntryWithContent {
  readonly meta: EntryMeta;
  readonly content: string | Uint8Array;
}

/** Selector of extendTtl: one entry or a whole turn (of the principal's own rows). */
export type TtlTarget = { readonly id: string } | { readonly turnId: string };

/** What a served `scratchpad_read` records in the read log (v2 files). */
export interface ReadLogInput {
  readonly entryId: string;
  readonly mode: ReadOptions['mode'];
  readonly start: number;
  readonly end: number;
  readonly truncated: boolean;
  /** Unix seconds; default the clock. */
  readonly at?: number;
}

/**
 * An open scratchpad. Asynchronous, so a networked backend can implement it: every method returns a promise and
 * reports failures as a rejected {@link ScratchpadError}. Every call takes the principal asking; a row owned
 * by someone else behaves exactly like a missing one. Errors: {@link ScratchpadError}.
 */
export interface Scratchpad {
  readonly path: string;
  readonly format: Format;
  readonly readonly: boolean;
  /** Stores an observation owned by the user principal; returns its synthetic handle. Operator: INVALID_ARGUMENT. */
  put(principal: Principal, input: PutInput): Promise<SyntheticHandle>;
  /**
   * The full id of the principal's one entry whose id starts with `prefix` (at least 8 hex digits, any case;
   * a whole id is accepted too). NOT_FOUND when none matches (or only foreign ids do); INVALID_ARGUMENT for a
   * malformed prefix, or an ambiguous one, listing only the principal's own candidates (at most 10).
   */
  resolveId(principal: Principal, prefix: string): Promise<string>;
  /** Metadata, full sha256, stored handle, detected binary type. NOT_FOUND for missing or foreign ids. */
  describe(principal: Principal, id: string): Promise<EntryDescription>;
  /** A slice in code points (text) or bytes (binary, base64). INVALID_ARGUMENT for bad n/start/end. */
  read(principal: Principal, id: string, options: ReadOptions): Promise<ReadResult>;
  /**
   * Matches of `request` (contract SearchRequest) in the principal's rows only: one entry (`id`; NOT_FOUND when
   * foreign), one turn (`turnId`) or all in scope, ordered by creation then id; hits carry the row's names and
   * its expired mark. A user on a metnos-v1 file finds nothing. `nextCursor` continues the same query for the
   * same principal (another query's or owner's cursor: INVALID_ARGUMENT); `signal` cancels (hits so far,
   * `truncated`); `timeBudgetMs` (default 2,000) bounds the call. INVALID_ARGUMENT for a bad request or regex.
   */
  search(principal: Principal, request: SearchRequest, options?: SearchCallOptions): Promise<SearchResult>;
  /** The whole row; TOO_LARGE above maxReadLength (see OpenOptions.maxReadLength). */
  get(principal: Principal, id: string): Promise<EntryWithContent>;
  /** A turn's entries ordered by step (nulls last) then creation. */
  listForTurn(principal: Principal, turnId: string): Promise<EntryMeta[]>;
  /** One page of turns, most recent first unless `sort` says otherwise. */
  listTurns(principal: Principal, options?: ListTurnsOptions): Promise<ListTurnsResult>;
  /** Deletes (or counts, dryRun) rows with expiresAt <= now: a user's own, or all for the operator. */
  gc(principal: Principal, options?: GcOptions): Promise<GcResult>;
  /** Counts and sizes over the rows the principal may see. */
  stats(principal: Principal): Promise<Stats>;
  /** Sets expiresAt = now + ttlSeconds on the principal's own rows of one entry or turn; returns rows changed. */
  extendTtl(principal: Principal, target: TtlTarget, ttlSeconds: number): Promise<number>;
  /** Records a served scratchpad_read (v2 only; metnos-v1 files: READ_ONLY). NOT_FOUND for foreign ids. */
  recordRead(principal: Principal, input: ReadLogInput): Promise<void>;
  /** Read log of one entry or turn, oldest first, owner-scoped. Empty on metnos-v1 files. */
  readLog(principal: Principal, selector: ReadLogSelector): Promise<ReadLogEntry[]>;
  /**
   * The raw content in order (resolves once ownership is checked), as byte chunks of at most `chunkBytes` (default 1 MiB), for streamed export:
   * never holds the whole value. NOT_FOUND for missing or foreign ids.
   */
  iterateContent(principal: Principal, id: string, chunkBytes?: number): Promise<AsyncIterable<Uint8Array>>;
  /**
   * The outline of a structured (JSON) text entry from one scan of its content (contract json-outline.ts): its
   * top containers, their child counts and where their children's text is, in code points. NOT_FOUND for
   * missing or foreign ids; INVALID_ARGUMENT for a binary entry; TOO_LARGE above MAX_JSON_TREE_CODE_POINTS.
   * Text that is not JSON (or a scalar at the top) gives `root: null` and the reason.
   */
  jsonOutline(principal: Principal, id: string): Promise<JsonOutline>;
  /** Distinct owners in the file (operator only; a user gets its own id if it has rows). */
  owners(principal: Principal): Promise<string[]>;
  /** SQLite's data_version: changes when another connection commits (for live refresh). */
  dataVersion(): Promise<number>;
  close(): Promise<void>;
}
