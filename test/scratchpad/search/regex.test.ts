import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGEX_OVERLAP } from '../../../app/scratchpad/search/regex';
import { searchEntry } from '../../../app/scratchpad/search/search';
import { ScratchpadError } from '../../../app/scratchpad/types';
import { referenceRegexHits, textEntry } from './helpers';

const entry = (s: string, per = 4) => textEntry(Buffer.from(s, 'utf8'), per);
const spans = (hits: readonly { offset: number; length: number; line: number | null }[]) =>
  hits.map((h) => ({ offset: h.offset, length: h.length, line: h.line }));

describe('searchEntry (regex)', () => {
  it('finds what RegExp.exec finds on the whole text, across chunk boundaries and pages', async () => {
    const pieces = ['a', 'b', 'ab', ' ', '\n', '\r\n', 'é', '👍', 'Ж', 'ж', '1', '22'];
    const patterns = ['a+b', '[a-z]+', '\\d+', 'b\\s*a', 'ж+', '\\p{L}👍', 'a|b', '^a', 'x?', '(?:ab)+'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(...patterns),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        async (ps, per, source, cs, limit) => {
          const text = ps.join('');
          const e = entry(text, per);
          const hits = [];
          let cursor: string | null = null;
          do {
            const r = await searchEntry(e, { pattern: source, regex: true, caseSensitive: cs }, { limit, cursor });
            hits.push(...r.hits);
            cursor = r.nextCursor;
          } while (cursor !== null);
          expect(spans(hits)).toEqual(referenceRegexHits(text, source, cs));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('continues through cursors of calls aborted after a few chunks to exactly the hits of one call', async () => {
    await fc.assert(
      // A call stopped without a hit resumes where its carry began (up to REGEX_OVERLAP code points back), so the
      // texts are longer than that and a call reads several chunks: every page makes progress.
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'b', 'ab', ' ', 'é', '👍', '1', '22'), { maxLength: 30 }),
        fc.integer({ min: 250, max: 400 }),
        fc.integer({ min: 6, max: 9 }),
        fc.constantFrom('a+b', '\\d+', 'ab|b', '^a'),
        async (ps, per, after, source) => {
          const text = [0, 1, 2].map(() => ps.join('') + ' '.repeat(REGEX_OVERLAP)).join('');
          const base = entry(text, per);
          const hits = [];
          let cursor: string | null = null;
          for (let page = 0; page < 200; page++) {
            const ac = new AbortController();
            let seen = 0;
            const aborting = {
              ...base,
              chunks: async function* (from: number) {
                for await (const c of base.chunks(from)) {
                  if (++seen > after) ac.abort();
                  yield c;
                }
              },
            };
            const r = await searchEntry(aborting, { pattern: source, regex: true }, { cursor, signal: ac.signal });
            hits.push(...r.hits);
            cursor = r.nextCursor;
            if (cursor === null) break;
          }
          expect(cursor).toBeNull();
          expect(spans(hits)).toEqual(referenceRegexHits(text, source, true));
        },
      ),
      { numRuns: 10 },
    );
  });

  it('finds a match straddling a chunk boundary deep in a long text', async () => {
    const text = 'x'.repeat(3 * REGEX_OVERLAP + 5) + 'needle' + 'y'.repeat(100);
    const r = await searchEntry(entry(text, 1000), { pattern: 'ne+dle', regex: true });
    expect(spans(r.hits)).toEqual([{ offset: 3 * REGEX_OVERLAP + 5, length: 6, line: 1 }]);
  });

  it('matches ^ only at the start of the entry and \\b across windows', async () => {
    // With 500-code-point chunks, the window of chunk 4 carries from 2,000 - 1,024 = 976: an "ab" there must not match ^.
    const at = 4 * 500 - REGEX_OVERLAP;
    const text = 'ab' + 'x'.repeat(at - 2) + 'ab ' + 'y'.repeat(3 * REGEX_OVERLAP) + ' ab';
    const e = entry(text, 500);
    expect(spans((await searchEntry(e, { pattern: '^ab', regex: true })).hits)).toEqual([{ offset: 0, length: 2, line: 1 }]);
    expect(spans((await searchEntry(e, { pattern: '\\bab', regex: true })).hits).map((h) => h.offset)).toEqual(
      referenceRegexHits(text, '\\bab', true).map((h) => h.offset),
    );
  });

  it('returns the hits found before the deadline of a catastrophic pattern, with truncated and a cursor', async () => {
    const text = 'ok ok ' + 'a'.repeat(40) + '!';
    const started = Date.now();
    const r = await searchEntry(entry(text, 64), { pattern: '(?:ok|(a+)+$)', regex: true }, { timeBudgetMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.truncated).toBe(true);
    expect(spans(r.hits)).toEqual([
      { offset: 0, length: 2, line: 1 },
      { offset: 3, length: 2, line: 1 },
    ]);
    expect(r.nextCursor).not.toBeNull();
  });

  it('rejects an invalid regex with INVALID_ARGUMENT naming the position', async () => {
    const fail = (p: string) => searchEntry(entry('abc'), { pattern: p, regex: true });
    await expect(fail('ab*+c')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: 'invalid regex: Nothing to repeat at position 3' });
    await expect(fail('a(b')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: 'invalid regex: Unterminated group at position 3' });
    await expect(fail('a)b')).rejects.toBeInstanceOf(ScratchpadError);
  });
});
