import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchEntry } from '../../../app/scratchpad/search/search';
import type { SearchHit, SearchableEntry } from '../../../app/scratchpad/search/types';
import { referenceHits, textEntry } from './helpers';

/*
 * Dense searches over long chunks: many hits per chunk, pages that end and resume in the middle of a chunk (the
 * cursor's place found by byteOfCodePoint over whole words), hits straddling chunk boundaries, CRLF, emoji and
 * invalid UTF-8 (re-encoded chunks), with and without the backend's newline counts.
 */

const PIECES = ['città', 'x', ' ', '\n', '\r\n', '👍', '👨‍👩‍👧', 'é', '中文', 'ab', 'lorem ipsum dolor '];
const INVALID = [[0x80], [0xe0, 0x80], [0xf0, 0x9f], [0xff], [0xc3]];
const piece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PIECES).map((s) => Buffer.from(s, 'utf8')) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID).map((b) => Buffer.from(b)) },
);
const content = fc.array(piece, { minLength: 20, maxLength: 400 }).map((ps) => Buffer.concat(ps));
const decode = (b: Uint8Array): string => new TextDecoder().decode(b);

async function allPages(entry: SearchableEntry, pattern: string, limit: number): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 5000; page++) {
    const r = await searchEntry(entry, { pattern }, { limit, cursor });
    hits.push(...r.hits);
    cursor = r.nextCursor;
    if (cursor === null) return hits;
  }
  throw new Error('too many pages');
}

describe('searchEntry (dense, long chunks, pages resumed mid-chunk)', () => {
  it('finds the reference hits page by page, with the previews of one call', async () => {
    await fc.assert(
      fc.asyncProperty(
        content,
        fc.integer({ min: 40, max: 400 }),
        fc.constantFrom('città', 'x', '👍', '\r\n', 'x x', 'ab', '\uFFFD'),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        async (bytes, per, needle, limit, withNewlines) => {
          const text = decode(bytes);
          const entry = textEntry(bytes, per, 'e1', withNewlines);
          const paged = await allPages(entry, needle, limit);
          expect(paged.map((h) => ({ offset: h.offset, length: h.length, line: h.line }))).toEqual(referenceHits(text, needle, false));
          // Chunks of 40 code points or more hold a preview's whole left context: a resumed page shows the same.
          const one = await searchEntry(entry, { pattern: needle }, { limit: 10_000 });
          expect(paged).toEqual(one.hits);
          const cps = [...text];
          for (const h of one.hits)
            expect(cps.slice(h.offset - h.preview.matchStart, h.offset - h.preview.matchStart + [...h.preview.text].length).join('')).toBe(h.preview.text);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('resumes a page of one hit in the middle of a chunk of 1,000 hits', async () => {
    const text = 'città 👍\r\n'.repeat(1000);
    const entry = textEntry(Buffer.from(text, 'utf8'), 5_000);
    const r1 = await searchEntry(entry, { pattern: 'città' }, { limit: 500 });
    const r2 = await searchEntry(entry, { pattern: 'città' }, { limit: 1, cursor: r1.nextCursor });
    expect(r2.hits).toEqual([
      { offset: 4500, length: 5, line: 501, preview: (await searchEntry(entry, { pattern: 'città' }, { limit: 501 })).hits[500]!.preview },
    ]);
    // 30 code points each side of hit 500 (code point 4,500; 9 code points a repetition).
    expect(r2.hits[0]!.preview).toEqual({ text: '👍\r\n' + 'città 👍\r\n'.repeat(6) + 'città 👍\r', matchStart: 30, matchLength: 5 });
  });
});
