import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamParser } from '../../renderer/src/views/entry/json/streamParse';

/** `text` pushed in slices cut at `cuts` (UTF-16 offsets), as the outline worker gets it. */
function streamed(text: string, cuts: readonly number[], openAfter: number) {
  const parser = createStreamParser(openAfter);
  let from = 0;
  for (const cut of [...cuts].map((c) => c % (text.length + 1)).sort((a, b) => a - b)) {
    parser.push(text.slice(from, cut));
    from = cut;
  }
  parser.push(text.slice(from));
  return parser.end();
}

const document = fc.tuple(fc.jsonValue(), fc.constantFrom(0, 1, 2)).map(([v, indent]) => JSON.stringify(v, null, indent));

describe('createStreamParser', () => {
  it('gives what JSON.parse gives (values and key order), however the text is cut into slices', () => {
    fc.assert(
      fc.property(document, fc.array(fc.nat(), { maxLength: 8 }), fc.nat({ max: 40 }), (text, cuts, openAfter) => {
        const expected: unknown = JSON.parse(text);
        const got = streamed(text, cuts, openAfter);
        if (expected === null || typeof expected !== 'object')
          expect(got).toBeUndefined(); // a scalar root: the caller parses it
        else {
          expect(got).toBeDefined();
          expect(got!.value).toStrictEqual(expected);
          expect(JSON.stringify(got!.value)).toBe(JSON.stringify(expected));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives no value for a text JSON.parse refuses (a unit removed, doubled or replaced)', () => {
    const damaged = fc
      .tuple(document, fc.nat(), fc.constantFrom('', ',', ']', '}', '[', '{', '"', ':', 'x', '\\'), fc.boolean())
      .map(([text, at, unit, replace]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + unit + text.slice(replace ? i + 1 : i);
      });
    fc.assert(
      fc.property(damaged, fc.array(fc.nat(), { maxLength: 8 }), fc.nat({ max: 40 }), (text, cuts, openAfter) => {
        let valid = true;
        let expected: unknown;
        try {
          expected = JSON.parse(text);
        } catch {
          valid = false;
        }
        const got = streamed(text, cuts, openAfter);
        if (!valid) expect(got).toBeUndefined();
        else if (got) expect(got.value).toStrictEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('opens a long list spanning slices, so each slice is parsed as it arrives', () => {
    const items = Array.from({ length: 5_000 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ['a', 'b'] }));
    // A "__proto__" key is a member of the parsed value (in an object literal it would set the prototype).
    const text = JSON.stringify({ ok: true, items }, null, 2).replace(/\n}$/, ',\n  "last": { "__proto__": 1 }\n}');
    const cuts = Array.from({ length: 20 }, (_, k) => Math.floor((k * text.length) / 20));
    const got = streamed(text, cuts, 1024);
    expect(got!.value).toStrictEqual(JSON.parse(text));
    expect(Object.keys((got!.value as { last: object }).last)).toEqual(['__proto__']);
  });
});
