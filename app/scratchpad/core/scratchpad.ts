import { expiresAtJson, type EntryDescription, type Format, type Principal, type ReadMeta, type ReadResult, type SearchResult } from '../../contract';
import { codePointLength } from '../../common/codepoints';
import { principalLabel, requirePrincipal, requireUser } from '../../access';
import { notFoundMessage } from '../ids';
import type { ResolvedOptions } from '../options';
import { parseSliceRequest, resolveSlice } from '../slicing';
import { ScratchpadError, type Scratchpad } from '../types';
import { requireTurnKey } from '../validate';
import {
  parseGcArgs,
  parseIdPrefix,
  parseObservation,
  parsePieceBytes,
  parsePutInput,
  parseReadLogInput,
  parseReadLogSelector,
  parseTtlArgs,
  parseTurnPageArgs,
} from './arguments';
import type { BackendWriter, EntryRecord, OwnerScope, ScratchpadBackend } from './backend';
import { readPieces } from './content';
import { createJsonOutliner, withFirstTexts } from './json-outline';
import { createOutlineCache } from './outline-cache';
import { MAX_JSON_TREE_CODE_POINTS } from '../../common/limits';
import { encodeCursor, sortKeyOf } from './cursor';
import { entryLines, lineFacts, linesOf } from './lines';
import { NO_HITS, parseSearchRequest, searchEntries, searchFingerprint, type EntrySource } from './search';
import { withTurnTable } from './turn-table-backend';
import { emptyTotals, scopeOf, SIZE_BUCKETS, toEntryMeta, toGcResult, toStats } from './records';

/**
 * Bytes an outline scans between two turns of the event loop (~10 ms of scan): a store worker answers the other
 * requests that arrived meanwhile, so a 60 MB scan asked for ahead of a JSON tree never holds up the entry views.
 */
const OUTLINE_YIELD_BYTES = 1024 * 1024;

/** Resolves on a later turn of the event loop, after the I/O and messages already waiting. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Candidates an ambiguous id prefix lists. */
const PREFIX_CANDIDATES = 10;

/** How messages name a format. */
const FORMAT_NAMES: Readonly<Record<Format, string>> = { v2: 'v2', 'metnos-v1': 'Metnos v1', postgres: 'PostgreSQL' };

/** Longest id any backend is asked about; longer ones are NOT_FOUND without a query. */
const MAX_ID_LENGTH = 128;

/**
 * The {@link Scratchpad} over one backend: every rule lives here once (argument parsing, the principal check,
 * slices, cursors, expiry states, result shapes, size buckets, READ_ONLY and NOT_FOUND), so a backend only
 * answers the questions of core/backend.ts. A foreign id and a missing id give the same NOT_FOUND on every
 * method. Read paths are given `backend.reader` only, which has no write method.
 */
export function createScratchpad(storage: ScratchpadBackend, options: ResolvedOptions): Scratchpad {
  const backend = withTurnTable(storage, options.turnTableMaxTurns);
  const { reader, capabilities: caps } = backend;
  const now = (): number => {
    const t = options.clock();
    if (typeof t !== 'number' || !Number.isFinite(t)) throw new ScratchpadError('INVALID_ARGUMENT', `the clock returned ${String(t)}, not Unix seconds`);
    return t;
  };
  const meta = (r: EntryRecord, lengthUnits?: number | null) => toEntryMeta(r, now(), options.expiringWindowSeconds, lengthUnits ?? r.lengthUnits);
  const outlines = createOutlineCache();
  const notFound = (id: unknown) => new ScratchpadError('NOT_FOUND', notFoundMessage(id));
  const why = options.readOnlyBecause === undefined ? '' : ` because ${options.readOnlyBecause}`;
  const readOnly = (what: string) =>
    new ScratchpadError(
      'READ_ONLY',
      caps.writes
        ? `${backend.path}: opened read-only${why}`
        : `${backend.path}: ${what} is not possible on a ${FORMAT_NAMES[backend.format]} file (opened without changing it; only gc deletes)`,
    );

  /** The entry `id` for `principal`, or NOT_FOUND (missing, foreign, malformed: one message). */
  async function visible(principal: unknown, id: unknown): Promise<{ scope: OwnerScope; entry: EntryRecord }> {
    const scope = scopeOf(principal, caps);
    if (scope === null || typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) throw notFound(id);
    const entry = await reader.entry(scope, id);
    if (entry === null) throw notFound(id);
    return { scope, entry };
  }
  async function lengthOf(entry: EntryRecord): Promise<number> {
    if (entry.lengthUnits !== null) return entry.lengthUnits;
    const length = await reader.length(entry);
    if (length === null) throw notFound(entry.id);
    return length;
  }
  async function unitsOf(entry: EntryRecord, start: number, end: number): Promise<string | Uint8Array> {
    const units = await reader.units(entry, start, end);
    if (units === null) throw notFound(entry.id);
    return units;
  }
  function writer(what: string): BackendWriter {
    if (!caps.writes || backend.writer === null) throw readOnly(what);
    return backend.writer;
  }

  return {
    path: backend.path,
    format: backend.format,
    readonly: options.readonly,

    async put(principal, input) {
      const p = requirePrincipal(principal);
      if (!caps.writes) throw readOnly('put');
      const owner = requireUser(p, 'put observations');
      const i = parsePutInput(input);
      const w = writer('put');
      const observation = parseObservation(i.observation);
      const createdAt = now();
      return w.insert({
        owner,
        turnId: i.turnId,
        stepNum: i.stepNum,
        executorName: i.executorName,
        actor: i.actor,
        channel: i.channel,
        createdAt,
        expiresAt: createdAt + i.ttlSeconds,
        observation,
      });
    },

    async resolveId(principal, prefix) {
      const wanted = parseIdPrefix(prefix);
      const scope = scopeOf(principal, caps);
      if (scope === null) throw notFound(prefix);
      const ids = await reader.idsWithPrefix(scope, wanted, PREFIX_CANDIDATES + 1);
      if (ids.length === 0) throw notFound(prefix);
      if (ids.length === 1) return ids[0]!;
      if (ids.includes(wanted)) return wanted; // a whole id that is also a prefix of a longer one
      const more = ids.length > PREFIX_CANDIDATES ? ', ...' : '';
      throw new ScratchpadError(
        'INVALID_ARGUMENT',
        `id prefix ${JSON.stringify(prefix)} is ambiguous: it matches ${ids.slice(0, PREFIX_CANDIDATES).join(', ')}${more}`,
      );
    },

    async describe(principal, id): Promise<EntryDescription> {
      const { entry } = await visible(principal, id);
      const facts = await reader.facts(entry);
      if (facts === null) throw notFound(id);
      return { meta: meta(entry, facts.lengthUnits), sha256: facts.sha256, handle: facts.handle, detectedType: facts.detectedType };
    },

    async read(principal, id, readOptions): Promise<ReadResult> {
      const request = parseSliceRequest(readOptions);
      const { entry } = await visible(principal, id);
      const total = await lengthOf(entry);
      const text = entry.kind === 'text';
      const base = { id: entry.id, kind: entry.kind, unit: text ? 'code_points' : 'bytes', totalLength: total } as const;
      if (request.mode === 'lines') {
        if (!text) throw new ScratchpadError('INVALID_ARGUMENT', `entry ${entry.id} is binary: lines mode reads text rows only`);
        const lines = (await entryLines(reader, entry, true))!;
        const slice = await linesOf(lines, request.start, request.end ?? Number.MAX_SAFE_INTEGER, options.maxReadLength);
        const m = slice.meta;
        const meta: ReadMeta = {
          ...base,
          start: m.startOffset,
          end: m.endOffset,
          returnedLength: m.endOffset - m.startOffset,
          truncated: m.truncated,
          startLine: m.start + 1,
          totalLines: m.totalLines,
        };
        return { content: slice.lines.join('\n'), encoding: 'utf8', meta, lines: [...slice.lines] };
      }
      const b = resolveSlice(request, total, options.maxReadLength);
      const units = await unitsOf(entry, b.start, b.end);
      // Line facts only when asked (`withLines`): existing callers compare whole metas. Never a full scan.
      const lines =
        text && readOptions !== null && typeof readOptions === 'object' && (readOptions as { withLines?: unknown }).withLines === true
          ? await entryLines(reader, entry, false)
          : null;
      const facts = lines === null ? {} : await lineFacts(lines, b.start);
      return {
        content: typeof units === 'string' ? units : Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('base64'),
        encoding: text ? 'utf8' : 'base64',
        meta: { ...base, start: b.start, end: b.end, returnedLength: b.end - b.start, truncated: b.truncated, ...facts },
      };
    },

    async search(principal, request, callOptions = {}): Promise<SearchResult> {
      const r = parseSearchRequest(request);
      const scope = scopeOf(principal, caps);
      const fp = searchFingerprint(principalLabel(requirePrincipal(principal)), r);
      if (scope === null) {
        if (r.id !== undefined) throw notFound(r.id);
        return NO_HITS;
      }
      const pages = reader.entriesFrom?.bind(reader);
      const entries: EntrySource =
        r.id !== undefined
          ? [(await visible(principal, r.id)).entry]
          : r.turnId !== undefined
            ? await reader.entriesOfTurn(scope, r.turnId)
            : pages !== undefined
              ? (from, limit) => pages(scope, from, limit)
              : await reader.entries(scope);
      return searchEntries({ reader, lengthOf, now: now() }, entries, r, fp, callOptions);
    },

    async get(principal, id) {
      const { entry } = await visible(principal, id);
      const cap = options.maxReadLength;
      // Fewer bytes than the cap means fewer code points too: only a larger text needs its length.
      const total = entry.kind === 'binary' || entry.sizeBytes > cap ? await lengthOf(entry) : entry.lengthUnits;
      if (total !== null && total > cap) {
        const unit = entry.kind === 'text' ? 'code points' : 'bytes';
        throw new ScratchpadError('TOO_LARGE', `entry ${entry.id} has ${total} ${unit}, above the cap of ${cap}; read it in slices`);
      }
      const content = await unitsOf(entry, 0, total ?? Number.MAX_SAFE_INTEGER);
      const length = typeof content === 'string' ? codePointLength(content) : content.byteLength;
      return { meta: meta(entry, length), content };
    },

    async listForTurn(principal, turnId) {
      const turn = requireTurnKey(turnId, 'turnId');
      const scope = scopeOf(principal, caps);
      if (scope === null) return [];
      return (await reader.entriesOfTurn(scope, turn)).map((r) => meta(r));
    },

    async listTurns(principal, listOptions) {
      const args = parseTurnPageArgs(listOptions);
      const scope = scopeOf(principal, caps);
      if (scope === null) return { turns: [], nextCursor: null, total: 0 };
      const pageQuery = { scope, sort: args.sort, direction: args.direction, limit: args.limit + 1, query: args.query, after: args.after, now: now() };
      const first = args.after === null && reader.firstTurnPage !== undefined ? await reader.firstTurnPage(pageQuery) : null;
      const rows = first === null ? await reader.turnPage(pageQuery) : first.rows;
      const page = rows.slice(0, args.limit);
      const withOwners = scope.kind === 'all' && caps.owners;
      const turns = page.map((t) => ({
        ...t,
        earliestExpiresAt: expiresAtJson(t.earliestExpiresAt),
        executors: [...t.executors],
        owners: withOwners ? [...t.owners] : [],
      }));
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > args.limit && last !== undefined ? encodeCursor(args.sort, args.direction, sortKeyOf(args.sort, last), last.turnId) : null;
      // A first page shorter than the limit is every turn; otherwise the backend counts them.
      const total = first !== null ? first.total : args.after === null && rows.length <= args.limit ? rows.length : await reader.turnCount(scope, args.query);
      return { turns, nextCursor, total };
    },

    async gc(principal, gcOptions) {
      const { now: at, dryRun } = parseGcArgs(gcOptions, now);
      const scope = scopeOf(principal, caps);
      if (scope === null) return toGcResult([], at, dryRun);
      if (dryRun) return toGcResult(await reader.expiredRows(scope, at), at, true);
      if (backend.writer === null || !(caps.writes || backend.gcDeletes))
        throw new ScratchpadError('READ_ONLY', `${backend.path}: opened read-only${why}, gc cannot delete`);
      return toGcResult(await backend.writer.deleteExpired(scope, at), at, false);
    },

    async stats(principal) {
      const scope = scopeOf(principal, caps);
      if (scope === null) return toStats(emptyTotals());
      const stats = toStats(await reader.statsTotals(scope, now(), SIZE_BUCKETS));
      if (scope.kind !== 'all') return stats;
      const facts = await reader.storageFacts();
      return {
        ...stats,
        byOwner: facts.byOwner.map((o) => ({ ...o })),
        fileSizeBytes: facts.fileSizeBytes,
        pageSize: facts.pageSize,
        ...(facts.freePages === undefined ? {} : { freePages: facts.freePages }),
      };
    },

    async extendTtl(principal, target, ttlSeconds) {
      requirePrincipal(principal);
      if (!caps.writes) throw readOnly('extendTtl');
      const { target: t, ttl } = parseTtlArgs(target, ttlSeconds);
      const w = writer('extendTtl');
      if ('turnId' in t) {
        const scope = scopeOf(principal, caps);
        return scope === null ? 0 : w.setExpiry(scope, { turnId: t.turnId }, now() + ttl);
      }
      const { scope, entry } = await visible(principal, t.id);
      const changed = await w.setExpiry(scope, { entryId: entry.id }, now() + ttl);
      if (changed === 0) throw notFound(t.id);
      return changed;
    },

    async recordRead(principal, input) {
      const p = requirePrincipal(principal);
      if (!caps.writes || !caps.readLog) throw readOnly('recordRead');
      const i = parseReadLogInput(input);
      const w = writer('recordRead');
      const { scope, entry } = await visible(p, i.entryId);
      const row = { entryId: entry.id, principal: principalLabel(p), mode: i.mode, start: i.start, end: i.end, truncated: i.truncated, at: i.at ?? now() };
      if (!(await w.appendReadLog(scope, row))) throw notFound(i.entryId);
    },

    async readLog(principal: Principal, selector) {
      requirePrincipal(principal);
      if (!caps.readLog) return [];
      const s = parseReadLogSelector(selector);
      if ('turnId' in s) {
        const scope = scopeOf(principal, caps);
        return scope === null ? [] : reader.readLog(scope, { turnId: s.turnId });
      }
      const { scope, entry } = await visible(principal, s.id);
      return reader.readLog(scope, { entryId: entry.id });
    },

    async iterateContent(principal, id, chunkBytes = 1_048_576) {
      const pieceBytes = parsePieceBytes(chunkBytes);
      const { entry } = await visible(principal, id);
      return readPieces(reader.chunks(entry), pieceBytes);
    },

    async jsonOutline(principal, id) {
      const { entry } = await visible(principal, id);
      if (entry.kind !== 'text') throw new ScratchpadError('INVALID_ARGUMENT', `entry ${entry.id} is binary: only a text entry has a JSON outline`);
      const total = await lengthOf(entry);
      if (total > MAX_JSON_TREE_CODE_POINTS)
        throw new ScratchpadError('TOO_LARGE', `entry ${entry.id} is ${total} code points: the JSON outline stops at ${MAX_JSON_TREE_CODE_POINTS}`);
      return outlines.get(entry, async () => {
        const outliner = createJsonOutliner();
        let sinceYield = 0;
        for await (const chunk of reader.chunks(entry)) {
          outliner.push(chunk.bytes);
          // A long scan lets other requests in between (a store worker answers them; a v2 read is synchronous).
          sinceYield += chunk.bytes.byteLength;
          if (sinceYield >= OUTLINE_YIELD_BYTES) {
            sinceYield = 0;
            await nextTurn();
          }
        }
        const outline = { ...outliner.end(), totalCodePoints: total };
        return outline.root ? { ...outline, root: await withFirstTexts(outline.root, (start, end) => unitsOf(entry, start, end) as Promise<string>) } : outline;
      });
    },

    async owners(principal) {
      const scope = scopeOf(principal, caps);
      if (scope === null || !caps.owners) return [];
      return reader.owners(scope);
    },

    dataVersion: () => reader.dataVersion(),
    close: () => backend.close(),
  };
}
