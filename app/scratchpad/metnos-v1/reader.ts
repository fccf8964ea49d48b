import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { BackendReader, ContentChunk, EntryFacts, StatsTotals, TurnPageQuery, TurnRecord, TurnSort } from '../core/backend';
import { utf8Chunks } from '../core/utf8-chunks';
import { detectType, MAGIC_PREFIX_BYTES } from '../magic';
import { turnAfterSql, turnOrderSql } from '../turn-order-sql';
import { ScratchpadError } from '../types';
import { scanChunks, ValueChangedError, type ByteSource } from './byte-source';
import { withRow, type V1Env } from './env';
import { expiredByTurn } from './gc';
import { buildLineIndex, chunksFromIndex, type V1ChunkSpan } from './line-index';
import { allRows, EXPIRES_SQL, findRow, finiteSql, findValueRow, kindOf, rowsOfTurn, toRecord, type V1ValueRow } from './rows';
import { readTextSlice, scanText, type TextIndex } from './text-index';
import { ID_KEY_SQL, TURN_KEY_SQL } from './keys';
import { mapV1Error, withV1Errors } from './v1-errors';
import { computeTextIndex, rowByteSource, type ValueFacts } from './value-source';

/** WHATWG UTF-8 decoding with U+FFFD for invalid bytes; a leading BOM is kept as U+FEFF (it is a code point). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function textIndexOf(env: V1Env, row: V1ValueRow, facts: ValueFacts, source: ByteSource): TextIndex {
  facts.textIndex ??= computeTextIndex(env.ctx, row, source, env.tuning);
  return facts.textIndex;
}

function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const CREATED_SQL = finiteSql('created_at', '0');

/** SQL of each sort key over the grouped entries of a turn, the same expression as its column (constants; `@now` bound). */
function sortKeySql(sort: TurnSort, bytesSql: string): string {
  switch (sort) {
    case 'lastCreated':
      return `max(${CREATED_SQL})`;
    case 'totalBytes':
      return `coalesce(sum(${bytesSql}), 0)`;
    case 'turnId':
      return TURN_KEY_SQL;
    case 'entryCount':
      return 'count(*)';
    case 'firstCreated':
      return `min(${CREATED_SQL})`;
    case 'earliestExpires':
      return `min(${EXPIRES_SQL})`;
    case 'expiredCount':
      return 'count(CASE WHEN expires_at <= @now THEN 1 END)';
  }
}

const QUERY_WHERE = "WHERE turn_id IN (SELECT turn_id FROM entries WHERE turn_id LIKE @q ESCAPE '\\' OR executor_name LIKE @q ESCAPE '\\')";

/** Turns of the whole file (v1 has no owners): one statement per sort, the query as LIKE on id or executor. */
function turnPage(env: V1Env, q: TurnPageQuery): TurnRecord[] {
  const { ctx } = env;
  const keySql = sortKeySql(q.sort, ctx.bytesSql);
  const where = q.query ? QUERY_WHERE : '';
  const having = q.after ? `HAVING ${turnAfterSql(keySql, TURN_KEY_SQL, q.direction)}` : '';
  const sql = `SELECT ${TURN_KEY_SQL} AS turnId, count(*) AS entryCount, coalesce(sum(${ctx.bytesSql}), 0) AS totalBytes,
      min(${CREATED_SQL}) AS firstCreatedAt, max(${CREATED_SQL}) AS lastCreatedAt, min(${EXPIRES_SQL}) AS earliestExpiresAt,
      count(CASE WHEN expires_at <= @now THEN 1 END) AS expiredCount, json_group_array(DISTINCT executor_name) AS executors
    FROM entries ${where} GROUP BY turn_id ${having}
    ORDER BY ${turnOrderSql(keySql, TURN_KEY_SQL, q.direction)} LIMIT @limit`;
  const params: Record<string, unknown> = { now: q.now, limit: q.limit };
  if (q.query) params.q = likePattern(q.query);
  if (q.after) Object.assign(params, q.sort === 'turnId' ? { ct: q.after.turnId } : { ck: q.after.key, ct: q.after.turnId });
  const rows = ctx.stmt(sql).all(params) as (Omit<TurnRecord, 'executors' | 'owners'> & { executors: string })[];
  return rows.map((r) => ({ ...r, executors: (JSON.parse(r.executors) as unknown[]).filter((e): e is string => typeof e === 'string').sort(), owners: [] }));
}

function turnCount(env: V1Env, query: string | null): number {
  const { ctx } = env;
  if (query === null) return ctx.stmt('SELECT count(DISTINCT turn_id) FROM entries').pluck().get() as number;
  return ctx
    .stmt(`SELECT count(DISTINCT turn_id) FROM entries ${QUERY_WHERE}`)
    .pluck()
    .get({ q: likePattern(query) }) as number;
}

/** Totals over every row, from record headers only (no overflow walk); expired figures use the runtime's index. */
function totals(env: V1Env, now: number, bounds: readonly number[]): StatsTotals {
  const { ctx } = env;
  const edges = [...bounds, null];
  const buckets = edges.map((edge, i) => {
    const low = i === 0 ? null : bounds[i - 1];
    const conds = [low == null ? null : `b > ${Number(low)}`, edge === null ? null : `b <= ${Number(edge)}`].filter((c) => c !== null);
    return `coalesce(sum(${conds.join(' AND ')}), 0) AS b${i}`;
  });
  const t = ctx
    .stmt(
      `SELECT count(*) AS rows, coalesce(sum(b), 0) AS bytes,
         coalesce(sum(k IS 'text'), 0) AS textRows, coalesce(sum(CASE WHEN k IS 'text' THEN b END), 0) AS textBytes,
         ${buckets.join(', ')}
       FROM (SELECT coalesce(${ctx.bytesSql}, 0) AS b, content_kind AS k FROM entries)`,
    )
    .get() as Record<string, number>;
  const expired = ctx
    .stmt(`SELECT count(*) AS expiredRows, coalesce(sum(coalesce(${ctx.bytesSql}, 0)), 0) AS expiredBytes FROM entries WHERE expires_at <= ?`)
    .get(now) as { expiredRows: number; expiredBytes: number };
  const rows = t.rows ?? 0;
  const bytes = t.bytes ?? 0;
  const textRows = t.textRows ?? 0;
  const textBytes = t.textBytes ?? 0;
  return {
    rows,
    bytes,
    textRows,
    textBytes,
    binaryRows: rows - textRows,
    binaryBytes: bytes - textBytes,
    expiredRows: expired.expiredRows,
    expiredBytes: expired.expiredBytes,
    bucketRows: edges.map((_, i) => t[`b${i}`] ?? 0),
  };
}

/** Windows of `source` from byte `from` (a window boundary), as scanChunks reads them from 0. */
function* scanFrom(source: ByteSource, windowBytes: number, from: number): Generator<Uint8Array> {
  for (let offset = from; offset < source.byteLength;) {
    const chunk = source.read(offset, windowBytes);
    if (chunk.length === 0) throw new ValueChangedError('value ended early');
    offset += chunk.length;
    yield chunk;
  }
}

/** A stream that fails at its first step: the entry is gone. */
function removed(id: string): AsyncIterable<ContentChunk> {
  return {
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new ScratchpadError('NOT_FOUND', `entry ${id} was removed during the export`)) }),
  };
}

/**
 * The read side of a Metnos v1 file (core/backend.ts). Every question is about all rows (the core never asks a
 * user's scope: v1 rows have no owner). Text lengths are not stored: they are counted on first need and cached
 * while the value is unchanged.
 */
export function createV1Reader(env: V1Env): BackendReader {
  const { ctx } = env;
  const read = <T>(fn: () => T): Promise<T> => Promise.resolve(withV1Errors(ctx.path, 'read', fn));
  const absent = <T>(fn: () => T): T | null => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ScratchpadError && e.code === 'NOT_FOUND') return null;
      throw e;
    }
  };
  /** The row's line index, built in one pass on first need and kept in its facts (withRow retries on change). */
  const lineIndexOf = (id: string): V1ChunkSpan[] =>
    withRow(env, id, findValueRow, (row, facts) => {
      const source = rowByteSource(ctx, row);
      facts.lineIndex ??= buildLineIndex(source, env.tuning.scanWindowBytes(source.byteLength));
      return facts.lineIndex;
    });
  return {
    // The primary key's index answers a range: ids in [prefix, prefix + 'g') start with the hex prefix.
    idsWithPrefix: (_scope, prefix, limit) =>
      read(() =>
        (
          ctx.stmt(`SELECT ${ID_KEY_SQL} AS id FROM entries WHERE id >= ? AND id < ? ORDER BY id LIMIT ?`).all(prefix, `${prefix}g`, limit) as { id: string }[]
        ).map((r) => r.id),
      ),
    entry: (_scope, id) =>
      read(() => {
        const row = findRow(ctx, id);
        if (!row) return null;
        const known = env.cache.peek(row)?.textIndex?.codePoints ?? null;
        return toRecord(row, known);
      }),
    length: async (entry) =>
      absent(() =>
        withRow(env, entry.id, findValueRow, (row, facts) => {
          const source = rowByteSource(ctx, row);
          return kindOf(row) === 'binary' ? source.byteLength : textIndexOf(env, row, facts, source).codePoints;
        }),
      ),
    facts: async (entry): Promise<EntryFacts | null> =>
      absent(() =>
        withRow(env, entry.id, findRow, (row, facts) => {
          const source = rowByteSource(ctx, row);
          const kind = kindOf(row);
          if (!facts.sha256 || (kind === 'text' && !facts.textIndex)) {
            const hash = createHash('sha256');
            if (kind === 'text' && !facts.textIndex) facts.textIndex = scanText(source, env.tuning, (bytes) => hash.update(bytes));
            else for (const chunk of scanChunks(source, env.tuning.scanWindowBytes(source.byteLength))) hash.update(chunk);
            facts.sha256 = hash.digest('hex');
          }
          return {
            sha256: facts.sha256,
            handle: null,
            detectedType: kind === 'binary' ? detectType(source.read(0, MAGIC_PREFIX_BYTES)) : null,
            lengthUnits: kind === 'text' ? facts.textIndex!.codePoints : source.byteLength,
          };
        }),
      ),
    entriesOfTurn: (_scope, turnId) => read(() => rowsOfTurn(ctx, turnId).map((r) => toRecord(r, env.cache.peek(r)?.textIndex?.codePoints ?? null))),
    turnPage: (q) => read(() => turnPage(env, q)),
    turnCount: (_scope, query) => read(() => turnCount(env, query)),
    units: async (entry, start, end) =>
      absent(() =>
        withRow(env, entry.id, findValueRow, (row, facts) => {
          const source = rowByteSource(ctx, row);
          if (kindOf(row) === 'binary') {
            const to = Math.min(end, source.byteLength);
            return new Uint8Array(source.read(start, Math.max(0, to - start)));
          }
          // A whole small value needs no index: fewer bytes than asked means fewer code points too.
          if (start === 0 && end >= source.byteLength && !facts.textIndex) return decoder.decode(source.read(0, source.byteLength));
          const index = textIndexOf(env, row, facts, source);
          return decoder.decode(readTextSlice(source, index, start, Math.min(end, index.codePoints), env.tuning));
        }),
      ),
    chunks(entry, fromUnit = 0) {
      const row = withV1Errors(ctx.path, 'read', () => findValueRow(ctx, entry.id));
      if (!row) return removed(entry.id);
      const source = rowByteSource(ctx, row);
      const windowBytes = env.tuning.scanWindowBytes(source.byteLength);
      const guarded = function* <T>(inner: () => Iterable<T>): Generator<T> {
        try {
          yield* inner();
        } catch (error) {
          if (error instanceof ValueChangedError) throw new ScratchpadError('BUSY', `${ctx.path}: entry ${entry.id} changed or was deleted during the export`);
          throw mapV1Error(error, ctx.path, 'read');
        }
      };
      if (kindOf(row) === 'text') {
        // From a later chunk (a search cursor): the line index gives each chunk's bytes, so nothing before it is read.
        const known = env.cache.peek(row)?.lineIndex;
        if (fromUnit > 0 || known) {
          const spans = known ?? absent(() => lineIndexOf(entry.id));
          if (spans === null) return removed(entry.id);
          return (async function* () {
            yield* guarded(() => chunksFromIndex(source, spans, fromUnit));
          })();
        }
        return utf8Chunks(guarded(() => scanChunks(source, windowBytes)));
      }
      // Binary chunks are the windows themselves: chunk k holds bytes [k * windowBytes, (k + 1) * windowBytes).
      const first = Math.floor(Math.max(0, fromUnit) / windowBytes) * windowBytes;
      return (async function* () {
        let at = first;
        for (const bytes of guarded(() => scanFrom(source, windowBytes, first))) {
          yield { bytes, start: at, end: at + bytes.length };
          at += bytes.length;
        }
      })();
    },
    lineIndex: async (entry, options) =>
      absent(() => {
        const row = findValueRow(ctx, entry.id);
        if (!row || kindOf(row) !== 'text') return null;
        if (options?.build === false) return env.cache.peek(row)?.lineIndex ?? null;
        return lineIndexOf(entry.id);
      }),
    entries: () => read(() => allRows(ctx).map((r) => toRecord(r, env.cache.peek(r)?.textIndex?.codePoints ?? null))),
    expiredRows: (_scope, now) => read(() => expiredByTurn(ctx.db, ctx.bytesSql, now)),
    statsTotals: (_scope, now, bounds) => read(() => totals(env, now, bounds)),
    storageFacts: () =>
      read(() => {
        const t = ctx.stmt(`SELECT count(*) AS rows, coalesce(sum(coalesce(${ctx.bytesSql}, 0)), 0) AS bytes FROM entries`).get() as {
          rows: number;
          bytes: number;
        };
        return {
          byOwner: t.rows > 0 ? [{ owner: null, rows: t.rows, bytes: t.bytes }] : [],
          fileSizeBytes: statSync(ctx.path).size,
          pageSize: ctx.db.pragma('page_size', { simple: true }) as number,
          freePages: ctx.db.pragma('freelist_count', { simple: true }) as number,
        };
      }),
    readLog: async () => [],
    owners: async () => [],
    dataVersion: () => read(() => ctx.db.pragma('data_version', { simple: true }) as number),
  };
}
