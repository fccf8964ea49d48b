import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import type { Scratchpad } from '../../app/scratchpad';
import { fakeClock, tempDir, user } from './helpers';

/*
 * v2 reads an entry's chunks in pages of one statement that grow 1, 2, 4, ... chunks (reader.ts): with 4 code
 * points a chunk, page boundaries fall after chunks 1, 3, 7, 15, 31 and 63. Matches across them, and content
 * read whole, must be exactly what the text holds.
 */
const alice = user('alice');
let tmp: ReturnType<typeof tempDir>;
let sp: Scratchpad;
let clock: ReturnType<typeof fakeClock>;

beforeEach(async () => {
  tmp = tempDir();
  clock = fakeClock();
  sp = await openScratchpadWithLayout(tmp.file(), { clock: clock.now }, { textChunkCodePoints: 4, binaryChunkBytes: 4 });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

/** Every code-point offset of `needle` in `text` (non-overlapping, left to right). */
function offsetsOf(text: string, needle: string): number[] {
  const cps = [...text];
  const n = [...needle];
  const out: number[] = [];
  for (let i = 0; i + n.length <= cps.length; i++) {
    if (n.every((c, k) => cps[i + k] === c)) {
      out.push(i);
      i += n.length - 1;
    }
  }
  return out;
}

describe('v2 chunk pages', () => {
  it('finds matches straddling every page boundary and reads the content whole', async () => {
    // 75 chunks of 4 code points, non-ASCII filler; "QZ" across the boundary ending each page (code point 4k - 1).
    const cps: string[] = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 'é' : i % 3 === 1 ? '日' : 'x'));
    const ends = [1, 3, 7, 15, 31, 63].map((k) => 4 * (k + 1));
    for (const e of ends) [cps[e - 1], cps[e]] = ['Q', 'Z'];
    const text = cps.join('');
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text })).scratchpad_id;
    const r = await sp.search(alice, { pattern: 'QZ', id });
    expect(r.hits.map((h) => h.offset)).toEqual(ends.map((e) => e - 1));
    expect(r.hits.map((h) => h.offset)).toEqual(offsetsOf(text, 'QZ'));
    const folded = await sp.search(alice, { pattern: 'qz', id, caseSensitive: false });
    expect(folded.hits.map((h) => h.offset)).toEqual(offsetsOf(text, 'QZ'));
    const pieces: Uint8Array[] = [];
    for await (const p of await sp.iterateContent(alice, id)) pieces.push(p);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
  });

  it('pages the hits of a dense search with cursors, each hit once and in order', async () => {
    const text = 'ab '.repeat(400); // 1,200 code points: 300 chunks, pages reaching 128 chunks
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text })).scratchpad_id;
    const offsets: number[] = [];
    let cursor: string | undefined;
    do {
      const r = await sp.search(alice, { pattern: 'b a', id, limit: 7, ...(cursor === undefined ? {} : { cursor }) });
      offsets.push(...r.hits.map((h) => h.offset));
      cursor = r.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(offsets).toEqual(offsetsOf(text, 'b a'));
    expect(offsets).toHaveLength(399);
  });

  it('pages a dense search whose pages stop at every chunk of a page, with the hits of one whole search', async () => {
    // Hits every 5 code points across chunks of 4: pages of 1 to 9 hits stop in every position of a page, so
    // each next page resumes inside (or one chunk before) the last page of chunks read. (Previews are not
    // compared: a page's first one has only one chunk of left context, 4 code points here.)
    const text = Array.from({ length: 240 }, (_, i) => `${'日é'[i % 2]}ab${i % 7 === 3 ? '\n' : ' '}Q`).join('');
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text })).scratchpad_id;
    const whole = await sp.search(alice, { pattern: 'Q', id, limit: 1000 });
    expect(whole.nextCursor).toBeNull();
    expect(whole.hits.map((h) => h.offset)).toEqual(offsetsOf(text, 'Q'));
    const where = (hits: typeof whole.hits) =>
      hits.map((h) => [h.offset, h.length, h.line, h.preview.text.slice(h.preview.matchStart, h.preview.matchStart + 1)]);
    expect(whole.hits.at(-1)!.line).toBe(1 + [...text].filter((c) => c === '\n').length);
    for (const limit of [1, 2, 3, 5, 8, 9]) {
      const hits: typeof whole.hits = [];
      let cursor: string | undefined;
      do {
        const r = await sp.search(alice, { pattern: 'Q', id, limit, ...(cursor === undefined ? {} : { cursor }) });
        hits.push(...r.hits);
        cursor = r.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(where(hits)).toEqual(where(whole.hits));
    }
  });

  it('never serves the chunks of a removed entry to the entry that reuses its row number', async () => {
    const first = 'ab '.repeat(100);
    const a = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: first, ttlSeconds: 10 })).scratchpad_id;
    const page = await sp.search(alice, { pattern: 'b', id: a, limit: 20 });
    expect(page.nextCursor).not.toBeNull();
    clock.advance(11);
    expect((await sp.gc(alice)).deletedRows).toBe(1);
    const second = 'xy '.repeat(100);
    const b = (await sp.put(alice, { turnId: 't', stepNum: 2, executorName: null, observation: second })).scratchpad_id;
    expect(b).not.toBe(a);
    const r = await sp.search(alice, { pattern: 'y', id: b, limit: 1000 });
    expect(r.hits.map((h) => h.offset)).toEqual(offsetsOf(second, 'y'));
    expect(second).toContain(r.hits[1]!.preview.text);
    expect(r.hits[1]!.preview.text).toMatch(/^xy xy x/);
    expect((await sp.search(alice, { pattern: 'b', id: b })).hits).toEqual([]);
  });

  it('answers NOT_FOUND when a scan resumes after its entry was removed', async () => {
    const text = 'ab '.repeat(100);
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text, ttlSeconds: 10 })).scratchpad_id;
    const page = await sp.search(alice, { pattern: 'b', id, limit: 20 });
    clock.advance(11);
    expect((await sp.gc(alice)).deletedRows).toBe(1);
    await expect(sp.search(alice, { pattern: 'b', id, cursor: page.nextCursor! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
