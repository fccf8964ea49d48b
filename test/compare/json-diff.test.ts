import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffJson, recordKey } from '../../app/compare';

const all = { maxChanges: 1_000_000 };

describe('diffJson', () => {
  it('reports a changed value by index path when records have no key', () => {
    const a = { results: Array.from({ length: 200 }, (_, i) => ({ test: `t${i % 3}`, status: 'pass' })) };
    const b = structuredClone(a);
    (b.results[123] as { status: string }).status = 'fail';
    expect(diffJson(a, b, all)).toEqual({
      diff: { changes: [{ path: 'results[123].status', kind: 'changed', before: '"pass"', after: '"fail"' }], counts: { added: 0, removed: 0, changed: 1 } },
      truncated: false,
    });
  });

  it('matches records by id when every record has a unique one, whatever their order', () => {
    const a = {
      items: [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
        { id: 3, v: 'c' },
      ],
    };
    const b = {
      items: [
        { id: 3, v: 'c' },
        { id: 1, v: 'A' },
        { id: 4, v: 'd' },
      ],
      extra: true,
    };
    expect(diffJson(a, b, all).diff).toEqual({
      changes: [
        { path: 'items[id=1].v', kind: 'changed', before: '"a"', after: '"A"' },
        { path: 'items[id=2]', kind: 'removed', before: '{"id":2,"v":"b"}' },
        { path: 'items[id=4]', kind: 'added', after: '{"id":4,"v":"d"}' },
        { path: 'extra', kind: 'added', after: 'true' },
      ],
      counts: { added: 2, removed: 1, changed: 1 },
    });
  });

  it('falls back from a duplicated id to name, and to index when no key is unique', () => {
    expect(
      recordKey(
        [
          { id: 1, name: 'a' },
          { id: 1, name: 'b' },
        ],
        [{ id: 2, name: 'a' }],
      ),
    ).toBe('name');
    expect(recordKey([{ id: 1 }, { id: 1 }], [{ id: 1 }])).toBeNull();
    expect(recordKey([{ path: '/a' }], [{ path: '/b' }, 3])).toBeNull();
  });

  it('quotes keys that are not identifiers and names a changed type at its path', () => {
    expect(diffJson({ 'a b': [1, { c: 1 }] }, { 'a b': [1, [1]] }, all).diff.changes).toEqual([
      { path: '["a b"][1]', kind: 'changed', before: '{"c":1}', after: '[1]' },
    ]);
    expect(diffJson(1, 2, all).diff.changes).toEqual([{ path: '(root)', kind: 'changed', before: '1', after: '2' }]);
  });

  it('lists at most maxChanges and counts them all', () => {
    const out = diffJson(
      Array.from({ length: 50 }, () => 0),
      Array.from({ length: 50 }, () => 1),
      { maxChanges: 10 },
    );
    expect(out.truncated).toBe(true);
    expect(out.diff.changes).toHaveLength(10);
    expect(out.diff.counts.changed).toBe(50);
  });

  it('finds no change between deep-equal values (random JSON)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const copy = JSON.parse(JSON.stringify(v));
        expect(diffJson(v, copy, all).diff.changes).toEqual([]);
      }),
    );
  });

  it('finds something whenever two random values differ', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), (a, b) => {
        const na = JSON.parse(JSON.stringify(a));
        const nb = JSON.parse(JSON.stringify(b));
        // Keyed arrays ignore record order, so only a difference beyond order must show.
        if (!isDeepStrictEqual(na, nb) && JSON.stringify(na) !== JSON.stringify(nb)) {
          const out = diffJson(na, nb, all).diff;
          const orderOnly = out.changes.length === 0;
          if (orderOnly) expect(hasKeyedArray(na) || hasKeyedArray(nb)).toBe(true);
        } else expect(diffJson(na, nb, all).diff.changes).toEqual([]);
      }),
    );
  });

  it('reports exactly the random edits made to a list of records', () => {
    const record = fc.record({ id: fc.integer({ min: 0, max: 1_000 }), status: fc.constantFrom('pass', 'fail', 'skip'), ms: fc.nat(999) });
    const records = fc.uniqueArray(record, { selector: (r) => r.id, minLength: 1, maxLength: 40 });
    const edits = fc.array(fc.tuple(fc.nat(), fc.constantFrom('status', 'remove', 'add')), { maxLength: 10 });
    fc.assert(
      fc.property(records, edits, (rs, es) => {
        const after = structuredClone(rs);
        const expected = new Map<string, string>();
        let next = 2_000;
        for (const [n, op] of es) {
          if (after.length === 0) break;
          const r = after[n % after.length] as (typeof rs)[number];
          const path = `results[id=${r.id}]`;
          if (op === 'status') {
            const was = rs.find((x) => x.id === r.id);
            r.status = r.status === 'pass' ? 'fail' : 'pass';
            if (was === undefined) continue; // a record added by this run: still one 'added'
            if (was.status === r.status) expected.delete(`${path}.status`);
            else expected.set(`${path}.status`, 'changed');
          } else if (op === 'remove') {
            after.splice(n % after.length, 1);
            for (const k of [...expected.keys()]) if (k.startsWith(path)) expected.delete(k);
            if (rs.some((x) => x.id === r.id)) expected.set(path, 'removed');
          } else {
            after.push({ id: next, status: 'pass', ms: 1 });
            expected.set(`results[id=${next++}]`, 'added');
          }
        }
        const out = diffJson({ results: rs }, { results: after }, all).diff;
        if (after.length === 0) return; // no key can be read from an empty list: matched by index
        expect(new Map(out.changes.map((c) => [c.path, c.kind]))).toEqual(expected);
        expect(out.counts).toEqual({
          added: [...expected.values()].filter((k) => k === 'added').length,
          removed: [...expected.values()].filter((k) => k === 'removed').length,
          changed: [...expected.values()].filter((k) => k === 'changed').length,
        });
      }),
      { numRuns: 300 },
    );
  });
});

function hasKeyedArray(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasKeyedArray) || (v.length > 0 && v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x)));
  if (typeof v === 'object' && v !== null) return Object.values(v).some(hasKeyedArray);
  return false;
}

describe('diffJson on own keys only', () => {
  it('treats a "__proto__" key as data', () => {
    const a = JSON.parse('{"__proto__": {"x": 1}, "k": 1}');
    const b = JSON.parse('{"k": 1}');
    expect(diffJson(a, b, all).diff.changes).toEqual([{ path: '__proto__', kind: 'removed', before: '{"x":1}' }]);
    expect(diffJson(b, a, all).diff.changes).toEqual([{ path: '__proto__', kind: 'added', after: '{"x":1}' }]);
  });
});
