/*
 * What a backend supplies for the in-memory turn table (turn-table.ts, turn-table-backend.ts): its per-(owner,
 * turn) aggregate rows loaded in one snapshot, a change token, and the expired rows of the few turns whose rows
 * straddle `now`. With it the core answers listTurns, its total, stats and a gc dry run in JavaScript, exact under
 * concurrent writers: it never answers from a table older than the token (another connection's commit) or its own
 * write count.
 * Units as in backend.ts: times in Unix seconds, sizes in bytes.
 */

/**
 * One stored (owner, turn) aggregate row, positionally (what a raw SQL row gives without building an object):
 * owner, turn id, rows, bytes, first and last createdAt, earliest and latest expiresAt (may be +-Infinity), and
 * the turn's distinct non-null executor names joined by U+001F ('' for none). Only what listTurns sorts, filters
 * and shows: each value costs load time, so the totals stats needs come per owner ({@link OwnerTotals}).
 */
export type TurnRowTuple = readonly [
  owner: string,
  turnId: string,
  entryCount: number,
  totalBytes: number,
  firstCreated: number,
  lastCreated: number,
  earliestExpires: number,
  latestExpires: number,
  executors: string,
];

/** Sums over one owner's rows that do not depend on `now`; `buckets[i]`: rows in size bucket i of records.ts SIZE_BUCKETS. */
export interface OwnerTotals {
  readonly owner: string;
  readonly rows: number;
  readonly bytes: number;
  readonly textRows: number;
  readonly textBytes: number;
  readonly buckets: readonly number[];
}

/** The rows of one snapshot, or only their count when there are more than the caller's bound. */
export interface LoadedTurnRows {
  /** The change token of the snapshot the rows were read in. */
  readonly token: number;
  /** Every row, sorted by turn id then owner, both in code point order (SQLite's BINARY order of UTF-8); null when `count` > the bound. */
  readonly rows: readonly TurnRowTuple[] | null;
  readonly count: number;
}

/** An (owner, turn) whose rows straddle `now`. */
export interface OwnerTurn {
  readonly owner: string;
  readonly turnId: string;
}

/** The optional `turnRows` of a backend (core/backend.ts ScratchpadBackend). Every method only reads. */
export interface TurnRowSource {
  /**
   * A number that changes whenever another connection (or process) committed a change; equal numbers mean the
   * rows are as they were. This store's own writes need not change it: the core counts them itself.
   */
  token(): Promise<number>;
  /** {@link LoadedTurnRows} in one snapshot: the rows only when there are at most `maxTurns` of them. */
  load(maxTurns: number): Promise<LoadedTurnRows>;
  /**
   * In one snapshot: when its token is still `token`, the rows with expiresAt <= now (the gc boundary) and their
   * bytes of each given (owner, turn), in order; null when the token changed (the core then reloads).
   */
  expired(token: number, turns: readonly OwnerTurn[], now: number): Promise<readonly { readonly rows: number; readonly bytes: number }[] | null>;
  /** In one snapshot: when its token is still `token`, {@link OwnerTotals} of every owner (any order); else null. */
  totals(token: number): Promise<readonly OwnerTotals[] | null>;
}
