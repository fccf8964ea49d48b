import { describe, expect, it } from 'vitest';
import { createOutlineHost, FIRST_ROWS } from '../../renderer/src/views/entry/json/outline';

const items = Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `item-${i}` }));
const text = JSON.stringify({ ok: true, items });

function parsedHost() {
  const host = createOutlineHost();
  host({ type: 'append', chunk: text.slice(0, 1000) });
  host({ type: 'append', chunk: text.slice(1000) });
  expect(host({ type: 'parse', seq: 1 })).toEqual({ type: 'parsed', seq: 1, ok: true, rootKind: 'object', rootSize: 2 });
  return host;
}

describe('createOutlineHost rows and windows', () => {
  it('answers an outline with its row count and only its first rows', () => {
    const host = parsedHost();
    const answer = host({ type: 'rows', seq: 2, openDepth: 1, expanded: [], collapsed: [] });
    if (answer?.type !== 'rows') throw new Error(`expected rows, got ${JSON.stringify(answer)}`);
    // ok, items, then the 2,000 items (depth 1, closed).
    expect(answer.count).toBe(2_002);
    expect(answer.rows).toHaveLength(FIRST_ROWS);
    expect(answer.rows.slice(0, 3).map((r) => [r.depth, r.key, r.kind, r.size])).toEqual([
      [0, 'ok', 'boolean', 0],
      [0, 'items', 'array', 2_000],
      [1, 0, 'object', 2],
    ]);
  });

  it('gives the rows of a window of the last outline, with their paths', () => {
    const host = parsedHost();
    host({ type: 'rows', seq: 2, openDepth: 1, expanded: [], collapsed: [] });
    const window = host({ type: 'window', seq: 3, of: 2, from: 1_900, to: 1_903 });
    expect(window).toEqual({
      type: 'window',
      seq: 3,
      of: 2,
      from: 1_900,
      rows: [1_898, 1_899, 1_900].map((i) => ({ depth: 1, key: i, path: ['items', i], kind: 'object', size: 2, preview: '', expanded: false })),
    });
  });

  it('answers no rows for a window of an outline a newer one replaced', () => {
    const host = parsedHost();
    host({ type: 'rows', seq: 2, openDepth: 1, expanded: [], collapsed: [] });
    host({ type: 'rows', seq: 4, openDepth: 0, expanded: [], collapsed: [] });
    expect(host({ type: 'window', seq: 5, of: 2, from: 0, to: 10 })).toEqual({ type: 'window', seq: 5, of: 2, from: 0, rows: [] });
    const current = host({ type: 'window', seq: 6, of: 4, from: 0, to: 10 });
    expect(current?.type === 'window' ? current.rows.map((r) => r.key) : null).toEqual(['ok', 'items']);
  });
});
