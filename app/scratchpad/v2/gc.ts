import type { ExpiredRecord, OwnerScope } from '../core/backend';
import { ScratchpadError } from '../types';
import type { StoreContext } from './context';
import { CHUNK_KEY_SPAN } from './schema';
import { recomputeTurn } from './turn-totals';

/*
 * gc's deletion on a v2 file. Where the time goes (10,000 expired 8 KiB rows interleaved with 10,000 kept ones):
 * nearly all of it is B-tree pages SQLite must read and rewrite, not statements. The doomed rows sit on the same
 * leaves as kept ones: since schema 10 an 8 KiB row's content is inline and ~1,430 bytes of it stay on its leaf, two
 * rows a leaf, so the transaction writes ~10,000 observations leaves (plus the freelist, the turn index and
 * `turns`, ~200), reads each deleted row's first overflow page to free its chain, and its commit passes the WAL's
 * auto-checkpoint, which copies those pages into the file. How many leaves a gc writes depends on the rows' size
 * (FORMAT.md gives the figures by size against the layout before).
 *
 * So the SQL is set-based and reads only what it must: the doomed rows are found from the per-turn aggregates
 * (only turns whose earliest expiry is due, through the turn index: never a scan of every row, and never a table
 * row), each table is deleted from by one statement that loops inside SQLite over the doomed keys in storage
 * order, and each touched turn's aggregates are recomputed once (not once per row).
 */

/** The doomed rows: only turns whose earliest expiry is due, each read through the turn index (t first: CROSS JOIN). */
const DOOMED_FROM = (ownerFilter: string) => `turns AS t CROSS JOIN observations AS o ON o.turn_id = t.turn_id AND o.owner = t.owner
  WHERE t.earliest_expires <= @now${ownerFilter} AND o.expires_at <= @now`;
/*
 * Answers built inside SQLite rather than one JavaScript object per doomed row (making 10,000 row objects
 * cost more than finding the rows): the sorted pks as one JSON array, the keys of their chunk 0, the pks of
 * the rows of more than one chunk, and the rows and bytes per turn. All from the turn index alone: a row of two
 * or more chunks is told by its chunk 1 (one seek into `chunks`, nearly empty since schema 10), not by its
 * `length_units` and `chunk_units`, which are in the table row: reading those made this statement read every
 * doomed row's leaf (10,000 leaves for the bench's interleaved rows, two to a leaf since content is inline),
 * 10,000 more page reads than the delete's own.
 */
const PKS = (from: string) =>
  `SELECT coalesce(json_group_array(pk), '[]') AS pks, coalesce(json_group_array(pk * ${CHUNK_KEY_SPAN}), '[]') AS firsts,
    coalesce(json_group_array(pk) FILTER (WHERE EXISTS (SELECT 1 FROM chunks AS c WHERE c.key = pk * ${CHUNK_KEY_SPAN} + 1)), '[]') AS multi
  FROM (SELECT o.pk AS pk FROM ${from} ORDER BY o.pk)`;
const PER_TURN = (from: string) =>
  `SELECT t.turn_id AS turnId, t.owner AS owner, count(*) AS rows, sum(o.size_bytes) AS bytes FROM ${from} GROUP BY t.turn_id, t.owner`;
const OF_OWNER = { pks: PKS(DOOMED_FROM(' AND t.owner = @owner')), perTurn: PER_TURN(DOOMED_FROM(' AND t.owner = @owner')) };
const OF_ALL = { pks: PKS(DOOMED_FROM('')), perTurn: PER_TURN(DOOMED_FROM('')) };

/**
 * The SQL gc finds its doomed rows with, per scope (`owner`: parameters @now, Unix seconds, and @owner; `all`:
 * @now): one row of JSON arrays `pks`, `firsts` (chunk 0 keys), `multi` (pks of rows of 2+ chunks). Exported so a
 * test can check its plan reads the turn index, never the table.
 */
export const GC_DOOMED_SQL: Readonly<Record<OwnerScope['kind'], string>> = { owner: OF_OWNER.pks, all: OF_ALL.pks };
/*
 * A row written before schema 10 has a chunk 0, deleted by key (an inline row has none: its key is sought in
 * vain, cheaply); only a row of two or more chunks has others, and only such a text has line counts (chunk_lines,
 * schema 8), so those two range deletes run over these rows alone (most gc batches have none). The range join alone, for every chunk, sought each key twice: 20-30% more CPU.
 */
const DELETE_FIRSTS = 'DELETE FROM chunks WHERE key IN (SELECT value FROM json_each(?))';
const DELETE_RESTS = `DELETE FROM chunks WHERE key IN (SELECT c.key FROM json_each(?) AS j
  JOIN chunks AS c ON c.key > j.value * ${CHUNK_KEY_SPAN} AND c.key < (j.value + 1) * ${CHUNK_KEY_SPAN})`;
const DELETE_LINES = `DELETE FROM chunk_lines WHERE key IN (SELECT l.key FROM json_each(?) AS j
  JOIN chunk_lines AS l ON l.key >= j.value * ${CHUNK_KEY_SPAN} AND l.key < (j.value + 1) * ${CHUNK_KEY_SPAN})`;
const DELETE_LOG = 'DELETE FROM read_log WHERE entry_pk IN (SELECT value FROM json_each(?))';
const DELETE_ROWS = 'DELETE FROM observations WHERE pk IN (SELECT value FROM json_each(?))';

/**
 * Deletes every row in `scope` with expires_at <= `now` (Unix seconds), with its chunks, line counts and read
 * log, in one write transaction, and recomputes the aggregates of the turns it touched. Returns one record per
 * (turn, owner) with the rows and bytes removed. BUSY (and nothing deleted) when the rows changed under it.
 */
export function deleteExpiredRows(ctx: StoreContext, scope: OwnerScope, now: number): ExpiredRecord[] {
  const sql = scope.kind === 'owner' ? OF_OWNER : OF_ALL;
  const params = scope.kind === 'owner' ? { now, owner: scope.owner } : { now };
  return ctx.write((): ExpiredRecord[] => {
    const turns = ctx.stmt(sql.perTurn).all(params) as { turnId: string; owner: string; rows: number; bytes: number }[];
    if (turns.length === 0) return [];
    // One statement per table, looping inside SQLite over the doomed pks (in storage order).
    const { pks, firsts, multi } = ctx.stmt(sql.pks).get(params) as { pks: string; firsts: string; multi: string };
    ctx.stmt(DELETE_FIRSTS).run(firsts);
    if (multi !== '[]') {
      ctx.stmt(DELETE_RESTS).run(multi);
      ctx.stmt(DELETE_LINES).run(multi);
    }
    if (ctx.stmt('SELECT 1 FROM read_log LIMIT 1').get() !== undefined) ctx.stmt(DELETE_LOG).run(pks);
    const deleted = ctx.stmt(DELETE_ROWS).run(pks).changes;
    const expected = turns.reduce((n, t) => n + t.rows, 0);
    if (deleted !== expected) throw new ScratchpadError('BUSY', `${ctx.path}: rows changed during gc; nothing was deleted`);
    for (const t of turns) recomputeTurn(ctx, t.owner, t.turnId);
    return turns;
  });
}
