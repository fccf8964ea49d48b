import { describe, expect, it } from 'vitest';
import { searchEntry } from '../../../app/scratchpad/search/search';
import { binaryEntry, textEntry } from './helpers';

const text = (s: string, per = 3, id = 'e1') => textEntry(Buffer.from(s, 'utf8'), per, id);

describe('searchEntry (binary rows)', () => {
  const bytes = Buffer.from([0, 1, 2, 0xff, 0x41, 0x42, 0, 1, 2, 0xff, 9]);

  it('matches hex bytes across chunk boundaries with offsets in bytes and hex previews', async () => {
    const r = await searchEntry(binaryEntry(bytes, 2), { pattern: '02 ff', hex: true });
    const all = bytes.toString('hex'); // 16 bytes of context each side cover this short row
    expect(r.hits).toEqual([
      { offset: 2, length: 2, line: null, preview: { text: all, matchStart: 2, matchLength: 2 } },
      { offset: 8, length: 2, line: null, preview: { text: all, matchStart: 8, matchLength: 2 } },
    ]);
  });

  it('matches a text pattern as its UTF-8 bytes', async () => {
    const r = await searchEntry(binaryEntry(bytes, 3), { pattern: 'AB' });
    expect(r.hits.map((h) => [h.offset, h.length])).toEqual([[4, 2]]);
  });

  it('rejects bad hex with INVALID_ARGUMENT', async () => {
    await expect(searchEntry(binaryEntry(bytes, 3), { pattern: '0g', hex: true })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(searchEntry(binaryEntry(bytes, 3), { pattern: 'abc', hex: true })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('searchEntry (kinds and long matches)', () => {
  it('finds nothing for a hex query in a text row, nor a regex in a binary row', async () => {
    expect((await searchEntry(text('00ff'), { pattern: '00ff', hex: true })).hits).toEqual([]);
    expect((await searchEntry(binaryEntry(Buffer.from('abc'), 2), { pattern: 'a', regex: true })).hits).toEqual([]);
  });

  it('clips the preview of a match longer than 100 code points to its first 100', async () => {
    const long = 'é'.repeat(150);
    const r = await searchEntry(text(`ab${long}cd`, 7), { pattern: long }, { previewContext: 2 });
    expect(r.hits).toEqual([{ offset: 2, length: 150, line: 1, preview: { text: 'ab' + 'é'.repeat(100), matchStart: 2, matchLength: 100 } }]);
  });

  it('pages regex hits through the cursor like one call', async () => {
    const e = text('a1 b22 c333 d4444 e55555', 2);
    const one = await searchEntry(e, { pattern: '\\d+', regex: true });
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const r = await searchEntry(e, { pattern: '\\d+', regex: true }, { limit: 2, cursor });
      paged.push(...r.hits.map((h) => h.offset));
      cursor = r.nextCursor;
    } while (cursor !== null);
    expect(one.hits.map((h) => h.offset)).toEqual([1, 4, 8, 13, 19]);
    expect(paged).toEqual([1, 4, 8, 13, 19]);
  });
});

describe('searchEntry (bad input and cursors)', () => {
  it('rejects an empty pattern and limits out of range', async () => {
    await expect(searchEntry(text('abc'), { pattern: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    for (const limit of [0, -1, 1.5, 10_001])
      await expect(searchEntry(text('abc'), { pattern: 'a' }, { limit })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses a cursor from another query or another entry, and garbage', async () => {
    const first = await searchEntry(text('a a a a'), { pattern: 'a' }, { limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const cursor = first.nextCursor!;
    await expect(searchEntry(text('a a a a'), { pattern: 'a', caseSensitive: false }, { cursor })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'cursor belongs to another query or entry',
    });
    await expect(searchEntry(text('a a a a', 3, 'e2'), { pattern: 'a' }, { cursor })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(searchEntry(text('a a a a'), { pattern: 'a' }, { cursor: 'nonsense' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const next = await searchEntry(text('a a a a'), { pattern: 'a' }, { cursor, limit: 10 });
    expect(next.hits.map((h) => h.offset)).toEqual([2, 4, 6]);
    expect(next.nextCursor).toBeNull();
  });

  it('stops at the next chunk when aborted, with truncated and a cursor that continues the scan', async () => {
    const ac = new AbortController();
    const e = text('x a x a x a x a', 2);
    const iter = e.chunks.bind(e);
    let seen = 0;
    const aborting = {
      ...e,
      chunks: async function* (from: number) {
        for await (const c of iter(from)) {
          if (++seen === 4) ac.abort();
          yield c;
        }
      },
    };
    const r = await searchEntry(aborting, { pattern: 'a' }, { signal: ac.signal });
    expect(r.truncated).toBe(true);
    expect(r.hits.map((h) => h.offset)).toEqual([2]);
    const rest = await searchEntry(e, { pattern: 'a' }, { cursor: r.nextCursor });
    expect(rest.hits.map((h) => h.offset)).toEqual([6, 10, 14]);
  });

  it('counts the stored bytes it read', async () => {
    const r = await searchEntry(text('héllo wörld', 4), { pattern: 'zzz' });
    expect(r.scannedBytes).toBe(Buffer.byteLength('héllo wörld'));
  });
});
