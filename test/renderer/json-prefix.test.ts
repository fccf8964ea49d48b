import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closedPrefix } from '../../renderer/src/views/entry/json/prefix';

describe('closedPrefix', () => {
  it('cuts after the last complete value and closes the containers open there', () => {
    const text = JSON.stringify(
      {
        ok: true,
        items: [
          { id: 0, tags: ['a', 'b'] },
          { id: 1, tags: ['c'] },
        ],
      },
      null,
      2,
    );
    const cut = closedPrefix(text.slice(0, text.indexOf('"c"') + 2))!;
    // Cut at the comma after `"id": 1`: the root, items and items[1] are still open.
    expect(JSON.parse(cut.text)).toEqual({ ok: true, items: [{ id: 0, tags: ['a', 'b'] }, { id: 1 }] });
    expect(cut.open).toBe(3);
  });

  it('ignores commas, brackets and escaped quotes inside strings', () => {
    const text = '{"a": "x,]}\\",{", "b": [1, "[,"';
    expect(closedPrefix(text)).toEqual({ text: '{"a": "x,]}\\",{", "b": [1]}', open: 2 });
  });

  it('is null when no value inside a container is complete yet, or for a lone scalar', () => {
    expect([closedPrefix('{"items": [{"id"'), closedPrefix('"a, b'), closedPrefix('12')]).toEqual([null, null, null]);
  });

  it('of any prefix of any JSON document gives JSON whose values are a prefix-closed part of the document', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true }), (value, pretty, at) => {
        const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        const cut = closedPrefix(text.slice(0, Math.floor(at * text.length)));
        if (cut === null) return;
        // Parses, and what it holds is no more than the document: every leaf shown is the document's leaf at the same path.
        const shown: unknown = JSON.parse(cut.text);
        const within = (part: unknown, whole: unknown): boolean =>
          part === null || typeof part !== 'object'
            ? Object.is(part, whole) || part === whole
            : whole !== null && typeof whole === 'object' && Object.entries(part).every(([k, v]) => within(v, (whole as Record<string, unknown>)[k]));
        expect(within(shown, JSON.parse(text))).toBe(true);
        expect(cut.open).toBeGreaterThan(0);
      }),
    );
  });
});
