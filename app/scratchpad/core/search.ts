import { createHash } from 'node:crypto';
import { SearchRequestSchema, type SearchHit, type SearchRequest, type SearchResult, type StepNum } from '../../contract';
import { searchEntryWith } from '../search/search';
import { Preview } from '../search/emitter';
import type { ContentChunk, SearchHit as EngineHit, SearchResult as EngineResult, SearchableEntry } from '../search/types';
import { ScratchpadError, type SearchCallOptions } from '../types';
import type { BackendReader, ContentChunk as BackendChunk, EntryKey, EntryRecord } from './backend';
import { entryPrefilter } from './search-prefilter';
import { LaneScheduler, type LaneSlot } from './search-lanes';

/*
 * Search across the entries in a principal's scope (one entry, one turn, or all), in a stable order: creation
 * time, then id. The cursor is one opaque text spanning entries: [version, fingerprint, createdAt, id, the
 * per-entry cursor or null]; its fingerprint covers the query and the principal, so a cursor of another query
 * or owner is INVALID_ARGUMENT. The per-entry rules (matching, lines, previews) are search/search.ts.
 */

const EMPTY: SearchResult = { hits: [], nextCursor: null, scannedBytes: 0, truncated: false };
const invalid = (message: string) => new ScratchpadError('INVALID_ARGUMENT', message);

// Built once: zod builds a schema's parser on first use, which cost more than a small search.
const STRICT_REQUEST = SearchRequestSchema.strict();

/** The request parsed with the contract's schema (strict: an unknown field is refused); INVALID_ARGUMENT otherwise. */
export function parseSearchRequest(request: unknown): SearchRequest {
  const parsed = STRICT_REQUEST.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`search request: ${issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'invalid'}`);
  }
  if (parsed.data.id !== undefined && parsed.data.turnId !== undefined) throw invalid('search request: give id or turnId, not both');
  return parsed.data;
}

/** 16 hex digits of sha256 over the principal's label and the fields that change the matches or the scope. */
export function searchFingerprint(principal: string, r: SearchRequest): string {
  const key = JSON.stringify([principal, r.pattern, r.regex === true, r.caseSensitive !== false, r.hex === true, r.id ?? null, r.turnId ?? null]);
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

interface Position {
  readonly createdAt: number;
  readonly id: string;
  readonly inner: string | null;
}

function encode(fp: string, p: Position): string {
  return Buffer.from(JSON.stringify([1, fp, p.createdAt, p.id, p.inner])).toString('base64url');
}

function decode(fp: string, cursor: string): Position {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    v = null;
  }
  if (
    !Array.isArray(v) ||
    v.length !== 5 ||
    v[0] !== 1 ||
    typeof v[1] !== 'string' ||
    typeof v[2] !== 'number' ||
    typeof v[3] !== 'string' ||
    (v[4] !== null && typeof v[4] !== 'string')
  ) {
    throw invalid('cursor is not a search cursor');
  }
  if (v[1] !== fp) throw invalid('cursor belongs to another query or principal');
  return { createdAt: v[2] as number, id: v[3] as string, inner: v[4] as string | null };
}

/**
 * One hit with its entry's names: a class, not an object literal, so V8 never moves the hits of every later search
 * to its old generation after a search kept some of them long (search/emitter.ts, at `Preview`, says why that
 * doubled a dense search). One shape for every hit: fields in a fixed order. `declare`: assigned in the constructor
 * only (a declared class field is first defined as undefined, at a cost per hit).
 */
class StoreHit implements SearchHit {
  declare readonly id: string;
  declare readonly turnId: string;
  declare readonly stepNum: StepNum;
  declare readonly executorName: string | null;
  declare readonly kind: 'text' | 'binary';
  declare readonly offset: number;
  declare readonly length: number;
  declare readonly line: number | null;
  declare readonly preview: SearchHit['preview'];
  declare readonly expired: boolean;

  constructor(entry: EntryRecord, expired: boolean, offset: number, length: number, line: number | null, preview: SearchHit['preview']) {
    this.id = entry.id;
    this.turnId = entry.turnId;
    this.stepNum = entry.stepNum;
    this.executorName = entry.executorName;
    this.kind = entry.kind;
    this.offset = offset;
    this.length = length;
    this.line = line;
    this.preview = preview;
    this.expired = expired;
  }
}

const before = (a: EntryRecord, b: { createdAt: number; id: string }) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

/** What the scan needs from the core: the backend reader, an entry's length, and `now` (Unix seconds). */
export interface SearchContext {
  readonly reader: BackendReader;
  readonly lengthOf: (entry: EntryRecord) => Promise<number>;
  readonly now: number;
}

/**
 * The entries a search covers (already in scope): a list (one entry, a turn's), or pages of all rows in search
 * order from a place (a backend's {@link BackendReader.entriesFrom}, at or after `from`).
 */
export type EntrySource = readonly EntryRecord[] | ((from: EntryKey | null, limit: number) => Promise<EntryRecord[]>);

/** Entries asked per page of a paged source: few rows when the first hits come early, few statements otherwise. */
const ENTRY_PAGE = 64;

/** Entries sorted in search order: createdAt ascending, then id. */
const inSearchOrder = (entries: readonly EntryRecord[]) => [...entries].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));

/**
 * The source's entries in search order, from the first not before `from`, each with its index in `sorted` (the
 * sorted list of a list source; -1 for a paged source).
 */
async function* inOrder(source: EntrySource, sorted: readonly EntryRecord[] | null, from: EntryKey | null): AsyncGenerator<[EntryRecord, number]> {
  if (typeof source !== 'function') {
    const list = sorted ?? inSearchOrder(source);
    for (let i = 0; i < list.length; i++) if (from === null || !before(list[i]!, from)) yield [list[i]!, i];
    return;
  }
  let at = from;
  let last: EntryRecord | null = null;
  for (;;) {
    const page = await source(at, ENTRY_PAGE);
    let fresh = 0;
    for (const e of page) {
      // A later page starts at the previous page's last entry (inclusive): skip it.
      if (last !== null && e.id === last.id && e.createdAt === last.createdAt) continue;
      fresh++;
      last = e;
      yield [e, -1];
    }
    if (page.length < ENTRY_PAGE || fresh === 0 || last === null) return;
    at = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Scans the entries of `source` for `request`, from its cursor, up to `request.limit` hits (default 100).
 * Stops at the limit, at the regex time budget, or on abort (`truncated`), with a cursor to continue.
 */
export async function searchEntries(
  ctx: SearchContext,
  source: EntrySource,
  request: SearchRequest,
  fp: string,
  options: SearchCallOptions,
): Promise<SearchResult> {
  const from = request.cursor === undefined ? null : decode(fp, request.cursor);
  const limit = request.limit ?? 100;
  const deadline = Date.now() + (options.timeBudgetMs ?? 2_000);
  const query = { pattern: request.pattern, regex: request.regex, caseSensitive: request.caseSensitive, hex: request.hex };
  let hits: SearchHit[] = [];
  let scannedBytes = 0;
  // The backend's prefilter (if any) looks ahead over a list source's sorted entries; a paged source has none.
  const sorted = typeof source === 'function' ? null : inSearchOrder(source);
  const prefilter = sorted === null ? null : entryPrefilter(ctx.reader, sorted, request);
  const innerOf = (entry: EntryRecord) => (from !== null && entry.id === from.id && entry.createdAt === from.createdAt ? from.inner : null);
  const entries = inOrder(source, sorted, from === null ? null : { createdAt: from.createdAt, id: from.id });
  /** One entry searched here, with `max` hits from `inner`. */
  const searchHere = async (entry: EntryRecord, index: number, max: number, inner: string | null) => {
    // An entry the backend's prefilter rules out still goes through the engine (same checks, same result), with
    // no content; its bytes were read, by the backend.
    const skip = inner === null && prefilter !== null && index >= 0 && !(await prefilter(index));
    const searchable: SearchableEntry = {
      id: entry.id,
      kind: entry.kind,
      lengthUnits: await ctx.lengthOf(entry),
      chunks: (fromUnit) => (skip ? noChunks() : toSearchChunks(ctx.reader, entry, fromUnit)),
    };
    const expired = entry.expiresAt <= ctx.now;
    // Each hit built once, in its final shape (a class: see StoreHit).
    const makeHit = (offset: number, length: number, line: number | null, preview: SearchHit['preview']): SearchHit =>
      new StoreHit(entry, expired, offset, length, line, preview);
    const r = await searchEntryWith(
      searchable,
      query,
      { limit: max, cursor: inner, signal: options.signal, timeBudgetMs: Math.max(1, deadline - Date.now()), previewContext: request.previewContext },
      makeHit,
    );
    return skip ? { ...r, scannedBytes: r.scannedBytes + entry.sizeBytes } : r;
  };
  // Case-sensitive literal searches may search large entries on the backend's lanes too (search-lanes.ts); the merge
  // is the same. Not case-folded ones: measured slower there (and regexes have their own worker).
  const exact = request.regex !== true && request.caseSensitive !== false;
  const lanes = !exact || prefilter !== null ? null : (ctx.reader.searchLanes?.() ?? null);
  const scheduler = lanes === null ? null : new LaneScheduler(lanes, query, request.previewContext, entries, innerOf, searchHere, options.signal);
  try {
    for (;;) {
      let entry: EntryRecord;
      let index: number;
      let slot: LaneSlot | null = null;
      if (scheduler !== null) {
        slot = await scheduler.next(limit - hits.length);
        if (slot === null) break;
        ({ entry, index } = slot);
      } else {
        const n = await entries.next();
        if (n.done === true) break;
        [entry, index] = n.value;
      }
      if (hits.length >= limit || options.signal?.aborted === true || Date.now() >= deadline) {
        const cut = hits.length < limit;
        return { hits, nextCursor: encode(fp, { createdAt: entry.createdAt, id: entry.id, inner: null }), scannedBytes, truncated: cut };
      }
      const ahead = slot === null ? null : await scheduler!.resultOf(slot, limit - hits.length);
      const r = ahead === null ? await searchHere(entry, index, limit - hits.length, innerOf(entry)) : asStoreResult(entry, ahead, ctx.now);
      scannedBytes += r.scannedBytes;
      if (hits.length === 0) hits = r.hits as SearchHit[];
      else for (const h of r.hits) hits.push(h);
      if (r.nextCursor !== null)
        return { hits, nextCursor: encode(fp, { createdAt: entry.createdAt, id: entry.id, inner: r.nextCursor }), scannedBytes, truncated: r.truncated };
    }
  } finally {
    if (scheduler !== null) await scheduler.close();
    else await entries.return(undefined);
  }
  return { hits, nextCursor: null, scannedBytes, truncated: false };
}

/** A result searched ahead, its hits as the store's: those made here already are; a worker lane's plain ones are rebuilt. */
function asStoreResult(entry: EntryRecord, r: EngineResult<SearchHit | EngineHit>, now: number): EngineResult<SearchHit> {
  const expired = entry.expiresAt <= now;
  return { ...r, hits: r.hits.map((h) => (h instanceof StoreHit ? h : laneHit(entry, expired, h))) };
}

/** A lane's engine hit as the store's hit (a class, as every hit: see StoreHit), its preview rebuilt as the engine's class. */
function laneHit(entry: EntryRecord, expired: boolean, h: EngineHit): SearchHit {
  return new StoreHit(entry, expired, h.offset, h.length, h.line, new Preview(h.preview.text, h.preview.matchStart, h.preview.matchLength));
}

// eslint-disable-next-line require-yield -- an entry with no content to scan
async function* noChunks() {
  return;
}

const SCAN = { scan: true } as const;

/** A backend chunk in the engine's shape. Object literals of two fixed shapes, not spreads: this runs for every chunk of a scan. */
function toSearchChunk(c: BackendChunk): ContentChunk {
  if (c.newlines === undefined)
    return c.wellFormed === true ? { bytes: c.bytes, cpStart: c.start, cpEnd: c.end, wellFormed: true } : { bytes: c.bytes, cpStart: c.start, cpEnd: c.end };
  return c.wellFormed === true
    ? { bytes: c.bytes, cpStart: c.start, cpEnd: c.end, newlines: c.newlines, wellFormed: true }
    : { bytes: c.bytes, cpStart: c.start, cpEnd: c.end, newlines: c.newlines };
}

const toSearchResult = (r: IteratorResult<BackendChunk>): IteratorResult<ContentChunk> =>
  r.done === true ? { done: true, value: undefined } : { done: false, value: toSearchChunk(r.value) };

/**
 * The entry's chunks from the backend (read through its scan connection), each mapped as it comes: an iterator
 * over the backend's, not an async generator around it, whose every chunk cost a resume of its own. Stopping
 * early (`return`) stops the backend's iterator too.
 */
function toSearchChunks(reader: BackendReader, entry: EntryRecord, fromUnit: number): AsyncIterable<ContentChunk> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<ContentChunk> {
      const source = reader.chunks(entry, fromUnit, SCAN)[Symbol.asyncIterator]();
      return {
        next: () => source.next().then(toSearchResult),
        return: async () => {
          await source.return?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** The empty result (a principal that sees no rows). */
export const NO_HITS = EMPTY;
