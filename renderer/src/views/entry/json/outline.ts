/*
 * The JSON tree as flat rows, computed where the parsed value lives (a Web Worker in the app; in-thread in
 * tests): the view never holds the parsed entry, only the rows it shows.
 */

/** A path into a JSON value: object keys and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

/** One visible row of the tree. `preview` is the value as JSON text (cut at PREVIEW_UNITS) for scalars. */
export type JsonRow = {
  readonly depth: number;
  /** Key of the row in its parent (null for the root). */
  readonly key: string | number | null;
  readonly path: JsonPath;
  readonly kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  /** Number of children of an object or array. */
  readonly size: number;
  readonly preview: string;
  readonly expanded: boolean;
};

/** UTF-16 units of a scalar's preview. */
export const PREVIEW_UNITS = 400;
/** Most rows one outline returns (expand all on a huge value stops there). */
export const MAX_ROWS = 200_000;

/**
 * Rows an outline answer carries (the rest come by windows as the view scrolls): a message of 50,000 rows costs
 * the page ~100 ms to receive, the first screens only a few.
 */
export const FIRST_ROWS = 500;

/** Key of a path in the set of expanded paths. */
export function pathKey(path: JsonPath): string {
  return JSON.stringify(path);
}

/** "$.files[3].name"-style text of a path (keys that are not identifiers are quoted). */
export function pathText(path: JsonPath): string {
  return '$' + path.map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join('');
}

function kindOf(value: unknown): JsonRow['kind'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'object' ? 'object' : t === 'string' ? 'string' : t === 'number' ? 'number' : 'boolean';
}

/**
 * Which containers are open: those less than `openDepth` deep (the root's children are depth 0), except the
 * `collapsed` ones, plus the `expanded` ones (both sets of {@link pathKey}s). Expand all: openDepth Infinity.
 */
export type Openness = { readonly openDepth: number; readonly expanded: ReadonlySet<string>; readonly collapsed: ReadonlySet<string> };

/**
 * Rows of `root` in document order: the root's children (the root itself is not shown), then the children of
 * every open container ({@link Openness}). Stops at MAX_ROWS (`truncated` then says so).
 */
export function outlineRows(root: unknown, openness: Openness): { rows: JsonRow[]; truncated: boolean } {
  const rows: JsonRow[] = [];
  const visit = (value: unknown, path: (string | number)[], depth: number): boolean => {
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value as Record<string, unknown>);
    for (const [key, child] of entries) {
      if (rows.length >= MAX_ROWS) return false;
      const childPath = [...path, key];
      const kind = kindOf(child);
      const container = kind === 'object' || kind === 'array';
      const size = container ? (kind === 'array' ? (child as unknown[]).length : Object.keys(child as object).length) : 0;
      const k = container ? pathKey(childPath) : '';
      const open = container && (depth < openness.openDepth ? !openness.collapsed.has(k) : openness.expanded.has(k));
      const text = container ? '' : JSON.stringify(child);
      rows.push({ depth, key, path: childPath, kind, size, preview: text.length > PREVIEW_UNITS ? text.slice(0, PREVIEW_UNITS) + '…' : text, expanded: open });
      if (open && !visit(child, childPath, depth + 1)) return false;
    }
    return true;
  };
  const kind = kindOf(root);
  if (kind !== 'object' && kind !== 'array') {
    const text = JSON.stringify(root);
    return {
      rows: [
        { depth: 0, key: null, path: [], kind, size: 0, preview: text.length > PREVIEW_UNITS ? text.slice(0, PREVIEW_UNITS) + '…' : text, expanded: false },
      ],
      truncated: false,
    };
  }
  const complete = visit(root, [], 0);
  return { rows, truncated: !complete };
}

/** The value at `path` as pretty JSON text (for "copy value"), or undefined when the path is not there. */
export function valueText(root: unknown, path: JsonPath): string | undefined {
  let value: unknown = root;
  for (const p of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[p];
    if (value === undefined) return undefined;
  }
  return JSON.stringify(value, null, 2);
}

/** Messages to the outline worker. */
export type OutlineRequest =
  | { readonly type: 'append'; readonly chunk: string }
  | { readonly type: 'parse'; readonly seq: number }
  | { readonly type: 'rows'; readonly seq: number; readonly openDepth: number; readonly expanded: readonly string[]; readonly collapsed: readonly string[] }
  | { readonly type: 'value'; readonly seq: number; readonly path: JsonPath }
  /** Rows [from, to) of the last outline (its `seq` is `of`). */
  | { readonly type: 'window'; readonly seq: number; readonly of: number; readonly from: number; readonly to: number }
  | { readonly type: 'reset' };

/** Answers of the outline worker, by the request's `seq`. */
export type OutlineResponse =
  | { readonly type: 'parsed'; readonly seq: number; readonly ok: true; readonly rootKind: JsonRow['kind']; readonly rootSize: number }
  | { readonly type: 'parsed'; readonly seq: number; readonly ok: false; readonly message: string }
  /** An outline: `count` rows in all, of which the first ones (`rows`, from row 0); the rest by 'window'. */
  | { readonly type: 'rows'; readonly seq: number; readonly count: number; readonly rows: JsonRow[]; readonly truncated: boolean }
  /** Rows from `from` of outline `of` (empty when `of` is no longer the last outline). */
  | { readonly type: 'window'; readonly seq: number; readonly of: number; readonly from: number; readonly rows: JsonRow[] }
  | { readonly type: 'value'; readonly seq: number; readonly text: string | undefined };

/** The worker's state machine, usable in-thread: collects text chunks, parses, answers rows and values. */
export function createOutlineHost(): (request: OutlineRequest) => OutlineResponse | null {
  let chunks: string[] = [];
  let root: unknown = undefined;
  // The last outline stays here; the page holds only the rows it has asked for (a window around the view).
  let shown: JsonRow[] = [];
  let shownSeq = -1;
  return (request) => {
    switch (request.type) {
      case 'reset':
        chunks = [];
        root = undefined;
        return null;
      case 'append':
        chunks.push(request.chunk);
        return null;
      case 'parse': {
        const text = chunks.join('');
        chunks = [];
        try {
          root = JSON.parse(text);
        } catch (error) {
          return { type: 'parsed', seq: request.seq, ok: false, message: error instanceof Error ? error.message : String(error) };
        }
        const kind = kindOf(root);
        const size = kind === 'array' ? (root as unknown[]).length : kind === 'object' ? Object.keys(root as object).length : 0;
        return { type: 'parsed', seq: request.seq, ok: true, rootKind: kind, rootSize: size };
      }
      case 'rows': {
        const { rows, truncated } = outlineRows(root, {
          openDepth: request.openDepth,
          expanded: new Set(request.expanded),
          collapsed: new Set(request.collapsed),
        });
        shown = rows;
        shownSeq = request.seq;
        return { type: 'rows', seq: request.seq, count: rows.length, rows: rows.slice(0, FIRST_ROWS), truncated };
      }
      case 'window':
        return {
          type: 'window',
          seq: request.seq,
          of: request.of,
          from: request.from,
          rows: request.of === shownSeq ? shown.slice(Math.max(0, request.from), Math.max(0, request.to)) : [],
        };
      case 'value':
        return { type: 'value', seq: request.seq, text: valueText(root, request.path) };
    }
  };
}
