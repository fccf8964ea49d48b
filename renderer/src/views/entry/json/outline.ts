/*
 * The JSON tree as flat rows, computed where the parsed value lives (a Web Worker in the app; in-thread in
 * tests): the view never holds the parsed entry, only the rows it shows.
 */
import { closedPrefix } from './prefix';
import { createStreamParser } from './streamParse';
import { kindOf, rowIndex, type RowIndex } from './rowIndex';

export { MAX_ROWS, PREVIEW_UNITS } from './rowIndex';

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
  /** Set on a container of a first look ({@link closedPrefix}) whose children are still being read (`size` so far). */
  readonly incomplete?: true;
};

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

/**
 * Which containers are open: those less than `openDepth` deep (the root's children are depth 0), except the
 * `collapsed` ones, plus the `expanded` ones (both sets of {@link pathKey}s). Expand all: openDepth Infinity.
 */
export type Openness = { readonly openDepth: number; readonly expanded: ReadonlySet<string>; readonly collapsed: ReadonlySet<string> };

/**
 * Rows of `root` in document order: the root's children (the root itself is not shown), then the children of
 * every open container ({@link Openness}). Stops at MAX_ROWS (`truncated` then says so). `incomplete` is how many
 * containers of a first look are still being read: the root, its last child, that one's last child... (their
 * rows get `incomplete`; 0 for a whole document). The host answers windows of them from {@link rowIndex}.
 */
export function outlineRows(root: unknown, openness: Openness, incomplete = 0): { rows: JsonRow[]; truncated: boolean } {
  const index = rowIndex(root, openness, incomplete);
  return { rows: index.rows(0, index.count), truncated: index.truncated };
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
  /** A first look at the text appended so far ({@link closedPrefix}), answered as 'parsed' with `partial`. */
  | { readonly type: 'preview'; readonly seq: number }
  | { readonly type: 'rows'; readonly seq: number; readonly openDepth: number; readonly expanded: readonly string[]; readonly collapsed: readonly string[] }
  | { readonly type: 'value'; readonly seq: number; readonly path: JsonPath }
  /** Rows [from, to) of the last outline (its `seq` is `of`). */
  | { readonly type: 'window'; readonly seq: number; readonly of: number; readonly from: number; readonly to: number }
  | { readonly type: 'reset' };

/** Answers of the outline worker, by the request's `seq`. */
export type OutlineResponse =
  /** `partial`: a first look, from the text appended so far (rows and values answer from it until 'parse'). */
  | { readonly type: 'parsed'; readonly seq: number; readonly ok: true; readonly rootKind: JsonRow['kind']; readonly rootSize: number; readonly partial?: true }
  | { readonly type: 'parsed'; readonly seq: number; readonly ok: false; readonly message: string; readonly partial?: true }
  /** An outline: `count` rows in all, of which the first ones (`rows`, from row 0); the rest by 'window'. */
  | { readonly type: 'rows'; readonly seq: number; readonly count: number; readonly rows: JsonRow[]; readonly truncated: boolean }
  /** Rows from `from` of outline `of` (empty when `of` is no longer the last outline). */
  | { readonly type: 'window'; readonly seq: number; readonly of: number; readonly from: number; readonly rows: JsonRow[] }
  | { readonly type: 'value'; readonly seq: number; readonly text: string | undefined };

const hasMembers = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== null && typeof value === 'object' && Object.keys(value).length > 0);

/** The worker's state machine, usable in-thread: collects text chunks, parses, answers rows and values. */
export function createOutlineHost(): (request: OutlineRequest) => OutlineResponse | null {
  let chunks: string[] = [];
  // Parses each chunk as it comes, so 'parse' has the value at once; the chunks stay for a text it cannot follow.
  let stream = createStreamParser();
  let root: unknown = undefined;
  // Containers of a first look still being read (0 once the whole text is parsed).
  let incomplete = 0;
  const describeRoot = (seq: number, partial: boolean): OutlineResponse => {
    const kind = kindOf(root);
    const size = kind === 'array' ? (root as unknown[]).length : kind === 'object' ? Object.keys(root as object).length : 0;
    return { type: 'parsed', seq, ok: true, rootKind: kind, rootSize: size, ...(partial ? { partial: true as const } : {}) };
  };
  // The last outline stays here; the page holds only the rows it has asked for (a window around the view).
  let shown: RowIndex | null = null;
  let shownSeq = -1;
  return (request) => {
    switch (request.type) {
      case 'reset':
        chunks = [];
        stream = createStreamParser();
        root = undefined;
        incomplete = 0;
        return null;
      case 'append':
        chunks.push(request.chunk);
        stream.push(request.chunk);
        return null;
      case 'preview': {
        // The stream's value so far when it has members; else the text so far cut after its last complete value.
        const live = stream.partial();
        if (live && hasMembers(live.value)) {
          root = live.value;
          incomplete = live.open;
          return describeRoot(request.seq, true);
        }
        const cut = closedPrefix(chunks.join(''));
        if (cut === null) return { type: 'parsed', seq: request.seq, ok: false, message: 'nothing complete yet', partial: true };
        try {
          root = JSON.parse(cut.text);
        } catch (error) {
          return { type: 'parsed', seq: request.seq, ok: false, message: error instanceof Error ? error.message : String(error), partial: true };
        }
        incomplete = cut.open;
        return describeRoot(request.seq, true);
      }
      case 'parse': {
        const streamed = stream.end();
        const text = streamed ? '' : chunks.join('');
        chunks = [];
        stream = createStreamParser();
        incomplete = 0;
        try {
          // A scalar root or a text the stream could not follow: JSON.parse of the whole (and its message).
          root = streamed ? streamed.value : JSON.parse(text);
        } catch (error) {
          root = undefined;
          return { type: 'parsed', seq: request.seq, ok: false, message: error instanceof Error ? error.message : String(error) };
        }
        return describeRoot(request.seq, false);
      }
      case 'rows': {
        // Nothing parsed (the text did not parse): an empty outline, still answered so no request waits.
        if (root === undefined) return { type: 'rows', seq: request.seq, count: 0, rows: [], truncated: false };
        shown = rowIndex(root, { openDepth: request.openDepth, expanded: new Set(request.expanded), collapsed: new Set(request.collapsed) }, incomplete);
        shownSeq = request.seq;
        return { type: 'rows', seq: request.seq, count: shown.count, rows: shown.rows(0, FIRST_ROWS), truncated: shown.truncated };
      }
      case 'window':
        return {
          type: 'window',
          seq: request.seq,
          of: request.of,
          from: request.from,
          rows: request.of === shownSeq && shown ? shown.rows(request.from, request.to) : [],
        };
      case 'value':
        return { type: 'value', seq: request.seq, text: valueText(root, request.path) };
    }
  };
}
