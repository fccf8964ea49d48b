import { describe, expect, it } from 'vitest';
import { SearchResultSchema } from '../../app/contract';
import type { BackendReader, ContentChunk as BackendChunk, EntryRecord } from '../../app/scratchpad/core/backend';
import { searchEntries } from '../../app/scratchpad/core/search';
import { searchEntry } from '../../app/scratchpad/search/search';
import { textEntry } from './search/helpers';
import { fakeClock, storePerTest, user } from './helpers';

/*
 * Hits and previews are class instances (so V8 always allocates them young: search/emitter.ts, at `Preview`).
 * What leaves the store must still be exactly the contract's plain data: the same own fields in the same order
 * (JSON output and IPC clones show that order), nothing else, and the strict schema accepts it.
 */
const alice = user('alice');
const clock = fakeClock();
const { sp } = storePerTest(clock);

describe('Scratchpad.search hit objects', () => {
  it('carry exactly the contract fields, in order, and clone and serialize as plain data', async () => {
    const h = await sp.put(alice, { turnId: 'turn-1', stepNum: 3, executorName: 'shell', observation: { content: 'one\ntwo città three' } });
    const r = await sp.search(alice, { pattern: 'città' });
    expect(r.hits).toHaveLength(1);
    const hit = r.hits[0]!;
    expect(Object.keys(hit)).toEqual(['id', 'turnId', 'stepNum', 'executorName', 'kind', 'offset', 'length', 'line', 'preview', 'expired']);
    expect(Object.keys(hit.preview)).toEqual(['text', 'matchStart', 'matchLength']);
    const plain = {
      id: h.scratchpad_id,
      turnId: 'turn-1',
      stepNum: 3,
      executorName: 'shell',
      kind: 'text',
      offset: 8,
      length: 5,
      line: 2,
      preview: { text: 'one\ntwo città three', matchStart: 8, matchLength: 5 },
      expired: false,
    };
    expect(JSON.parse(JSON.stringify(hit))).toStrictEqual(plain);
    expect(structuredClone(hit)).toStrictEqual(plain);
    expect(SearchResultSchema.strict().parse(r).hits[0]).toStrictEqual(plain);
  });
});

describe('searchEntry hit objects', () => {
  it('carry offset, length, line and preview only, in that order', async () => {
    const r = await searchEntry(textEntry(Buffer.from('ab\ncd', 'utf8'), 4), { pattern: 'cd' });
    expect(r.hits.map((x) => JSON.stringify(x))).toEqual(['{"offset":3,"length":2,"line":2,"preview":{"text":"ab\\ncd","matchStart":3,"matchLength":2}}']);
  });
});

describe('searchEntries over a backend chunk iterator', () => {
  const entry: EntryRecord = {
    id: 'e1',
    owner: 'alice',
    turnId: 't1',
    stepNum: 1,
    executorName: null,
    kind: 'text',
    structured: false,
    sizeBytes: 0,
    lengthUnits: 12,
    summary: '',
    createdAt: 1,
    expiresAt: Infinity,
    actor: null,
    channel: null,
  };
  /** A reader of `count` 4-unit chunks "ab\nx" that counts the chunks asked for and whether the scan stopped it. */
  function reader(count: number) {
    const seen = { next: 0, returned: 0 };
    const chunk = (k: number): BackendChunk => ({ bytes: Buffer.from('ab\nx'), start: 4 * k, end: 4 * k + 4, newlines: 1, wellFormed: true });
    const r = {
      chunks: () => ({
        [Symbol.asyncIterator]: (): AsyncIterator<BackendChunk> => {
          let k = 0;
          return {
            next: async () => (seen.next++, k < count ? { done: false, value: chunk(k++) } : { done: true, value: undefined }),
            return: async () => (seen.returned++, { done: true, value: undefined }),
          };
        },
      }),
    } as unknown as BackendReader;
    return { r, seen };
  }

  it('maps every chunk to code points and lines, and stops the backend iterator when the page is full', async () => {
    const { r, seen } = reader(3);
    const ctx = { reader: r, lengthOf: async () => 12, now: 0 };
    const all = await searchEntries(ctx, [entry], { pattern: 'x' }, 'fp', {});
    // Each preview holds the whole text: 30 code points of context reach across the chunks both ways.
    const whole = 'ab\nxab\nxab\nx';
    expect(all.hits.map((h) => [h.offset, h.line, h.preview.text, h.preview.matchStart])).toEqual([
      [3, 2, whole, 3],
      [7, 3, whole, 7],
      [11, 4, whole, 11],
    ]);
    expect(all.nextCursor).toBeNull();
    // 100 chunks: the page's one preview holds once the 124 bytes after its match are read (4 per code point of
    // context, at most), long before the last chunk; the scan stops reading there.
    const page = reader(100);
    const one = await searchEntries(
      { ...ctx, reader: page.r, lengthOf: async () => 400 },
      [{ ...entry, lengthUnits: 400 }],
      { pattern: 'x', limit: 1 },
      'fp',
      {},
    );
    expect(one.hits.map((h) => h.offset)).toEqual([3]);
    expect(one.nextCursor).not.toBeNull();
    expect(page.seen.returned).toBe(1);
    expect(page.seen.next).toBeLessThan(40);
    expect(seen.returned).toBe(0);
  });
});
