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

describe('createOutlineHost first look', () => {
  const pretty = JSON.stringify({ ok: true, items }, null, 2);
  const firstSlice = pretty.slice(0, pretty.indexOf('"item-700"'));

  it('shows the top of the tree from the first slice, the containers still being read marked incomplete', () => {
    const host = createOutlineHost();
    host({ type: 'append', chunk: firstSlice });
    expect(host({ type: 'preview', seq: 1 })).toEqual({ type: 'parsed', seq: 1, ok: true, rootKind: 'object', rootSize: 2, partial: true });
    const answer = host({ type: 'rows', seq: 2, openDepth: 1, expanded: [], collapsed: [] });
    if (answer?.type !== 'rows') throw new Error(`expected rows, got ${JSON.stringify(answer)}`);
    // ok, items (700 whole items so far, and item 700 with its id only), each item a closed row.
    expect(answer.count).toBe(2 + 701);
    expect(answer.rows.slice(0, 3).map((r) => [r.key, r.size, r.incomplete ?? false])).toEqual([
      ['ok', 0, false],
      ['items', 701, true],
      [0, 2, false],
    ]);
    const last = host({ type: 'window', seq: 3, of: 2, from: 701, to: 703 });
    expect(last?.type === 'window' ? last.rows.map((r) => [r.key, r.size, r.incomplete ?? false]) : null).toEqual([
      [699, 2, false],
      [700, 1, true],
    ]);
  });

  it('then answers from the whole text once parsed, with nothing incomplete', () => {
    const host = createOutlineHost();
    host({ type: 'append', chunk: firstSlice });
    host({ type: 'preview', seq: 1 });
    host({ type: 'append', chunk: pretty.slice(firstSlice.length) });
    expect(host({ type: 'parse', seq: 2 })).toEqual({ type: 'parsed', seq: 2, ok: true, rootKind: 'object', rootSize: 2 });
    const answer = host({ type: 'rows', seq: 3, openDepth: 1, expanded: [], collapsed: [] });
    if (answer?.type !== 'rows') throw new Error(`expected rows, got ${JSON.stringify(answer)}`);
    expect(answer.count).toBe(2_002);
    expect(answer.rows.filter((r) => r.incomplete)).toEqual([]);
    expect(answer.rows[1]).toEqual({ depth: 0, key: 'items', path: ['items'], kind: 'array', size: 2_000, preview: '', expanded: true });
  });

  it('answers a failed first look when the first slice holds no member yet', () => {
    const host = createOutlineHost();
    host({ type: 'append', chunk: '{"ite' });
    expect(host({ type: 'preview', seq: 1 })).toMatchObject({ type: 'parsed', seq: 1, ok: false, partial: true });
  });

  it('shows the containers a first slice leaves open, with what they hold so far', () => {
    const host = createOutlineHost();
    host({ type: 'append', chunk: '{"items": [{"id": 1, "name"' });
    expect(host({ type: 'preview', seq: 1 })).toEqual({ type: 'parsed', seq: 1, ok: true, rootKind: 'object', rootSize: 1, partial: true });
    const answer = host({ type: 'rows', seq: 2, openDepth: Infinity, expanded: [], collapsed: [] });
    expect(answer?.type === 'rows' ? answer.rows.map((r) => [r.key, r.size, r.preview, r.incomplete ?? false]) : null).toEqual([
      ['items', 1, '', true],
      [0, 1, '', true],
      ['id', 0, '1', false],
    ]);
  });
});

describe('createOutlineHost after a first look at text that does not parse', () => {
  it('answers the parse as invalid and a rows request with an empty outline (no request left waiting)', () => {
    const host = createOutlineHost();
    host({ type: 'append', chunk: '{"items": [1, 2, 3' });
    expect(host({ type: 'preview', seq: 1 })).toMatchObject({ type: 'parsed', ok: true, partial: true });
    host({ type: 'append', chunk: ', oops]}' });
    expect(host({ type: 'parse', seq: 2 })).toMatchObject({ type: 'parsed', seq: 2, ok: false });
    expect(host({ type: 'rows', seq: 3, openDepth: 1, expanded: [], collapsed: [] })).toEqual({ type: 'rows', seq: 3, count: 0, rows: [], truncated: false });
  });
});
