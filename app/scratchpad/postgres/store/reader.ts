import type pg from 'pg';
import type { DetectedType, ReadLogEntry } from '../../../contract';
import type { BackendReader, EntryRecord, OwnerScope, StatsTotals } from '../../core/backend';
import { ScratchpadError } from '../../types';
import { unpackHandle } from '../../core/stored-handle';
import { readUnits } from '../data/chunks';
import { SCHEMA } from '../names';
import { inTransaction, queryOnce, type PgTarget } from '../transaction';
import { entriesHolding, statsFromTotals, totalsServe } from './calls';
import { streamChunks } from './content';
import { LOG_SELECT, turnCountSql, turnPageSql } from './queries';
import { turnEntries } from './listing';
import { bindingOf, ENTRY_COLUMNS, ownerCondition, pkOfId, toEntry, type EntryRow } from './rows';
import { RowCache } from './row-cache';

/** What the reader remembers of each record it returned: its row and the scope it was found in. */
export type RecordMemory = WeakMap<EntryRecord, { readonly row: EntryRow; readonly scope: OwnerScope }>;

/** Finds entry `id` in `scope` inside the caller's transaction: one primary-key fetch, the owner in the SQL and by RLS. */
export async function findEntry(client: pg.ClientBase, scope: OwnerScope, id: string): Promise<{ record: EntryRecord; row: EntryRow } | null> {
  const pk = pkOfId(id);
  if (pk === null) return null;
  const params: unknown[] = [pk, id];
  const res = await client.query(`SELECT ${ENTRY_COLUMNS} FROM ${SCHEMA}.observations WHERE pk = $1 AND id = $2${ownerCondition(scope, params)}`, params);
  return res.rows[0] ? toEntry(res.rows[0]) : null;
}

function toLog(r: Record<string, unknown>): ReadLogEntry {
  return {
    entryId: r.id as string,
    turnId: r.turn_id as string,
    principal: r.principal as string,
    mode: r.mode as ReadLogEntry['mode'],
    unit: r.unit as ReadLogEntry['unit'],
    start: Number(r.start_unit),
    end: Number(r.end_unit),
    truncated: r.truncated as boolean,
    at: r.at as number,
  };
}

/**
 * The read side over PostgreSQL (core/backend.ts): each question one READ ONLY transaction bound to its scope
 * (transaction.ts), the scope also written into the SQL. `dataVersion` is the LISTEN/NOTIFY counter;
 * `listed` keeps each turn listing's rows for the next listing of that turn (row-cache.ts).
 */
export function createPgReader(target: PgTarget, memory: RecordMemory, dataVersion: () => Promise<number>, listed: RowCache = new RowCache()): BackendReader {
  const read = <T>(scope: OwnerScope, fn: (c: pg.PoolClient) => Promise<T>) => inTransaction(target, bindingOf(scope), { operation: 'read' }, fn);
  const remember = (found: { record: EntryRecord; row: EntryRow }, scope: OwnerScope): EntryRecord => {
    memory.set(found.record, { row: found.row, scope });
    return found.record;
  };
  const known = (entry: EntryRecord) => {
    const m = memory.get(entry);
    if (m === undefined) throw new ScratchpadError('INVALID_ARGUMENT', `entry ${entry.id} was not read from this store`);
    return m;
  };
  return {
    async entry(scope, id) {
      const found = await read(scope, (c) => findEntry(c, scope, id));
      return found === null ? null : remember(found, scope);
    },
    async idsWithPrefix(scope, prefix, limit) {
      // text_pattern_ops is not needed: ids are lowercase hex, and the range [prefix, prefix + 'g') holds exactly
      // the ids starting with prefix (the owner condition keeps the scan inside the scope, RLS again below it).
      const params: unknown[] = [prefix, `${prefix}g`, limit];
      const res = await read(scope, (c) =>
        c.query(
          `SELECT id FROM ${SCHEMA}.observations WHERE id COLLATE "C" >= $1 AND id COLLATE "C" < $2${ownerCondition(scope, params)} ORDER BY id COLLATE "C" LIMIT $3`,
          params,
        ),
      );
      return res.rows.map((r) => r.id as string);
    },
    async length(entry) {
      return known(entry).row.lengthUnits;
    },
    async facts(entry) {
      const { row, scope } = known(entry);
      const params: unknown[] = [row.pk, row.id];
      const res = await read(scope, (c) =>
        c.query(`SELECT sha256, handle, detected_type FROM ${SCHEMA}.observations WHERE pk = $1 AND id = $2${ownerCondition(scope, params)}`, params),
      );
      const r = res.rows[0] as { sha256: string; handle: string | null; detected_type: DetectedType | null } | undefined;
      if (r === undefined) return null;
      const handle = unpackHandle(r.handle, {
        id: row.id,
        step_num: row.stepNum,
        size_bytes: row.sizeBytes,
        kind: row.kind,
        summary: row.summary,
      } as Parameters<typeof unpackHandle>[1]);
      return { sha256: r.sha256, handle, detectedType: row.kind === 'binary' ? (r.detected_type ?? 'unknown') : null, lengthUnits: row.lengthUnits };
    },
    async entriesOfTurn(scope, turnId) {
      return (await turnEntries(target, scope, turnId, listed)).map((found) => remember(found, scope));
    },
    async turnPage(q) {
      const params: unknown[] = [];
      const sql = turnPageSql(q, params, (column) => ownerCondition(q.scope, params, column));
      const res = await read(q.scope, (c) => c.query(sql, params));
      return res.rows.map((r) => ({
        turnId: r.turn_id as string,
        entryCount: Number(r.entry_count),
        totalBytes: Number(r.total_bytes),
        firstCreatedAt: r.first_created as number,
        lastCreatedAt: r.last_created as number,
        earliestExpiresAt: r.earliest_expires as number,
        expiredCount: Number(r.expired_count),
        executors: r.executors as string[],
        owners: r.owners as string[],
      }));
    },
    async turnCount(scope, query) {
      const params: unknown[] = [];
      const sql = turnCountSql(query, params, (column) => ownerCondition(scope, params, column));
      const res = await read(scope, (c) => c.query(sql, params));
      return Number(res.rows[0]?.n ?? 0);
    },
    async units(entry, start, end) {
      const { row, scope } = known(entry);
      return read(scope, async (c) => {
        if (Math.min(end, row.lengthUnits) > start) return readUnits(c, row, start, end);
        const params: unknown[] = [row.pk, row.id];
        const there = await c.query(`SELECT 1 FROM ${SCHEMA}.observations WHERE pk = $1 AND id = $2${ownerCondition(scope, params)}`, params);
        if (there.rowCount === 0) return null;
        return row.kind === 'text' ? '' : new Uint8Array(0);
      });
    },
    chunks(entry, fromUnit = 0) {
      const { row, scope } = known(entry);
      return { [Symbol.asyncIterator]: () => streamChunks((fn) => read(scope, fn), row, fromUnit) };
    },
    async lineIndex(entry) {
      // Every text chunk row carries its newline count (written at put), so the index is one metadata query.
      const { row, scope } = known(entry);
      if (row.kind !== 'text') return null;
      const params: unknown[] = [row.pk, row.id];
      return read(scope, async (c) => {
        const there = await c.query(`SELECT 1 FROM ${SCHEMA}.observations WHERE pk = $1 AND id = $2${ownerCondition(scope, params)}`, params);
        if (there.rowCount === 0) return null;
        if (row.lengthUnits === 0) return [];
        // An inline row (schema 5) is its own one chunk; any other has chunks rows.
        const res = await c.query(
          `SELECT unit_start, units, newlines FROM ${SCHEMA}.chunks WHERE entry_pk = $1
          UNION ALL SELECT 0, length_units, newlines FROM ${SCHEMA}.observations WHERE pk = $1 AND data IS NOT NULL ORDER BY 1`,
          [row.pk],
        );
        return res.rows.map((r) => ({ cpStart: Number(r.unit_start), cpEnd: Number(r.unit_start) + Number(r.units), newlines: Number(r.newlines) }));
      });
    },
    async entries(scope) {
      const params: unknown[] = [];
      const res = await read(scope, (c) => c.query(`SELECT ${ENTRY_COLUMNS} FROM ${SCHEMA}.observations WHERE true${ownerCondition(scope, params)}`, params));
      return res.rows.map((r) => remember(toEntry(r), scope));
    },
    async expiredRows(scope, now) {
      const params: unknown[] = [now];
      const res = await read(scope, (c) =>
        c.query(
          `SELECT turn_id, owner, count(*) AS rows, sum(size_bytes) AS bytes FROM ${SCHEMA}.observations
        WHERE expires_at <= $1${ownerCondition(scope, params)} GROUP BY turn_id, owner`,
          params,
        ),
      );
      return res.rows.map((r) => ({ turnId: r.turn_id as string, owner: r.owner as string, rows: Number(r.rows), bytes: Number(r.bytes) }));
    },
    async mayHoldBytes(entries, needle) {
      // Entries whose chunks are shorter than the needle (tests' tiny layouts) may hold a match spanning three
      // chunks, which the server's one-boundary check would miss: they are scanned here instead.
      const asked = entries.map((e) => known(e)).filter((m) => m.row.chunkUnits >= needle.length);
      const scope = asked[0]?.scope;
      const holding =
        scope === undefined
          ? new Set<number>()
          : await entriesHolding(
              target,
              scope,
              asked.map((m) => m.row.pk),
              needle,
            );
      return entries.map((e) => {
        const { row } = known(e);
        return row.chunkUnits < needle.length || holding.has(row.pk);
      });
    },
    async statsTotals(scope, now, bounds): Promise<StatsTotals> {
      if (totalsServe(bounds)) return statsFromTotals(target, scope, now);
      // Other bucket bounds than the stored ones: one call over the rows (migrations/002), metadata only.
      const b = bindingOf(scope);
      const res = await queryOnce(target, 'read', {
        name: 'scratchpad-stats-totals',
        text: `SELECT * FROM ${SCHEMA}.stats_totals($1, $2, $3, $4)`,
        values: [b.owner, b.operator, now, [...bounds]],
      });
      const t = res.rows[0] as Record<string, string | string[]>;
      const n = (k: string) => Number(t[k] ?? 0);
      const buckets = (t.buckets ?? []) as string[];
      return {
        rows: n('rows'),
        bytes: n('bytes'),
        textRows: n('text_rows'),
        textBytes: n('text_bytes'),
        binaryRows: n('binary_rows'),
        binaryBytes: n('binary_bytes'),
        expiredRows: n('expired_rows'),
        expiredBytes: n('expired_bytes'),
        bucketRows: [...bounds, null].map((_, i) => Number(buckets[i] ?? 0)),
      };
    },
    async storageFacts() {
      return read({ kind: 'all' }, async (c) => {
        const owners = await c.query(
          `SELECT owner, count(*) AS rows, sum(size_bytes) AS bytes FROM ${SCHEMA}.observations GROUP BY owner ORDER BY owner COLLATE "C"`,
        );
        const size = await c.query(
          `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes, current_setting('block_size')::int AS page
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
          [SCHEMA],
        );
        const s = size.rows[0] as { bytes: string; page: number };
        return {
          byOwner: owners.rows.map((r) => ({ owner: r.owner as string, rows: Number(r.rows), bytes: Number(r.bytes) })),
          fileSizeBytes: Number(s.bytes),
          // No freePages: the server reuses free space itself (autovacuum), and without an extension there is no
          // count to show (a 0 here printed "free space 0 B" whatever the tables held).
          pageSize: s.page,
        };
      });
    },
    async readLog(scope, query) {
      return read(scope, async (c) => {
        if ('entryId' in query) {
          const found = await findEntry(c, scope, query.entryId);
          if (found === null) return [];
          return (await c.query(`${LOG_SELECT} WHERE r.entry_pk = $1 ORDER BY r.seq`, [found.row.pk])).rows.map(toLog);
        }
        const params: unknown[] = [query.turnId];
        return (await c.query(`${LOG_SELECT} WHERE o.turn_id = $1${ownerCondition(scope, params, 'o.owner')} ORDER BY r.seq`, params)).rows.map(toLog);
      });
    },
    async owners(scope) {
      const params: unknown[] = [];
      const res = await read(scope, (c) =>
        c.query(`SELECT DISTINCT owner COLLATE "C" AS owner FROM ${SCHEMA}.observations WHERE true${ownerCondition(scope, params)} ORDER BY 1`, params),
      );
      return res.rows.map((r) => r.owner as string);
    },
    dataVersion,
  };
}
