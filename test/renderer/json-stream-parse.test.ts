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

  it('gives what JSON.parse gives for pretty text of any indent, the white space after some separators changed', () => {
    // Members cut at their separators (comma, newline, indent) without a scan, unless JSON.parse refuses the cut.
    const reformatted = fc
      .tuple(fc.jsonValue(), fc.constantFrom('  ', '\t', '    ', ' '), fc.array(fc.tuple(fc.nat(), fc.constantFrom('\n', ' ', '\n  ', '')), { maxLength: 4 }))
      .map(([v, indent, edits]) => {
        let text = JSON.stringify(v, null, indent);
        for (const [at, ws] of edits) {
          const i = text.indexOf(',\n', at % (text.length + 1));
          if (i >= 0) text = text.slice(0, i + 1) + ws + text.slice(i + 1).replace(/^[ \t\n\r]*/, (lead) => lead.slice(0, 1));
        }
        return text;
      });
    fc.assert(
      fc.property(reformatted, fc.array(fc.nat(), { maxLength: 8 }), fc.nat({ max: 40 }), (text, cuts, openAfter) => {
        const expected: unknown = JSON.parse(text);
        const got = streamed(text, cuts, openAfter);
        if (expected !== null && typeof expected === 'object') expect(JSON.stringify(got?.value)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 500 },
    );
  });

  it('parses sibling lists at the same indent, where the last separator of the text belongs to the next list', () => {
    const text = JSON.stringify({ a: [1, 2, 3], b: [4, 5, 6], c: { d: [7, 8], e: [9, 10] } }, null, 2);
    for (let cut = 1; cut < text.length; cut++) expect(streamed(text, [cut], 0)!.value).toStrictEqual(JSON.parse(text));
  });
});

/** Is `part` the start of `whole` along a chain of `open` containers (each one's last member the next)? */
function isStartOf(part: unknown, whole: unknown, open: number): boolean {
  if (open === 0) return JSON.stringify(part) === JSON.stringify(whole);
  if (part === null || typeof part !== 'object' || whole === null || typeof whole !== 'object' || Array.isArray(part) !== Array.isArray(whole)) return false;
  const keys = Object.keys(part);
  const wholeKeys = Object.keys(whole);
  if (keys.length > wholeKeys.length || keys.some((k, i) => wholeKeys[i] !== k)) return false;
  const member = (v: object, k: string) => (v as Record<string, unknown>)[k];
  return keys.every((k, i) =>
    i < keys.length - 1
      ? JSON.stringify(member(part, k)) === JSON.stringify(member(whole, k))
      : isStartOf(member(part, k), member(whole, k), open - 1) || JSON.stringify(member(part, k)) === JSON.stringify(member(whole, k)),
  );
}

describe('createStreamParser partial', () => {
  it('gives the start of the document so far, a copy later slices leave unchanged, and the whole value at the end', () => {
    const containers = document.filter((text) => /^[[{]/.test(text));
    fc.assert(
      fc.property(containers, fc.nat(), fc.nat({ max: 40 }), (text, at, openAfter) => {
        const whole: unknown = JSON.parse(text);
        const cut = at % (text.length + 1);
        const parser = createStreamParser(openAfter);
        parser.push(text.slice(0, cut));
        const first = parser.partial();
        const seen = JSON.stringify(first?.value);
        parser.push(text.slice(cut));
        if (first) {
          expect(isStartOf(first.value, whole, first.open)).toBe(true);
          expect(JSON.stringify(first.value)).toBe(seen);
        }
        expect(parser.partial()).toEqual({ value: whole, open: 0 });
        expect(parser.end()!.value).toStrictEqual(whole);
      }),
      { numRuns: 500 },
    );
  });
});
