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

describe('searchEntry (bad input and cursors)', () => {
  it('rejects an empty pattern and limits out of range', async () => {
    await expect(searchEntry(text('abc'), { pattern: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    for (const limit of [0, -1, 1.5, 10_001]) await expect(searchEntry(text('abc'), { pattern: 'a' }, { limit })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses a cursor from another query or another entry, and garbage', async () => {
    const first = await searchEntry(text('a a a a'), { pattern: 'a' }, { limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const cursor = first.nextCursor!;
    await expect(searchEntry(text('a a a a'), { pattern: 'a', caseSensitive: false }, { cursor })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: 'cursor belongs to another query or entry' });
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
    const aborting = { ...e, chunks: async function* (from: number) { for await (const c of iter(from)) { if (++seen === 4) ac.abort(); yield c; } } };
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
