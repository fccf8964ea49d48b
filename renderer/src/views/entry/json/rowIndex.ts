/*
 * The rows of a JSON tree counted, not built: an outline of a 50,000-item list is its count at once, and only the
 * rows of the window on screen are made (each with its path, preview and openness).
 */
import type { JsonPath, JsonRow, Openness } from './outline';

/** UTF-16 units of a scalar's preview. */
export const PREVIEW_UNITS = 400;
/** Most rows one outline holds (expand all on a huge value stops there). */
export const MAX_ROWS = 200_000;

/** An outline of a parsed value: how many rows it has, and the rows of any window of them. */
export type RowIndex = {
  /** Rows in all (at most {@link MAX_ROWS}). */
  readonly count: number;
  /** True when the outline stopped at MAX_ROWS. */
  readonly truncated: boolean;
  /** Rows [from, to) in document order (clamped to [0, count)). */
  rows(from: number, to: number): JsonRow[];
};

/** Kind of a parsed JSON value. */
export function kindOf(value: unknown): JsonRow['kind'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'object' ? 'object' : t === 'string' ? 'string' : t === 'number' ? 'number' : 'boolean';
}

function previewOf(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > PREVIEW_UNITS ? text.slice(0, PREVIEW_UNITS) + '…' : text;
}

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * Where `root` sits in a larger document: its children's depth, its path, and the index of its first item (a
 * block of a long array's items, see json-outline.ts in the contract). The whole document: all 0 and [].
 */
export type RowBase = { readonly depth: number; readonly path: JsonPath; readonly firstIndex: number };
const WHOLE: RowBase = { depth: 0, path: [], firstIndex: 0 };

/**
 * The outline of `root` under `openness` (see outline.ts `outlineRows` for the rows and their order), as a
 * {@link RowIndex}: counting walks only open containers (a closed 50,000-item list counts as its length), and a
 * window's rows are found by skipping whole subtrees. `incomplete` marks the containers of a first look still
 * being read (the root, its last child, that one's last child...). `base`: `root` is part of a larger document.
 */
export function rowIndex(root: unknown, openness: Openness, incomplete = 0, base: RowBase = WHOLE): RowIndex {
  const { openDepth, expanded, collapsed } = openness;
  const perPath = expanded.size > 0 || collapsed.size > 0;
  // Can a child at `depth` be open? Past openDepth only an expanded path is; without any, none: no child visited.
  const mayOpen = (depth: number) => depth < openDepth || expanded.size > 0;
  const isOpen = (child: unknown, path: () => JsonPath, depth: number): boolean => {
    if (!isContainer(child)) return false;
    if (!perPath) return depth < openDepth;
    const key = JSON.stringify(path());
    return depth < openDepth ? !collapsed.has(key) : expanded.has(key);
  };
  // Rows below an open container (its children and theirs), capped near MAX_ROWS; one count per container.
  const below = new Map<object, number>();
  const countBelow = (value: object, path: JsonPath, depth: number): number => {
    const known = below.get(value);
    if (known !== undefined) return known;
    const array = Array.isArray(value);
    const keys = array ? null : Object.keys(value);
    const n = array ? value.length : keys!.length;
    let total = n;
    if (mayOpen(depth)) {
      for (let i = 0; i < n && total < MAX_ROWS; i++) {
        const key = array ? i + (value === root ? base.firstIndex : 0) : keys![i]!;
        const child = (value as Record<string | number, unknown>)[array ? i : key];
        if (isOpen(child, () => [...path, key], depth)) total += countBelow(child as object, [...path, key], depth + 1);
      }
    }
    below.set(value, total);
    return total;
  };
  const kind = kindOf(root);
  if (!isContainer(root)) {
    const row: JsonRow = { depth: 0, key: null, path: [], kind, size: 0, preview: previewOf(root), expanded: false };
    return { count: 1, truncated: false, rows: (from, to) => (from <= 0 && to > 0 ? [row] : []) };
  }
  const total = countBelow(root, base.path, base.depth);
  const count = Math.min(total, MAX_ROWS);

  const rows = (from: number, to: number): JsonRow[] => {
    const out: JsonRow[] = [];
    const start = Math.max(0, from);
    const end = Math.min(count, to);
    // Rows of `value`'s children from row `at` (the index of its first child row); stops at `end`.
    const walk = (value: object, path: JsonPath, depth: number, chain: boolean, at: number): void => {
      const array = Array.isArray(value);
      const keys = array ? null : Object.keys(value);
      const n = array ? value.length : keys!.length;
      let i = 0;
      // No child open at this depth: every child is one row, so the window's first child is found by index.
      if (!mayOpen(depth) && at < start) {
        i = Math.min(n, start - at);
        at += i;
      }
      for (; i < n && at < end; i++) {
        const key = array ? i + (value === root ? base.firstIndex : 0) : keys![i]!;
        const child = (value as Record<string | number, unknown>)[array ? i : key];
        const open = isOpen(child, () => [...path, key], depth);
        const span = 1 + (open ? countBelow(child as object, [...path, key], depth + 1) : 0);
        if (at + span <= start) {
          at += span;
          continue;
        }
        const childPath = [...path, key];
        const childKind = kindOf(child);
        const onChain = chain && i === n - 1 && isContainer(child) && depth + 2 <= incomplete;
        if (at >= start) {
          out.push({
            depth,
            key,
            path: childPath,
            kind: childKind,
            size: isContainer(child) ? (Array.isArray(child) ? child.length : Object.keys(child).length) : 0,
            preview: isContainer(child) ? '' : previewOf(child),
            expanded: open,
            ...(onChain ? { incomplete: true as const } : {}),
          });
        }
        if (open) walk(child as object, childPath, depth + 1, onChain, at + 1);
        at += span;
      }
    };
    if (start < end) walk(root, base.path, base.depth, incomplete >= 1, 0);
    return out;
  };
  return { count, truncated: total > MAX_ROWS, rows };
}
