import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchEntry } from '../../../app/scratchpad/search/search';
import type { SearchHit, SearchQuery, SearchableEntry } from '../../../app/scratchpad/search/types';
import { referenceHits, textEntry } from './helpers';

const PIECES = [
  'a',
  'b',
  'ab',
  'A',
  ' ',
  '\n',
  '\r\n',
  '\r',
  'é',
  'e\u0301',
  '👍',
  '👨‍👩‍👧',
  '中文',
  'ß',
  'SS',
  'ss',
  'Σ',
  'ς',
  'σ',
  'İ',
  'i̇',
  'K',
  'k',
  'ﬁ',
  'fi',
  'Città',
  'CITTÀ',
  'Ж',
  'ж',
  '\uFFFD',
];
const INVALID = [[0x80], [0xe0, 0x80], [0xf0, 0x9f], [0xff], [0xc3], [0xed, 0xa0, 0x80]];

const piece = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PIECES).map((s) => Buffer.from(s, 'utf8')) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID).map((b) => Buffer.from(b)) },
);
const content = fc.array(piece, { minLength: 0, maxLength: 40 }).map((ps) => Buffer.concat(ps));
const decode = (b: Uint8Array): string => new TextDecoder().decode(b);

/** Every hit of a query, page by page through the cursor. */
async function allPages(entry: SearchableEntry, q: SearchQuery, limit: number): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const r = await searchEntry(entry, q, { limit, cursor });
    hits.push(...r.hits);
    cursor = r.nextCursor;
    if (cursor === null) return hits;
  }
  throw new Error('too many pages');
}

/** Needle: a code-point substring of the text (so most cases match), or a piece. */
function needleOf(text: string, a: number, len: number, alt: string): string {
  const cps = [...text];
  if (cps.length === 0 || len === 0) return alt;
  const s = cps.slice(a % cps.length, (a % cps.length) + len).join('');
  return s.length > 0 ? s : alt;
}

function checkPreviews(text: string, hits: readonly SearchHit[]): void {
  const cps = [...text];
  for (const h of hits) {
    const p = [...h.preview.text];
    expect(p.slice(h.preview.matchStart, h.preview.matchStart + h.preview.matchLength).join('')).toBe(cps.slice(h.offset, h.offset + h.length).join(''));
    expect(cps.slice(h.offset - h.preview.matchStart, h.offset - h.preview.matchStart + p.length).join('')).toBe(h.preview.text);
  }
}

describe('searchEntry (literal, against indexOf on the decoded text)', () => {
  it('finds the same hits, lines and previews as the reference, case-sensitive, across chunk boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        content,
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(...PIECES),
        async (bytes, per, a, len, alt) => {
          const text = decode(bytes);
          const needle = needleOf(text, a, len, alt);
          const got = await allPages(textEntry(bytes, per), { pattern: needle }, 1000);
          expect(got.map((h) => ({ offset: h.offset, length: h.length, line: h.line }))).toEqual(referenceHits(text, needle, false));
          checkPreviews(text, got);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds the same hits as the folded reference when case-insensitive, page by page', async () => {
    await fc.assert(
      fc.asyncProperty(
        content,
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(...PIECES),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        async (bytes, per, a, len, alt, upper, limit) => {
          const text = decode(bytes);
          const base = needleOf(text, a, len, alt);
          const needle = upper ? base.toUpperCase() : base.toLowerCase();
          const got = await allPages(textEntry(bytes, per), { pattern: needle, caseSensitive: false }, limit);
          expect(got.map((h) => ({ offset: h.offset, length: h.length, line: h.line }))).toEqual(referenceHits(text, needle, true));
          checkPreviews(text, got);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('pages through the cursor to exactly the hits of one call (case-sensitive)', async () => {
    await fc.assert(
      fc.asyncProperty(
        content,
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('a', 'ab', 'ss', '\n', 'ba', '\uFFFD'),
        fc.integer({ min: 1, max: 4 }),
        async (bytes, per, needle, limit) => {
          const entry = textEntry(bytes, per);
          const one = await searchEntry(entry, { pattern: needle }, { limit: 10_000 });
          const paged = await allPages(entry, { pattern: needle }, limit);
          // Previews of a page's first hits may have less left context when chunks are shorter than the context.
          expect(paged.map((h) => [h.offset, h.length, h.line])).toEqual(one.hits.map((h) => [h.offset, h.length, h.line]));
          checkPreviews(decode(bytes), paged);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('searchEntry (known cases)', () => {
  const entry = (s: string, per = 4) => textEntry(Buffer.from(s, 'utf8'), per);

  it('matches Città with CITTÀ, Straße with STRASSE, Greek final sigma and Cyrillic case-insensitively', async () => {
    const text = 'Città CITTÀ | STRASSE straße | ΟΔΟΣ οδός οδος | ЖУК жук';
    const offsets = async (p: string) => (await searchEntry(entry(text, 3), { pattern: p, caseSensitive: false })).hits.map((h) => [h.offset, h.length]);
    expect(await offsets('città')).toEqual([
      [0, 5],
      [6, 5],
    ]);
    expect(await offsets('Straße')).toEqual([
      [14, 7],
      [22, 6],
    ]);
    expect(await offsets('οδοσ')).toEqual([
      [31, 4],
      [41, 4],
    ]);
    expect(await offsets('жук')).toEqual([
      [48, 3],
      [52, 3],
    ]);
  });

  it('does not match half of a folded character', async () => {
    const r = await searchEntry(entry('aßa'), { pattern: 'as', caseSensitive: false });
    expect(r.hits).toEqual([]);
  });

  it('returns the preview around the match, in code points', async () => {
    const r = await searchEntry(entry('0123456789👍needle😀abcdefghij', 2), { pattern: 'needle' }, { previewContext: 3 });
    expect(r.hits).toEqual([{ offset: 11, length: 6, line: 1, preview: { text: '89👍needle😀ab', matchStart: 3, matchLength: 6 } }]);
  });

  it('counts \\r\\n as one line break and a lone \\r as none', async () => {
    const r = await searchEntry(entry('a\r\nb\rc\nx', 1), { pattern: 'x' });
    expect(r.hits.map((h) => h.line)).toEqual([3]);
  });

  it('uses the newline counts the backend gives', async () => {
    const e = textEntry(Buffer.from('a\nb\nc\nd'), 2, 'e1', true);
    expect((await searchEntry(e, { pattern: 'd' })).hits.map((h) => [h.offset, h.line])).toEqual([[6, 4]]);
  });
});
