import type { ExpiredRecord, OwnerScope, StatsTotals, TurnPageQuery, TurnRecord, TurnSort } from '../core/backend';
import { turnAfterSql, turnOrderSql } from '../turn-order-sql';
import type { StoreContext } from './context';
import { EXECUTOR_SEPARATOR, executorNames, STORED_BUCKET_BOUNDS } from './turn-totals';

/*
 * listTurns, its total, stats and the gc dry run over the per-(owner, turn) aggregates (turn-totals.ts). A row
 * of `turns` is `t`; what depends on `now` is counted through the turn index only for turns straddling it.
 */

const STRADDLE = (what: string) => `(SELECT ${what} FROM observations AS o WHERE o.turn_id = t.turn_id AND o.owner = t.owner AND o.expires_at <= @now)`;
/** Rows of turn row `t` with expires_at <= @now. */
const EXPIRED_ROWS = `CASE WHEN t.latest_expires <= @now THEN t.entry_count WHEN t.earliest_expires > @now THEN 0 ELSE ${STRADDLE('count(*)')} END`;
/** Their bytes. */
const EXPIRED_BYTES = `CASE WHEN t.latest_expires <= @now THEN t.total_bytes WHEN t.earliest_expires > @now THEN 0 ELSE ${STRADDLE('coalesce(sum(o.size_bytes), 0)')} END`;

/** One row per turn in scope (`g`): an owner's rows as they are, or every owner's rows of a turn summed (operator). */
function turnsInScope(scope: OwnerScope): string {
  if (scope.kind === 'owner') {
    return `SELECT turn_id, entry_count, total_bytes, first_created, last_created, earliest_expires, ${EXPIRED_ROWS} AS expired_count,
      executors, NULL AS owners FROM turns AS t WHERE t.owner = @owner`;
  }
  return `SELECT turn_id, sum(entry_count) AS entry_count, sum(total_bytes) AS total_bytes, min(first_created) AS first_created,
      max(last_created) AS last_created, min(earliest_expires) AS earliest_expires, sum(${EXPIRED_ROWS}) AS expired_count,
      group_concat(executors, char(31)) AS executors, group_concat(owner, char(31)) AS owners FROM turns AS t GROUP BY turn_id`;
}

const SORT_COLUMN: Record<TurnSort, string> = {
  lastCreated: 'last_created',
  totalBytes: 'total_bytes',
  turnId: 'turn_id',
  entryCount: 'entry_count',
  firstCreated: 'first_created',
  earliestExpires: 'earliest_expires',
  expiredCount: 'expired_count',
};

/**
 * The query filter: a substring of the turn id or of an executor name (never across two names), ASCII
 * case-insensitive as LIKE is (the core lowercased the query); bound as @q, a LIKE pattern with '\\' escapes.
 * The executor names are tested first: a name recurs across many turns (a query naming a tool matches most of
 * them, and OR then skips the turn id), while a turn id fragment matches few turns.
 */
function matchSql(query: string): string {
  return query.includes(EXECUTOR_SEPARATOR) ? "turn_id LIKE @q ESCAPE '\\'" : "(executors LIKE @q ESCAPE '\\' OR turn_id LIKE @q ESCAPE '\\')";
}

/** The LIKE pattern of a query: `%query%` with %, _ and the escape character escaped. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface TurnRow {
  readonly turn_id: string;
  readonly entry_count: number;
  readonly total_bytes: number;
  readonly first_created: number;
  readonly last_created: number;
  readonly earliest_expires: number;
  readonly expired_count: number;
  readonly executors: string | null;
  readonly owners: string | null;
}

/**
 * The page's SQL and parameters. `total` other than 'none': also count every turn in scope matching the query
 * (a first page), the way that suits how many turns the query matches ('sparse': few, see {@link densityOf}).
 */
function pageSql(q: TurnPageQuery, total: 'none' | 'sparse' | 'dense'): { sql: string; params: Record<string, unknown> } {
  const key = SORT_COLUMN[q.sort];
  const where: string[] = [];
  const params: Record<string, unknown> = { now: q.now, limit: q.limit };
  if (q.scope.kind === 'owner') params.owner = q.scope.owner;
  if (q.query !== null) {
    where.push(matchSql(q.query));
    params.q = likePattern(q.query);
  }
  if (q.after !== null) {
    where.push(turnAfterSql(key, 'turn_id', q.direction));
    params.ct = q.after.turnId;
    if (q.sort !== 'turnId') params.ck = q.after.key;
  }
  const order = turnOrderSql(key, 'turn_id', q.direction);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  if (q.scope.kind === 'all') {
    const count = total !== 'none' ? `, (SELECT count(DISTINCT turn_id) FROM turns ${q.query === null ? '' : `WHERE ${matchSql(q.query)}`}) AS total` : '';
    return { sql: `SELECT *${count} FROM (${turnsInScope(q.scope)}) AS g ${filter} ORDER BY ${order} LIMIT @limit`, params };
  }
  // An owner's page sorts only (sort value, turn id) of its turns, then reads the whole rows of the page alone:
  // a sorter of narrow rows is most of the cost of a first page. A descending page scans the turns in
  // descending turn id (a subquery with its own ORDER BY and LIMIT is kept apart, not flattened): rows tied on
  // the sort value, or whose value grows with the turn id, then arrive best first and the sorter of
  // ORDER BY ... LIMIT drops each later one after one comparison instead of inserting every row.
  const scanOrder = q.direction === 'desc' && q.sort !== 'turnId' ? ' ORDER BY t.turn_id DESC LIMIT -1' : '';
  const sortValue = q.sort === 'expiredCount' ? `${EXPIRED_ROWS} AS expired_count` : key === 'turn_id' ? 'NULL' : key;
  const whole = `SELECT * FROM (${turnsInScope(q.scope)}) AS g`;
  if (total === 'sparse' && q.query !== null) {
    // A first page with a query that matches few turns: the matching turns' (turn id, sort value) are found
    // once, in one scan that tests the query once per turn, and both the page and the count read that small set
    // (the page and a separate count each scanned every turn, testing the query twice). When most turns match,
    // writing them all into that set costs more than the second test (measured), so a dense query does not.
    const matched = `SELECT turn_id, ${sortValue} FROM turns AS t WHERE t.owner = @owner AND ${matchSql(q.query)}${scanOrder}`;
    return {
      sql: `WITH m AS MATERIALIZED (${matched}) ${whole.replace('SELECT *', 'SELECT *, (SELECT count(*) FROM m) AS total')}
        WHERE turn_id IN (SELECT turn_id FROM m ORDER BY ${order} LIMIT @limit) ORDER BY ${order}`,
      params,
    };
  }
  // Without a query the count reads one column of each turn (cheap next to the page's sorter); in turn id
  // order the page itself stops after `limit` matches, so only the count scans every turn.
  const count = total !== 'none' ? `, (SELECT count(*) FROM turns WHERE owner = @owner${q.query === null ? '' : ` AND ${matchSql(q.query)}`}) AS total` : '';
  const candidates = `SELECT turn_id, ${sortValue}, executors FROM turns AS t WHERE t.owner = @owner${scanOrder}`;
  return {
    sql: `${whole.replace('SELECT *', `SELECT *${count}`)} WHERE turn_id IN (SELECT turn_id FROM (${candidates}) ${filter} ORDER BY ${order} LIMIT @limit) ORDER BY ${order}`,
    params,
  };
}

function toTurnRecord(r: TurnRow): TurnRecord {
  return {
    turnId: r.turn_id,
    entryCount: r.entry_count,
    totalBytes: r.total_bytes,
    firstCreatedAt: r.first_created,
    lastCreatedAt: r.last_created,
    earliestExpiresAt: r.earliest_expires,
    expiredCount: r.expired_count,
    executors: executorNames(r.executors),
    owners: executorNames(r.owners),
  };
}

/** One page of turns (core/backend.ts TurnPageQuery). */
export function turnPageOf(ctx: StoreContext, q: TurnPageQuery): TurnRecord[] {
  const { sql, params } = pageSql(q, 'none');
  return (ctx.read(() => ctx.stmt(sql).all(params)) as TurnRow[]).map(toTurnRecord);
}

/**
 * A first page (`q.after` null) and the number of turns in scope matching the query, in one statement (one
 * snapshot). An empty page means no turn matches (total 0).
 */
export function firstTurnPageOf(ctx: StoreContext, q: TurnPageQuery): { rows: TurnRecord[]; total: number } {
  if (q.after !== null) throw new Error('firstTurnPageOf: a first page has no keyset position');
  const rows = ctx.read(() => {
    const { sql, params } = pageSql(q, q.query === null || q.scope.kind === 'all' ? 'dense' : densityOf(ctx, q.scope.owner, q.query));
    return ctx.stmt(sql).all(params);
  }) as (TurnRow & { total: number })[];
  return { rows: rows.map(toTurnRecord), total: rows[0]?.total ?? 0 };
}

/** Turns a query is tried on to guess how many it matches. */
const PROBE_TURNS = 256;

/**
 * Whether `query` matches few of the owner's turns ('sparse') or many, guessed from its first PROBE_TURNS turns
 * in turn id order (a small read: one index page or two). A wrong guess only costs time, never a wrong answer.
 * Executor names recur across turns while a turn id fragment names few of them: more than one turn in eight
 * matching is 'dense'.
 */
function densityOf(ctx: StoreContext, owner: string, query: string): 'sparse' | 'dense' {
  const hits = ctx
    .stmt(`SELECT count(*) FROM (SELECT turn_id, executors FROM turns WHERE owner = @owner LIMIT ${PROBE_TURNS}) WHERE ${matchSql(query)}`)
    .pluck()
    .get({ owner, q: likePattern(query) }) as number;
  return hits * 8 > PROBE_TURNS ? 'dense' : 'sparse';
}

/** Turns in scope matching the query (null: all). */
export function turnCountOf(ctx: StoreContext, scope: OwnerScope, query: string | null): number {
  const conds: string[] = [];
  const params: Record<string, unknown> = {};
  if (scope.kind === 'owner') {
    conds.push('owner = @owner');
    params.owner = scope.owner;
  }
  if (query !== null) {
    conds.push(matchSql(query));
    params.q = likePattern(query);
  }
  const count = scope.kind === 'owner' ? 'count(*)' : 'count(DISTINCT turn_id)';
  return ctx.read(() =>
    ctx
      .stmt(`SELECT ${count} FROM turns ${conds.length > 0 ? `WHERE ${conds.join(' AND ')}` : ''}`)
      .pluck()
      .get(params),
  ) as number;
}

/** Largest bucket bound (bytes) below which a turn's total puts every row of it in the first two buckets. */
const SMALL_TURN_BYTES = STORED_BUCKET_BOUNDS[1]!;
const BIG_BUCKETS = STORED_BUCKET_BOUNDS.slice(2).map((_, i) => `b${i + 2}`);
BIG_BUCKETS.push(`b${STORED_BUCKET_BOUNDS.length}`);

/*
 * The cost of stats is one column read per turn and figure, so it reads as few as it can, in one scan of the
 * turns: bucket 0 is what the other buckets leave of the row count, and buckets 2 and up (rows above 16 KiB)
 * are read only from the turns whose total exceeds 16 KiB (no other turn has such a row): one aggregate whose
 * FILTER tests that once per turn and collects those turns' counts as JSON arrays, summed by the caller. A
 * second scan of the turns for them (the way before) cost over a quarter of stats (CPU) on the bench's file of
 * 10,000 small turns, where no turn qualifies; five sums each with its own FILTER or CASE cost more than one.
 */
const STATS_SQL = (ownerFilter: string) => `SELECT coalesce(sum(entry_count), 0) AS rows, coalesce(sum(total_bytes), 0) AS bytes,
    coalesce(sum(text_count), 0) AS text_rows, coalesce(sum(text_bytes), 0) AS text_bytes, coalesce(sum(${EXPIRED_ROWS}), 0) AS expired_rows,
    coalesce(sum(${EXPIRED_BYTES}), 0) AS expired_bytes, coalesce(sum(b1), 0) AS b1,
    json_group_array(json_array(${BIG_BUCKETS.join(', ')})) FILTER (WHERE total_bytes > ${SMALL_TURN_BYTES}) AS big
  FROM turns AS t${ownerFilter}`;
const STATS_OF_OWNER = STATS_SQL(' WHERE t.owner = @owner');
const STATS_OF_ALL = STATS_SQL('');

/** Sums the big buckets' per-turn counts (JSON arrays, one per turn above 16 KiB) bucket by bucket. */
function sumBigBuckets(json: string): number[] {
  const sums: number[] = BIG_BUCKETS.map(() => 0);
  for (const turn of JSON.parse(json) as number[][]) turn.forEach((n, i) => (sums[i]! += n));
  return sums;
}

/** Stats totals from the aggregates, or null when `bounds` are not the stored buckets (the caller then scans). */
export function statsFromTurns(ctx: StoreContext, scope: OwnerScope, now: number, bounds: readonly number[]): StatsTotals | null {
  if (bounds.length !== STORED_BUCKET_BOUNDS.length || bounds.some((b, i) => b !== STORED_BUCKET_BOUNDS[i])) return null;
  const t = ctx.read(() =>
    scope.kind === 'owner' ? ctx.stmt(STATS_OF_OWNER).get({ now, owner: scope.owner }) : ctx.stmt(STATS_OF_ALL).get({ now }),
  ) as Record<'rows' | 'bytes' | 'text_rows' | 'text_bytes' | 'expired_rows' | 'expired_bytes' | 'b1', number> & { big: string };
  const big = sumBigBuckets(t.big);
  const b0 = big.reduce((n, b) => n - b, t.rows - t.b1);
  return {
    rows: t.rows,
    bytes: t.bytes,
    textRows: t.text_rows,
    textBytes: t.text_bytes,
    binaryRows: t.rows - t.text_rows,
    binaryBytes: t.bytes - t.text_bytes,
    expiredRows: t.expired_rows,
    expiredBytes: t.expired_bytes,
    bucketRows: [b0, t.b1, ...big],
  };
}

/** What gc would remove, one record per (turn, owner) with expired rows. */
export function expiredByTurn(ctx: StoreContext, scope: OwnerScope, now: number): ExpiredRecord[] {
  const sql = `SELECT turn_id, owner, ${EXPIRED_ROWS} AS rows, ${EXPIRED_BYTES} AS bytes FROM turns AS t
    WHERE t.earliest_expires <= @now${scope.kind === 'owner' ? ' AND t.owner = @owner' : ''}`;
  const rows = ctx.read(() => ctx.stmt(sql).all(scope.kind === 'owner' ? { now, owner: scope.owner } : { now })) as {
    turn_id: string;
    owner: string;
    rows: number;
    bytes: number;
  }[];
  return rows.map((r) => ({ turnId: r.turn_id, owner: r.owner, rows: r.rows, bytes: r.bytes }));
}
