import type { StoreContext } from './context';

/*
 * Per-(owner, turn) aggregates in table `turns` (migration 7), kept current inside the same write transaction
 * as every change to `observations` (put: a trigger, gc and extendTtl: a recompute), so they are exact under
 * concurrent writers: SQLite serialises write transactions, and each one updates the row of its own turn.
 * listTurns, its total, stats and a gc dry run read these ~10,000 rows instead of ~60,000 observations. The key
 * is (turn_id, owner), so the operator's page (every owner of a turn summed) groups in key order without a sort.
 *
 * What depends on `now` (expired counts) cannot be stored: a turn whose rows all expired (latest_expires <= now)
 * counts entry_count, one with none expired (earliest_expires > now) counts 0, and only a turn whose rows
 * straddle `now` counts its rows through the turn index.
 */

/** Bucket upper bounds (bytes) whose counts the table stores: the core's SIZE_BUCKETS (core/records.ts). */
export const STORED_BUCKET_BOUNDS: readonly number[] = [1_024, 16_384, 262_144, 1_048_576, 16_777_216, 268_435_456];
/** Separator of the executor names in `turns.executors` (a control character no sensible name holds). */
export const EXECUTOR_SEPARATOR = '\u001f';

/** The SQL of the table and its columns; b0..b6: rows per size bucket (STORED_BUCKET_BOUNDS, the last unbounded). */
export const TURNS_TABLE_SQL = `CREATE TABLE turns (
  owner TEXT NOT NULL,
  turn_id TEXT NOT NULL,
  entry_count INTEGER NOT NULL,
  total_bytes INTEGER NOT NULL,
  text_count INTEGER NOT NULL,
  text_bytes INTEGER NOT NULL,
  first_created REAL NOT NULL,
  last_created REAL NOT NULL,
  earliest_expires REAL NOT NULL,
  latest_expires REAL NOT NULL,
  executors TEXT NOT NULL,
  ${STORED_BUCKET_BOUNDS.map((_, i) => `b${i} INTEGER NOT NULL`).join(', ')}, b${STORED_BUCKET_BOUNDS.length} INTEGER NOT NULL,
  PRIMARY KEY (turn_id, owner)
) WITHOUT ROWID`;

const BUCKETS = [...STORED_BUCKET_BOUNDS, null];
const BUCKET_COLUMNS = BUCKETS.map((_, i) => `b${i}`).join(', ');

/** SQL `sum(...) AS bI` of each bucket over observations' `size_bytes`. */
const BUCKET_SUMS = BUCKETS.map((up, i) => {
  const low = i === 0 ? null : STORED_BUCKET_BOUNDS[i - 1];
  const conds = [low == null ? null : `size_bytes > ${low}`, up === null ? null : `size_bytes <= ${up}`].filter((c) => c !== null);
  return `sum(${conds.length === 0 ? '1' : conds.join(' AND ')}) AS b${i}`;
}).join(', ');

/** Recomputes the aggregate rows of the given (owner, turn) pairs (or every pair) from observations. */
const RECOMPUTE = (where: string) => `INSERT OR REPLACE INTO turns (owner, turn_id, entry_count, total_bytes, text_count, text_bytes,
    first_created, last_created, earliest_expires, latest_expires, executors, ${BUCKET_COLUMNS})
  SELECT owner, turn_id, count(*), sum(size_bytes), sum(kind = 'text'), sum(CASE WHEN kind = 'text' THEN size_bytes ELSE 0 END),
    min(created_at), max(created_at), min(expires_at), max(expires_at), '', ${BUCKET_SUMS}
  FROM observations ${where} GROUP BY owner, turn_id`;

const RECOMPUTE_ONE = RECOMPUTE('WHERE owner = @owner AND turn_id = @turn');
const DELETE_EMPTY =
  'DELETE FROM turns WHERE owner = @owner AND turn_id = @turn AND NOT EXISTS (SELECT 1 FROM observations WHERE owner = @owner AND turn_id = @turn)';

/** Fills `turns` from every observation (the migration), executors in a second pass (joined by the separator). */
export function rebuildTurnTotals(ctx: { exec(sql: string): unknown }): void {
  ctx.exec('DELETE FROM turns');
  ctx.exec(RECOMPUTE(''));
  ctx.exec(`UPDATE turns SET executors = (SELECT coalesce(group_concat(e, char(31)), '') FROM (SELECT DISTINCT executor_name AS e FROM observations o
    WHERE o.owner = turns.owner AND o.turn_id = turns.turn_id AND o.executor_name IS NOT NULL))`);
}

/** Recomputes one (owner, turn) after rows of it were deleted or changed; removes it when no row is left. Inside a write. */
export function recomputeTurn(ctx: StoreContext, owner: string, turnId: string): void {
  const params = { owner, turn: turnId };
  ctx.stmt(DELETE_EMPTY).run(params);
  ctx.stmt(RECOMPUTE_ONE).run(params);
  ctx
    .stmt(
      `UPDATE turns SET executors = (SELECT coalesce(group_concat(e, char(31)), '') FROM (SELECT DISTINCT executor_name AS e FROM observations
    WHERE owner = @owner AND turn_id = @turn AND executor_name IS NOT NULL)) WHERE owner = @owner AND turn_id = @turn`,
    )
    .run(params);
}

/** SQL of `new.size_bytes`'s bucket flags (1 for its bucket, 0 for the others), in column order b0..b6. */
const NEW_ROW_BUCKETS = BUCKETS.map((up, i) => {
  const low = i === 0 ? null : STORED_BUCKET_BOUNDS[i - 1];
  const conds = [low == null ? null : `new.size_bytes > ${low}`, up === null ? null : `new.size_bytes <= ${up}`].filter((c) => c !== null);
  return `(${conds.join(' AND ')})`;
}).join(', ');

/** Name of the trigger that adds each new observation to its turn's aggregates. */
export const ADD_TO_TURN_TRIGGER = 'observations_add_to_turn';

/*
 * Each put adds its row to its turn's aggregates through this trigger (migration 10), inside the put's own
 * statement: a put of one-chunk content is then one INSERT in autocommit, no BEGIN, COMMIT or second
 * statement (each was a round trip through better-sqlite3 and SQLite's statement machinery), and still exact
 * with several writers, since the trigger runs in the inserting statement's write transaction. The executor
 * list grows in SQL (the name appended unless already one of the U+001F-separated names), so nothing reads the
 * turn's row first. gc and TTL changes recompute the turns they touch ({@link recomputeTurn}); no trigger on
 * UPDATE or DELETE, so their set-based statements do not pay one per row.
 */
export const ADD_TO_TURN_TRIGGER_SQL = `CREATE TRIGGER ${ADD_TO_TURN_TRIGGER} AFTER INSERT ON observations BEGIN
  INSERT INTO turns (owner, turn_id, entry_count, total_bytes, text_count, text_bytes, first_created, last_created,
    earliest_expires, latest_expires, executors, ${BUCKET_COLUMNS})
  VALUES (new.owner, new.turn_id, 1, new.size_bytes, new.kind = 'text', CASE WHEN new.kind = 'text' THEN new.size_bytes ELSE 0 END,
    new.created_at, new.created_at, new.expires_at, new.expires_at, coalesce(new.executor_name, ''), ${NEW_ROW_BUCKETS})
  ON CONFLICT (turn_id, owner) DO UPDATE SET entry_count = entry_count + 1, total_bytes = total_bytes + excluded.total_bytes,
    text_count = text_count + excluded.text_count, text_bytes = text_bytes + excluded.text_bytes,
    first_created = min(first_created, excluded.first_created), last_created = max(last_created, excluded.last_created),
    earliest_expires = min(earliest_expires, excluded.earliest_expires), latest_expires = max(latest_expires, excluded.latest_expires),
    executors = CASE
      WHEN excluded.executors = '' OR instr(char(31) || executors || char(31), char(31) || excluded.executors || char(31)) > 0 THEN executors
      WHEN executors = '' THEN excluded.executors
      ELSE executors || char(31) || excluded.executors END,
    ${BUCKETS.map((_, i) => `b${i} = b${i} + excluded.b${i}`).join(', ')};
END`;

/** The executor names stored for a turn (or several, joined by the separator or ','), distinct and sorted. */
export function executorNames(joined: string | null): string[] {
  if (joined === null || joined === '') return [];
  return [...new Set(joined.split(EXECUTOR_SEPARATOR))].filter((e) => e !== '').sort();
}
