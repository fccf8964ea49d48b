/*
 * The rows of the last listing of each (scope, turn), kept so that listing the turn again fetches only the rows
 * that are new or changed (migrations/007: the server sends a row whole unless the caller holds it at the row's
 * current version, its xmin, which any UPDATE of the row changes). A held row is only ever used for a row the
 * server has just returned to this scope with that same version, so what is kept never decides what a principal
 * sees.
 */

/** The listing fields of one row (turn_entries_held's names, the summary included), read at `version` (xmin, as text). */
export interface HeldRow {
  readonly version: string;
  readonly fields: Readonly<Record<string, unknown>>;
  /** UTF-16 code units the row counts for in the budget: its summary's, plus a fixed part for the other fields. */
  readonly units: number;
}

/** Held rows of one (scope, turn), by row number. */
export type HeldRows = ReadonlyMap<number, HeldRow>;

/** Default budget in UTF-16 code units of held rows (4 Mi units: at most ~8 MiB of strings). */
export const DEFAULT_ROW_CACHE_UNITS = 4 * 1024 * 1024;

/** What a row's fields other than its summary count for in the budget (code units). */
export const ROW_FIXED_UNITS = 256;

/**
 * Per (scope, turn) the rows of its last listing, least recently listed turns dropped first beyond a budget of
 * code units. Each listing replaces its turn's rows whole (rows gone from the turn are forgotten); the maps
 * handed out are never changed afterwards, so a listing in flight keeps what it asked with.
 */
export class RowCache {
  private readonly turns = new Map<string, { rows: HeldRows; units: number }>();
  private units = 0;

  /** @param maxUnits budget in UTF-16 code units (an integer >= 0; 0 keeps nothing), else RangeError. */
  constructor(private readonly maxUnits: number = DEFAULT_ROW_CACHE_UNITS) {
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

  /** Replaces the rows held for `key` (none: forgets it), then drops least recently used turns until the budget holds. */
  keep(key: string, rows: HeldRows): void {
    this.forget(key);
    let units = 0;
    for (const r of rows.values()) units += r.units;
    if (rows.size === 0 || units > this.maxUnits) return;
    this.turns.set(key, { rows, units });
    this.units += units;
    for (const [k] of this.turns) {
      if (this.units <= this.maxUnits) break;
      this.forget(k);
    }
  }

  /** Code units held in all. */
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
