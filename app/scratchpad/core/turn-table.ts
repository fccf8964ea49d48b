import type { OwnerScope } from './backend';
import type { TurnRowTuple } from './turn-source';

/*
 * The in-memory turn table: a backend's (owner, turn) aggregate rows (turn-source.ts) as loaded, and per scope a
 * view of one row per turn in turn id order in compact columns (a user: its own rows; the operator: every
 * owner's rows of a turn summed, as the SQL path groups them). turn-answers.ts answers pages, counts and stats
 * from a view. A reload after any change pays for the rows alone: a view is built on its first question, and
 * its folded search strings on its first query. Memory: about 80 bytes per turn and view plus the strings; the
 * core builds it only up to a bound of rows.
 */

/** Separator of executor names in a joined string (the backend's, and the operator view's across owners). */
export const NAME_SEPARATOR = '\u001f';

/** What a query is tested against, per view turn. */
export interface SearchStrings {
  /** ASCII-lowercased turn id, U+001F, then the folded executor names (a query without U+001F is a substring of it or not). */
  readonly text: readonly string[];
  /** Length of the folded turn id at the start of `text[i]`. */
  readonly idLength: Int32Array;
  /** false when a turn id or name holds U+0000 (SQL's LIKE stops there): a query then goes to the backend. */
  readonly exact: boolean;
}

/** One scope's turns, index i in turn id order (code point order, SQLite's BINARY order of UTF-8). */
export interface TurnView {
  readonly size: number;
  readonly turnIds: readonly string[];
  readonly entryCount: Float64Array;
  readonly totalBytes: Float64Array;
  readonly firstCreated: Float64Array;
  readonly lastCreated: Float64Array;
  readonly earliestExpires: Float64Array;
  readonly latestExpires: Float64Array;
  /** Base rows (TurnTable.rows) of turn i: [memberStart[i], memberEnd[i]); one row for a user's view, consecutive ones for the operator's. */
  readonly memberStart: Int32Array;
  readonly memberEnd: Int32Array;
  /** Built on first use. */
  search(): SearchStrings;
}

/** Every loaded row, in turn id then owner order, and the views built from them. */
export interface TurnTable {
  readonly rows: readonly TurnRowTuple[];
  /** The view of a scope (built on first use and kept with the table). */
  view(scope: OwnerScope): TurnView;
}

const HIGH_UNIT = /[\ud800-\uffff]/;

/** SQLite's BINARY order of UTF-8 text for JavaScript strings: code point order (a surrogate sorts after U+E000-U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order differs from code point order only where a surrogate meets a unit from U+E000 up.
  if (!HIGH_UNIT.test(a) || !HIGH_UNIT.test(b)) return a < b ? -1 : 1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitRank(x) - unitRank(y);
  }
  return a.length - b.length;
}
const unitRank = (c: number) => (c < 0xd800 ? c : c < 0xe000 ? c + 0x2000 : c - 0x800);

/** ASCII letters lowercased, nothing else (SQLite's LIKE folds ASCII only). */
export function foldAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

const byTurnThenOwner = (a: TurnRowTuple, b: TurnRowTuple) => compareCodePoints(a[1], b[1]) || compareCodePoints(a[0], b[0]);

/** A view of the base rows `picked` grouped by turn id (consecutive equal ids form one turn). */
function viewOf(rows: readonly TurnRowTuple[], picked: readonly number[]): TurnView {
  let size = 0;
  for (let k = 0; k < picked.length; k++) if (k === 0 || rows[picked[k]!]![1] !== rows[picked[k - 1]!]![1]) size++;
  const turnIds = new Array<string>(size);
  const [entryCount, totalBytes, firstCreated, lastCreated, earliestExpires, latestExpires] = [0, 0, 0, 0, 0, 0].map(() => new Float64Array(size)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const memberStart = new Int32Array(size);
  const memberEnd = new Int32Array(size);
  for (let k = 0, g = -1; k < picked.length; k++) {
    const b = picked[k]!;
    const r = rows[b]!;
    if (g < 0 || r[1] !== turnIds[g]) {
      g++;
      turnIds[g] = r[1];
      entryCount[g] = r[2];
      totalBytes[g] = r[3];
      firstCreated[g] = r[4];
      lastCreated[g] = r[5];
      earliestExpires[g] = r[6];
      latestExpires[g] = r[7];
      memberStart[g] = b;
    } else {
      entryCount[g] = entryCount[g]! + r[2];
      totalBytes[g] = totalBytes[g]! + r[3];
      firstCreated[g] = Math.min(firstCreated[g]!, r[4]);
      lastCreated[g] = Math.max(lastCreated[g]!, r[5]);
      earliestExpires[g] = Math.min(earliestExpires[g]!, r[6]);
      latestExpires[g] = Math.max(latestExpires[g]!, r[7]);
    }
    memberEnd[g] = b + 1;
  }
  let search: SearchStrings | null = null;
  const buildSearch = (): SearchStrings => {
    const text = new Array<string>(size);
    const idLength = new Int32Array(size);
    let exact = true;
    for (let i = 0; i < size; i++) {
      const id = foldAscii(turnIds[i]!);
      let s = id;
      for (let m = memberStart[i]!; m < memberEnd[i]!; m++) {
        const names = rows[m]![8];
        if (names.includes('\0')) exact = false;
        s += NAME_SEPARATOR + foldAscii(names);
      }
      if (id.includes('\0')) exact = false;
      text[i] = s;
      idLength[i] = id.length;
    }
    return { text, idLength, exact };
  };
  return {
    size,
    turnIds,
    entryCount,
    totalBytes,
    firstCreated,
    lastCreated,
    earliestExpires,
    latestExpires,
    memberStart,
    memberEnd,
    search: () => (search ??= buildSearch()),
  };
}

/** The table of a backend's rows (sorted here when they do not come in turn id then owner order). */
export function buildTurnTable(loaded: readonly TurnRowTuple[]): TurnTable {
  let rows = loaded;
  // The check costs a string comparison per row; UTF-16 order is code point order unless both ids hold a unit from U+D800 up.
  for (let i = 1, high = HIGH_UNIT.test(rows[0]?.[1] ?? ''); i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    const bHigh = HIGH_UNIT.test(b[1]);
    const order = a[1] === b[1] ? compareCodePoints(a[0], b[0]) : high && bHigh ? compareCodePoints(a[1], b[1]) : a[1] < b[1] ? -1 : 1;
    high = bHigh;
    if (order > 0) {
      rows = [...loaded].sort(byTurnThenOwner);
      break;
    }
  }
  let all: TurnView | null = null;
  const views = new Map<string, TurnView>();
  return {
    rows,
    view(scope) {
      if (scope.kind === 'all') return (all ??= viewOf(rows, Array.from(rows.keys())));
      let v = views.get(scope.owner);
      if (v === undefined) {
        const picked: number[] = [];
        for (let b = 0; b < rows.length; b++) if (rows[b]![0] === scope.owner) picked.push(b);
        views.set(scope.owner, (v = viewOf(rows, picked)));
      }
      return v;
    },
  };
}
