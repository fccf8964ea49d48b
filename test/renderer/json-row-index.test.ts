import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonRow, Openness } from '../../renderer/src/views/entry/json/outline';
import { kindOf, PREVIEW_UNITS, rowIndex } from '../../renderer/src/views/entry/json/rowIndex';

// The eager outline (every row built in one walk), as the tree had it: the reference the counted index must match.
function eagerRows(root: unknown, openness: Openness, incomplete = 0): { rows: JsonRow[]; truncated: boolean } {
  const rows: JsonRow[] = [];
  // Without per-path choices, openness is by depth alone: no path key to build for each of 50,000 rows.
  const byDepth = openness.expanded.size === 0 && openness.collapsed.size === 0;
  const visit = (value: unknown, path: readonly (string | number)[], depth: number, chain: boolean): boolean => {
    const array = Array.isArray(value);
    const keys = array ? null : Object.keys(value as object);
    const count = array ? (value as unknown[]).length : keys!.length;
    for (let i = 0; i < count; i++) {
      if (rows.length >= Infinity) return false;
      const key = array ? i : keys![i]!;
      const child = (value as Record<string | number, unknown>)[key];
      const childPath = [...path, key];
      const kind = kindOf(child);
      const container = kind === 'object' || kind === 'array';
      const size = container ? (kind === 'array' ? (child as unknown[]).length : Object.keys(child as object).length) : 0;
      const open =
        container &&
        (byDepth
          ? depth < openness.openDepth
          : depth < openness.openDepth
            ? !openness.collapsed.has(JSON.stringify(childPath))
            : openness.expanded.has(JSON.stringify(childPath)));
      const text = container ? '' : JSON.stringify(child);
      const onChain = chain && i === count - 1 && container && depth + 2 <= incomplete;
      rows.push({
        depth,
        key,
        path: childPath,
        kind,
        size,
        preview: text.length > PREVIEW_UNITS ? text.slice(0, PREVIEW_UNITS) + '…' : text,
        expanded: open,
        ...(onChain ? { incomplete: true as const } : {}),
      });
      if (open && !visit(child, childPath, depth + 1, onChain)) return false;
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
  const complete = visit(root, [], 0, incomplete >= 1);
  return { rows, truncated: !complete };
}

const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
})).value;

/** Every container path of `value` (as path keys), for picking expanded / collapsed ones. */
function containerKeys(value: unknown, path: (string | number)[] = [], out: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return out;
  if (path.length > 0) out.push(JSON.stringify(path));
  for (const [k, v] of Object.entries(value)) containerKeys(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

describe('rowIndex', () => {
  it('counts and windows exactly the rows the eager outline builds, for any value, openness and first-look chain', () => {
    fc.assert(
      fc.property(
        json,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.nat()),
        fc.array(fc.nat()),
        fc.nat(),
        fc.nat(),
        (root, openDepth, incomplete, ex, co, a, b) => {
          const keys = containerKeys(root);
          const pick = (picks: number[]) => new Set(keys.length === 0 ? [] : picks.map((p) => keys[p % keys.length]!));
          const openness: Openness = { openDepth, expanded: pick(ex), collapsed: pick(co) };
          const all = eagerRows(root, openness, incomplete).rows;
          const index = rowIndex(root, openness, incomplete);
          expect(index.count).toBe(all.length);
          expect(index.rows(0, index.count)).toEqual(all);
          const [from, to] = [a % (all.length + 2), b % (all.length + 2)].sort((x, y) => x - y) as [number, number];
          expect(index.rows(from, to)).toEqual(all.slice(from, to));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the rows of a window deep in a closed 50,000-item list by index', () => {
    const items = Array.from({ length: 50_000 }, (_, i) => ({ id: i }));
    const index = rowIndex({ ok: true, items }, { openDepth: 1, expanded: new Set(), collapsed: new Set() });
    expect(index.count).toBe(50_002);
    expect(index.rows(49_999, 50_002).map((r) => [r.depth, r.key, r.path, r.size])).toEqual([
      [1, 49_997, ['items', 49_997], 1],
      [1, 49_998, ['items', 49_998], 1],
      [1, 49_999, ['items', 49_999], 1],
    ]);
  });
});
