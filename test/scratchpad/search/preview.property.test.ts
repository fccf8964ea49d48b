import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchEntry } from '../../../app/scratchpad/search/search';
import { textEntry } from './helpers';

/*
 * Previews of hits deep inside long chunks, where the emitter takes its shortcuts: ASCII context each side is
 * taken as `context` bytes without walking (decoded as latin1 when the match is ASCII too, as UTF-8 otherwise);
 * any other context is walked code point by code point. Both must give the reference preview: exactly
 * `previewContext` code points each side of the match (the chunk holds them), taken from the decoded text.
 */

const ASCII = ['lorem ', 'ipsum ', 'dolor ', 'x', '\n', '\r\n', '0123456789 '];
const OTHER = ['é', 'città ', '👍', '中文', '👨‍👩‍👧', 'e\u0301'];
const around = (weightOther: number) =>
  fc
    .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ASCII) }, { weight: weightOther, arbitrary: fc.constantFrom(...OTHER) }), {
      minLength: 60,
      maxLength: 120,
    })
    .map((ps) => ps.join(''));

/** The reference preview of a hit at code point `offset` (`length` code points) of `cps`, `context` each side. */
function reference(cps: readonly string[], offset: number, length: number, context: number) {
  const a = Math.max(0, offset - context);
  return { text: cps.slice(a, offset + length + context).join(''), matchStart: offset - a, matchLength: length };
}

describe('searchEntry previews (ASCII shortcut and the walk)', () => {
  it('gives exactly the context of the decoded text around every hit, ASCII or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(around(0), around(1)), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('città', 'needle', 'NEEDLE-7', '👍x', 'é'),
        fc.integer({ min: 0, max: 40 }),
        async (segments, needle, context) => {
          // Each segment: ASCII-only filler, the needle, mixed filler; one chunk of the whole text (hits deep inside it).
          const text = segments.map(([ascii, mixed]) => `${ascii}${needle}${mixed}${needle}${ascii}`).join('');
          const cps = [...text];
          const entry = textEntry(Buffer.from(text, 'utf8'), cps.length + 1);
          const r = await searchEntry(entry, { pattern: needle }, { limit: 10_000, previewContext: context });
          expect(r.hits.length).toBeGreaterThanOrEqual(2 * segments.length);
          for (const h of r.hits) expect(h.preview).toEqual(reference(cps, h.offset, h.length, context));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('decodes an ASCII hit in ASCII context and a non-ASCII one in ASCII context alike', async () => {
    const pad = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(6);
    const text = `${pad}needle${pad}città${pad}`;
    const entry = textEntry(Buffer.from(text, 'utf8'), text.length + 1);
    const [ascii] = (await searchEntry(entry, { pattern: 'needle' })).hits;
    const [latin] = (await searchEntry(entry, { pattern: 'città' })).hits;
    expect(ascii!.preview).toEqual({ text: `${pad.slice(-30)}needle${pad.slice(0, 30)}`, matchStart: 30, matchLength: 6 });
    expect(latin!.preview).toEqual({ text: `${pad.slice(-30)}città${pad.slice(0, 30)}`, matchStart: 30, matchLength: 5 });
  });
});
