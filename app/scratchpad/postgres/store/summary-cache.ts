/*
 * The summaries of the last listing of each (scope, turn), kept so that listing the turn again fetches only the
 * summaries of rows that are new or changed (migrations/007: the server sends a row's summary unless the caller
 * holds it for the row's current version, its xmin). A held summary is only ever used for a row the server has
 * just returned to this scope with that same version, so what is kept never decides what a principal sees.
 */

/** A summary held for one row: the row version (xmin, as text) it was read from. */
export interface HeldSummary {
  readonly version: string;
  readonly summary: string;
}

/** Held summaries of one (scope, turn), by row number. */
export type HeldRows = ReadonlyMap<number, HeldSummary>;

/** Default budget: UTF-16 code units of summaries held in all (4 Mi units: at most 8 MiB of strings). */
export const DEFAULT_SUMMARY_CACHE_UNITS = 4 * 1024 * 1024;

/**
 * Per (scope, turn) the summaries of its last listing, least recently listed turns dropped first beyond a budget
 * of summary code units. Each listing replaces its turn's rows whole (rows gone from the turn are forgotten);
 * the maps handed out are never changed afterwards, so a listing in flight keeps what it asked with.
 */
export class SummaryCache {
  private readonly turns = new Map<string, { rows: HeldRows; units: number }>();
  private units = 0;

  /** @param maxUnits budget in UTF-16 code units of summaries (>= 0; 0 keeps nothing). */
  constructor(private readonly maxUnits: number = DEFAULT_SUMMARY_CACHE_UNITS) {
    if (!Number.isSafeInteger(maxUnits) || maxUnits < 0) throw new RangeError(`maxUnits must be an integer >= 0, got ${maxUnits}`);
  }

  /** The rows held for `key` (see {@link turnKey}), now the most recently used; an empty map when none. */
  held(key: string): HeldRows {
    const kept = this.turns.get(key);
    if (kept === undefined) return EMPTY;
    this.turns.delete(key);
    this.turns.set(key, kept);
    return kept.rows;
  }

  /** Replaces the rows held for `key`, then drops least recently used turns until the budget holds. */
  keep(key: string, rows: HeldRows): void {
    this.forget(key);
    let units = 0;
    for (const r of rows.values()) units += r.summary.length;
    if (rows.size === 0 || units > this.maxUnits) return;
    this.turns.set(key, { rows, units });
    this.units += units;
    for (const [k] of this.turns) {
      if (this.units <= this.maxUnits) break;
      this.forget(k);
    }
  }

  /** Summary code units held in all. */
  get heldUnits(): number {
    return this.units;
  }

  private forget(key: string): void {
    const kept = this.turns.get(key);
    if (kept === undefined) return;
    this.turns.delete(key);
    this.units -= kept.units;
  }
}

const EMPTY: HeldRows = new Map();

/** The cache key of a turn listed in a scope: its owner (null: every owner) and the turn id. */
export function turnKey(owner: string | null, turnId: string): string {
  return JSON.stringify([owner, turnId]);
}
