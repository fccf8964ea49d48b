/*
 * The JSON tree's rows from the store's outline (contract json-outline.ts) and the blocks of values read so far:
 * the rows of a 50,000-item list are counted from the outline at once, and only the blocks in view are read and
 * parsed. A block not read yet counts its rows from its `depths`, and its rows are `undefined` until it is.
 */
import type { JsonOutlineBlock, JsonOutlineNode } from '../../../../../app/contract/json-outline';
import type { JsonPath, JsonRow, Openness } from './outline';
import { MAX_ROWS, rowIndex, type RowIndex } from './rowIndex';

/** The parsed children of the `values` blocks read so far: an array of items, or an object of members. */
export type LoadedBlocks = ReadonlyMap<JsonOutlineBlock, object>;

/** The rows of an outline under one openness; see {@link outlineIndex}. */
export type OutlineIndex = {
  /** Rows in all (at most MAX_ROWS). */
  readonly count: number;
  readonly truncated: boolean;
  /** Rows [from, to): undefined where their block is not read yet. */
  rows(from: number, to: number): (JsonRow | undefined)[];
  /** The `values` blocks not read yet that hold rows [from, to), with the kind of their container. */
  missing(from: number, to: number): { readonly block: JsonOutlineBlock; readonly kind: JsonOutlineNode['kind'] }[];
};

const childCount = (b: JsonOutlineBlock) => (b.type === 'values' ? b.count : 1);

/** The text of a block's children made one JSON value: its items in `[]`, its members in `{}`. */
export function blockDocument(kind: JsonOutlineNode['kind'], text: string): string {
  return kind === 'array' ? `[${text}]` : `{${text}}`;
}

/**
 * The tree's rows of `root`'s children (depth 0, the root itself not shown) under `openness` (see outline.ts
 * `Openness`), from the outline and the `loaded` blocks. A block not read yet holds no path of `openness`
 * (its rows were never shown, so none was toggled): its rows are counted from its `depths`.
 */
export function outlineIndex(root: JsonOutlineNode, loaded: LoadedBlocks, openness: Openness): OutlineIndex {
  const { openDepth, expanded, collapsed } = openness;
  const perPath = expanded.size > 0 || collapsed.size > 0;
  const isOpen = (path: JsonPath, depth: number) => {
    if (!perPath) return depth < openDepth;
    const key = JSON.stringify(path);
    return depth < openDepth ? !collapsed.has(key) : expanded.has(key);
  };
  const indexes = new Map<JsonOutlineBlock, RowIndex>();
  const blockIndex = (block: JsonOutlineBlock, path: JsonPath, depth: number): RowIndex | null => {
    const values = loaded.get(block);
    if (!values) return null;
    let index = indexes.get(block);
    if (!index) indexes.set(block, (index = rowIndex(values, openness, 0, { depth, path, firstIndex: block.first })));
    return index;
  };
  const keyOf = (node: JsonOutlineNode, block: JsonOutlineBlock) => (node.kind === 'array' || block.type === 'values' ? block.first : block.key!);
  const spans = new Map<JsonOutlineNode, number>();
  // Rows below `node` (its children and theirs) whose children are at `depth`.
  const below = (node: JsonOutlineNode, path: JsonPath, depth: number): number => {
    let total = spans.get(node);
    if (total !== undefined) return total;
    total = 0;
    for (const block of node.blocks) {
      if (total >= MAX_ROWS) break;
      total += span(node, block, path, depth);
    }
    spans.set(node, total);
    return total;
  };
  const span = (node: JsonOutlineNode, block: JsonOutlineBlock, path: JsonPath, depth: number): number => {
    if (block.type === 'scalar') return 1;
    if (block.type === 'node') {
      const childPath = [...path, keyOf(node, block)];
      return 1 + (isOpen(childPath, depth) ? below(block.node, childPath, depth + 1) : 0);
    }
    const index = blockIndex(block, path, depth);
    if (index) return index.count;
    // Values at relative depth r show when every container above them is open: r <= openDepth - depth.
    let rows = 0;
    for (let r = 0; r < block.depths.length && r <= openDepth - depth; r++) rows += block.depths[r]!;
    return rows;
  };
  const total = below(root, [], 0);
  const count = Math.min(total, MAX_ROWS);

  // Calls `visit` for each block overlapping rows [from, to), with the row where the block's rows start.
  const walk = (
    from: number,
    to: number,
    visit: (node: JsonOutlineNode, block: JsonOutlineBlock, path: JsonPath, depth: number, at: number, open: boolean) => void,
  ) => {
    const inNode = (node: JsonOutlineNode, path: JsonPath, depth: number, at: number) => {
      for (const block of node.blocks) {
        if (at >= to) return;
        const rows = span(node, block, path, depth);
        if (at + rows <= from) {
          at += rows;
          continue;
        }
        const open = block.type === 'node' && isOpen([...path, keyOf(node, block)], depth);
        visit(node, block, path, depth, at, open);
        if (block.type === 'node' && open) inNode(block.node, [...path, keyOf(node, block)], depth + 1, at + 1);
        at += rows;
      }
    };
    inNode(root, [], 0, 0);
  };

  return {
    count,
    truncated: total > MAX_ROWS,
    rows(from, to) {
      const start = Math.max(0, from);
      const end = Math.min(count, to);
      const out = new Array<JsonRow | undefined>(Math.max(0, end - start));
      walk(start, end, (node, block, path, depth, at, open) => {
        if (block.type === 'values') {
          const index = blockIndex(block, path, depth);
          if (!index) return;
          const rows = index.rows(start - at, end - at);
          const first = Math.max(at, start);
          rows.forEach((row, i) => (out[first - start + i] = row));
          return;
        }
        if (at < start) return;
        const key = keyOf(node, block);
        const childPath = [...path, key];
        out[at - start] =
          block.type === 'node'
            ? { depth, key, path: childPath, kind: block.node.kind, size: block.node.size, preview: '', expanded: open }
            : { depth, key, path: childPath, kind: block.kind, size: 0, preview: block.preview, expanded: false };
      });
      return out;
    },
    missing(from, to) {
      const blocks: { block: JsonOutlineBlock; kind: JsonOutlineNode['kind'] }[] = [];
      walk(Math.max(0, from), Math.min(count, to), (node, block, path, depth) => {
        if (block.type === 'values' && !blockIndex(block, path, depth)) blocks.push({ block, kind: node.kind });
      });
      return blocks;
    },
  };
}

/** Where the value at a path is: parsed in a block read already, or a range of the text to read. */
export type Located = { readonly value: unknown } | { readonly start: number; readonly end: number };

/**
 * The value at `path` ({@link Located}), or undefined when the path is not in the outline or in a block read so
 * far (a row's path always is: its block was read to show it).
 */
export function locate(root: JsonOutlineNode, loaded: LoadedBlocks, path: JsonPath): Located | undefined {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const block = node.blocks.find((b) =>
      node.kind === 'array'
        ? typeof key === 'number' && key >= b.first && key < b.first + childCount(b)
        : b.type === 'values'
          ? loaded.has(b) && Object.hasOwn(loaded.get(b)!, key)
          : b.key === key,
    );
    if (!block) return undefined;
    if (block.type === 'values') {
      const values = loaded.get(block);
      if (!values) return undefined;
      let value: unknown = node.kind === 'array' ? (values as unknown[])[(key as number) - block.first] : (values as Record<string, unknown>)[key];
      for (const p of path.slice(i + 1)) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, p)) return undefined;
        value = (value as Record<string | number, unknown>)[p];
      }
      return { value };
    }
    if (block.type === 'scalar') return i === path.length - 1 ? { start: block.start, end: block.end } : undefined;
    node = block.node;
  }
  return { start: node.start, end: node.end };
}

/** The `values` blocks whose text came with the outline (contract json-outline.ts `text`), with their container's kind. */
export function givenTexts(node: JsonOutlineNode): { readonly block: JsonOutlineBlock; readonly kind: JsonOutlineNode['kind']; readonly text: string }[] {
  return node.blocks.flatMap((block) =>
    block.type === 'values' && block.text !== undefined ? [{ block, kind: node.kind, text: block.text }] : block.type === 'node' ? givenTexts(block.node) : [],
  );
}
