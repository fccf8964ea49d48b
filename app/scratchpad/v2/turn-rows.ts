import type { TurnRowSource, TurnRowTuple } from '../core/turn-source';
import type { StoreContext } from './context';
import { STORED_BUCKET_BOUNDS } from './turn-totals';

/*
 * The rows of `turns` (turn-totals.ts) for the core's in-memory turn table (core/turn-source.ts). The change
 * token is SQLite's data_version (it moves when another connection commits; over a snapshot copy, the count of
 * snapshots taken): read in the same read transaction as the rows, so it names their snapshot.
 */

/** Every aggregate row in key order (turn_id, owner: BINARY, i.e. code point order), columns as TurnRowTuple. */
const LOAD_ROWS = `SELECT owner, turn_id, entry_count, total_bytes, first_created, last_created, earliest_expires, latest_expires, executors
  FROM turns ORDER BY turn_id, owner`;
const BUCKETS = [...STORED_BUCKET_BOUNDS, null].map((_, i) => `b${i}`);
/** Each owner's sums (stats' totals that do not depend on now), columns owner, rows, bytes, text rows, text bytes, b0..b6. */
const OWNER_TOTALS = `SELECT owner, sum(entry_count), sum(total_bytes), sum(text_count), sum(text_bytes), ${BUCKETS.map((b) => `sum(${b})`).join(', ')}
  FROM turns GROUP BY owner`;
const COUNT_ROWS = 'SELECT count(*) FROM turns';
/** Rows of one (owner, turn) expired at @now, through the turn index. */
const EXPIRED_OF_TURN = `SELECT count(*) AS rows, coalesce(sum(size_bytes), 0) AS bytes FROM observations
  WHERE owner = @owner AND turn_id = @turnId AND expires_at <= @now`;

/** The {@link TurnRowSource} of a v2 file. */
export function createV2TurnRows(ctx: StoreContext): TurnRowSource {
  return {
    async token() {
      return ctx.query(() => ctx.dataVersion());
    },
    async load(maxTurns) {
      return ctx.read(() => {
        const token = ctx.dataVersion();
        const count = ctx.stmt(COUNT_ROWS).pluck().get() as number;
        if (count > maxTurns) return { token, rows: null, count };
        return { token, rows: ctx.stmt(LOAD_ROWS).raw(true).all() as TurnRowTuple[], count };
      });
    },
    async expired(token, turns, now) {
      return ctx.read(() => {
        if (ctx.dataVersion() !== token) return null;
        const stmt = ctx.stmt(EXPIRED_OF_TURN);
        return turns.map((t) => stmt.get({ owner: t.owner, turnId: t.turnId, now }) as { rows: number; bytes: number });
      });
    },
    async totals(token) {
      return ctx.read(() => {
        if (ctx.dataVersion() !== token) return null;
        return (ctx.stmt(OWNER_TOTALS).raw(true).all() as [string, number, number, number, number, ...number[]][]).map(
          ([owner, rows, bytes, textRows, textBytes, ...buckets]) => ({ owner, rows, bytes, textRows, textBytes, buckets }),
        );
      });
    },
  };
}
