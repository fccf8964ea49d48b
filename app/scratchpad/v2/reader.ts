import { statSync } from 'node:fs';
import type { DetectedType, ReadLogEntry, ReadMode } from '../../contract';
import type { BackendReader, ContentChunk, EntryRecord, OwnerScope, StatsTotals, TurnRecord } from '../core/backend';
import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import { findInScope } from './lookup';
import { readByteSlice, readTextSlice } from './read';
import { META_COLUMNS, META_FROM, toRecord, type ObservationRow } from './rows';
import { CHUNK_KEY_SPAN } from './schema';
import { scopeSql } from './scope';
import { expiredByTurn, firstTurnPageOf, statsFromTurns, turnCountOf, turnPageOf } from './turn-queries';
import { unpackHandle } from '../core/stored-handle';
import { restoreInlineText, SHARED_SUMMARY_SQL } from './inline-text';
import { chunkAt as chunkOf, CHUNKS_OF_ENTRY, PAGE_UNITS, removedDuringScan, type ChunkRow } from './chunk-rows';
import { scanMemory } from './scan-memory';

/**
 * The one chunk of content written inline (schema 10), with the row's `\n` count (NULL for binary) and, when
 * `data` leaves part of a text to its summary (schema 11, inline-text.ts), the summary's bytes.
 */
const INLINE_OF_ENTRY = `SELECT data, newlines, ${SHARED_SUMMARY_SQL} FROM observations WHERE pk = @pk AND id = @id`;
const LINES_OF_ENTRY = `SELECT key, newlines FROM chunk_lines WHERE key BETWEEN @from AND @to
  AND EXISTS (SELECT 1 FROM observations WHERE pk = @pk AND id = @id) ORDER BY key`;
const LINES_OF_ROW = 'SELECT newlines FROM observations WHERE pk = ? AND id = ?';

function totalsSql(bounds: readonly number[]): string {
  const buckets = [...bounds, null]
    .map((up, i) => {
      const low = i === 0 ? null : bounds[i - 1];
      const conds = [low === null ? null : `size_bytes > ${Number(low)}`, up === null ? null : `size_bytes <= ${Number(up)}`].filter((c) => c !== null);
      return `coalesce(sum(${conds.join(' AND ')}), 0) AS b${i}`;
    })
    .join(', ');
  return `SELECT count(*) AS rows, coalesce(sum(size_bytes), 0) AS bytes,
  coalesce(sum(kind = 'text'), 0) AS text_rows, coalesce(sum(CASE WHEN kind = 'text' THEN size_bytes ELSE 0 END), 0) AS text_bytes,
  coalesce(sum(kind = 'binary'), 0) AS binary_rows, coalesce(sum(CASE WHEN kind = 'binary' THEN size_bytes ELSE 0 END), 0) AS binary_bytes,
  coalesce(sum(expires_at <= @now), 0) AS expired_rows, coalesce(sum(CASE WHEN expires_at <= @now THEN size_bytes ELSE 0 END), 0) AS expired_bytes,
  ${buckets} FROM observations WHERE 1 = 1`;
}

function fileBytes(path: string): number {
  let size = 0;
  for (const p of [path, `${path}-wal`]) {
    try {
      size += statSync(p).size;
    } catch {
      // no WAL file: nothing to add
    }
  }
  return size;
}

interface LogRow {
  readonly id: string;
  readonly turn_id: string;
  readonly principal: string;
  readonly mode: ReadMode;
  readonly unit: 'code_points' | 'bytes';
  readonly start: number;
  readonly end: number;
  readonly truncated: number;
  readonly at: number;
}
const LOG_COLUMNS = 'o.id, o.turn_id, r.principal, r.mode, r.unit, r.start, r.end, r.truncated, r.at';

/**
 * The read side of a v2 file (core/backend.ts). `rows` remembers the stored row behind each record it returned,
 * so content questions need no second lookup (and re-check the row's id, since gc frees row numbers).
 */
export function createV2Reader(ctx: StoreContext, rows: WeakMap<EntryRecord, ObservationRow>): BackendReader {
  const remember = (row: ObservationRow): EntryRecord => {
    const record = toRecord(row);
    rows.set(record, row);
    return record;
  };
  const rowOf = (entry: EntryRecord): ObservationRow => {
    const row = rows.get(entry);
    if (row === undefined) throw new ScratchpadError('INVALID_ARGUMENT', `entry ${entry.id} was not read from this file`);
    return row;
  };
  // The last page of chunks read (at most PAGE_UNITS units) and the chunk before it: the next search page
  // usually starts there.
  let lastPage: { readonly pk: number; readonly id: string; readonly seq: number; readonly rows: readonly ChunkRow[] } | null = null;
  const stillThere = (row: ObservationRow) => ctx.stmt('SELECT 1 FROM observations WHERE pk = ? AND id = ?').get(row.pk, row.id) !== undefined;
  return {
    async entry(scope, id) {
      return ctx.query(() => {
        const row = findInScope(ctx, scope, id);
        return row === null ? null : remember(row);
      });
    },
    async idsWithPrefix(scope, prefix, limit) {
      const filter = scopeSql(scope);
      return ctx.query(() =>
        (
          ctx
            .stmt(`SELECT id FROM observations WHERE substr(id, 1, length(@prefix)) = @prefix${filter.sql} ORDER BY id LIMIT @limit`)
            .all({ prefix, limit, ...filter.params }) as { id: string }[]
        ).map((r) => r.id),
      );
    },
    async length(entry) {
      return rowOf(entry).length_units;
    },
    async facts(entry) {
      const row = rowOf(entry);
      return ctx.read(() => {
        const extra = ctx.stmt('SELECT sha256, handle, detected_type FROM observations WHERE pk = ? AND id = ?').get(row.pk, row.id) as
          { sha256: string; handle: string | null; detected_type: DetectedType | null } | undefined;
        if (extra === undefined) return null;
        return {
          sha256: extra.sha256,
          handle: unpackHandle(extra.handle, row),
          detectedType: row.kind === 'binary' ? (extra.detected_type ?? 'unknown') : null,
          lengthUnits: row.length_units,
        };
      });
    },
    async entriesOfTurn(scope, turnId) {
      const filter = scopeSql(scope, 'o.owner');
      return ctx.read(() =>
        (
          ctx
            .stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE turn_id = @turn${filter.sql} ORDER BY step_num NULLS LAST, created_at, o.pk`)
            .all({ turn: turnId, ...filter.params }) as ObservationRow[]
        ).map(remember),
      );
    },
    async turnPage(q): Promise<TurnRecord[]> {
      return turnPageOf(ctx, q);
    },
    async turnCount(scope, query) {
      return turnCountOf(ctx, scope, query);
    },
    async firstTurnPage(q) {
      return firstTurnPageOf(ctx, q);
    },
    async units(entry, start, end) {
      const row = rowOf(entry);
      const to = Math.min(end, row.length_units);
      return ctx.query(() => {
        if (to <= start) return stillThere(row) ? (row.kind === 'text' ? '' : new Uint8Array(0)) : null;
        if (row.kind === 'text') return readTextSlice(ctx, row, start, to);
        const bytes = readByteSlice(ctx, row, start, to);
        return bytes === null ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      });
    },
    chunks(entry, fromUnit = 0, options) {
      const row = rowOf(entry);
      const stmt = options?.scan === true ? (sql: string) => ctx.scanStmt(sql) : (sql: string) => ctx.stmt(sql);
      const count = Math.ceil(row.length_units / row.chunk_units);
      const base = row.pk * CHUNK_KEY_SPAN;
      // The chunk holding unit u is number floor(u / chunk_units) (schema.ts).
      const first = Math.floor(Math.max(0, fromUnit) / row.chunk_units);
      const chunkAt = (seq: number, chunk: ChunkRow): ContentChunk => chunkOf(row, seq, chunk);
      return {
        async *[Symbol.asyncIterator](): AsyncGenerator<ContentChunk> {
          let from = first;
          let resumed = false;
          // A scan that starts in the last page read (a search page resuming where the previous one stopped)
          // takes those chunks from it, once the entry is known to be still there (chunks never change while
          // their entry exists; gc removes both).
          const kept = lastPage;
          if (kept !== null && kept.pk === row.pk && kept.id === row.id && from >= kept.seq && from < kept.seq + kept.rows.length) {
            if (!ctx.query(() => stillThere(row))) throw new ScratchpadError('NOT_FOUND', removedDuringScan(row.id));
            for (; from < kept.seq + kept.rows.length; from++) yield chunkAt(from, kept.rows[from - kept.seq]!);
            resumed = true;
          }
          const perPage = Math.max(1, Math.floor(PAGE_UNITS / row.chunk_units));
          // Pages grow from one chunk: a caller that stops early (a search page full of hits, a slice) reads
          // little more than it uses; a whole scan reaches full pages after a few statements. A resumed scan
          // reads full pages at once: what it does not use stays in the last page for the next one.
          let size = resumed ? perPage : 1;
          for (let seq = from; seq < count; seq += size, size = Math.min(perPage, size * 2)) {
            const last = Math.min(count, seq + size) - 1;
            const page = ctx.query(() =>
              row.inline === 1
                ? (stmt(INLINE_OF_ENTRY).all({ pk: row.pk, id: row.id }) as ChunkRow[]).map((c) => ({
                    data: restoreInlineText(c.data, row, c.shared ?? null, ctx.path, row.id),
                    newlines: c.newlines,
                  }))
                : stmt(CHUNKS_OF_ENTRY).all({ from: base + seq, to: base + last, pk: row.pk, id: row.id }),
            ) as ChunkRow[];
            if (page.length !== last - seq + 1) throw new ScratchpadError('NOT_FOUND', removedDuringScan(row.id));
            // A scan (search) frees the chunk Buffers it is done with on this thread as it goes (scan-memory.ts).
            if (options?.scan === true) scanMemory().read(page.reduce((n, c) => n + c.data.length, 0));
            // Kept with the chunk before it: a search page resumes one chunk before the chunk it stopped in.
            const before = lastPage;
            lastPage =
              before !== null && before.pk === row.pk && before.id === row.id && before.seq + before.rows.length === seq
                ? { pk: row.pk, id: row.id, seq: seq - 1, rows: [before.rows[before.rows.length - 1]!, ...page] }
                : { pk: row.pk, id: row.id, seq, rows: page };
            for (let k = 0; k < page.length; k++) yield chunkAt(seq + k, page[k]!);
          }
        },
      };
    },
    async lineIndex(entry) {
      const row = rowOf(entry);
      if (row.kind !== 'text') return null;
      const count = Math.ceil(row.length_units / row.chunk_units);
      const base = row.pk * CHUNK_KEY_SPAN;
      return ctx.read(() => {
        if (count === 1) {
          const one = ctx.stmt(LINES_OF_ROW).get(row.pk, row.id) as { newlines: number | null } | undefined;
          if (one === undefined) return null;
          if (one.newlines === null) throw new ScratchpadError('CORRUPT', `${ctx.path}: entry ${row.id} has no line count`);
          return [{ cpStart: 0, cpEnd: row.length_units, newlines: one.newlines }];
        }
        const found = ctx.stmt(LINES_OF_ENTRY).all({ from: base, to: base + count - 1, pk: row.pk, id: row.id }) as { key: number; newlines: number }[];
        if (found.length !== count) {
          if (!stillThere(row)) return null;
          throw new ScratchpadError('CORRUPT', `${ctx.path}: line index of entry ${row.id} has ${found.length} of ${count} chunks`);
        }
        return found.map((l, seq) => ({
          cpStart: seq * row.chunk_units,
          cpEnd: Math.min(row.length_units, (seq + 1) * row.chunk_units),
          newlines: l.newlines,
        }));
      });
    },
    async entries(scope) {
      const filter = scopeSql(scope, 'o.owner');
      return ctx.read(() =>
        (ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE 1 = 1${filter.sql}`).all({ ...filter.params }) as ObservationRow[]).map(remember),
      );
    },
    async entriesFrom(scope, from, limit) {
      const filter = scopeSql(scope, 'o.owner');
      const after = from === null ? '' : ' AND (o.created_at > @createdAt OR (o.created_at = @createdAt AND o.id >= @id))';
      const at = from === null ? {} : { createdAt: from.createdAt, id: from.id };
      return ctx.read(() =>
        (
          ctx.stmt(`SELECT ${META_COLUMNS} FROM ${META_FROM} WHERE 1 = 1${after}${filter.sql} ORDER BY o.created_at, o.id LIMIT @limit`).all({
            ...at,
            limit,
            ...filter.params,
          }) as ObservationRow[]
        ).map(remember),
      );
    },
    async expiredRows(scope, now) {
      return expiredByTurn(ctx, scope, now);
    },
    async statsTotals(scope, now, bounds): Promise<StatsTotals> {
      const fromTurns = statsFromTurns(ctx, scope, now, bounds);
      if (fromTurns !== null) return fromTurns;
      const filter = scopeSql(scope);
      const t = ctx.read(() => ctx.stmt(`${totalsSql(bounds)}${filter.sql}`).get({ now, ...filter.params })) as Record<string, number>;
      return {
        rows: t.rows ?? 0,
        bytes: t.bytes ?? 0,
        textRows: t.text_rows ?? 0,
        textBytes: t.text_bytes ?? 0,
        binaryRows: t.binary_rows ?? 0,
        binaryBytes: t.binary_bytes ?? 0,
        expiredRows: t.expired_rows ?? 0,
        expiredBytes: t.expired_bytes ?? 0,
        bucketRows: [...bounds, null].map((_, i) => t[`b${i}`] ?? 0),
      };
    },
    async storageFacts() {
      return ctx.read(() => ({
        byOwner: ctx.stmt('SELECT owner, sum(entry_count) AS rows, sum(total_bytes) AS bytes FROM turns GROUP BY owner ORDER BY owner').all() as {
          owner: string;
          rows: number;
          bytes: number;
        }[],
        fileSizeBytes: fileBytes(ctx.path),
        pageSize: ctx.db.pragma('page_size', { simple: true }) as number,
        freePages: ctx.db.pragma('freelist_count', { simple: true }) as number,
      }));
    },
    async readLog(scope, query): Promise<ReadLogEntry[]> {
      const found = ctx.read(() => {
        if ('entryId' in query) {
          const entry = findInScope(ctx, scope, query.entryId);
          if (entry === null) return [];
          return ctx
            .stmt(`SELECT ${LOG_COLUMNS} FROM read_log r JOIN observations o ON o.pk = r.entry_pk WHERE r.entry_pk = ? ORDER BY r.seq`)
            .all(entry.pk) as LogRow[];
        }
        const filter = scopeSql(scope, 'o.owner');
        return ctx
          .stmt(`SELECT ${LOG_COLUMNS} FROM read_log r JOIN observations o ON o.pk = r.entry_pk WHERE o.turn_id = @turnId${filter.sql} ORDER BY r.seq`)
          .all({ turnId: query.turnId, ...filter.params }) as LogRow[];
      });
      return found.map((r) => ({
        entryId: r.id,
        turnId: r.turn_id,
        principal: r.principal,
        mode: r.mode,
        unit: r.unit,
        start: r.start,
        end: r.end,
        truncated: r.truncated === 1,
        at: r.at,
      }));
    },
    async owners(scope: OwnerScope) {
      return ctx.read(() => {
        if (scope.kind === 'all') return (ctx.stmt('SELECT DISTINCT owner FROM turns ORDER BY owner').all() as { owner: string }[]).map((r) => r.owner);
        return ctx.stmt('SELECT 1 FROM turns WHERE owner = ? LIMIT 1').get(scope.owner) === undefined ? [] : [scope.owner];
      });
    },
    async dataVersion() {
      return ctx.read(() => ctx.dataVersion());
    },
    searchLanes() {
      return ctx.searchLanes((entry) => rows.get(entry));
    },
  };
}
