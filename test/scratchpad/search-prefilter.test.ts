import { describe, expect, it } from 'vitest';
import type { BackendReader, ContentChunk, EntryRecord } from '../../app/scratchpad/core/backend';
import { searchEntries } from '../../app/scratchpad/core/search';
import { PREFILTER_WINDOW_BYTES } from '../../app/scratchpad/core/search-prefilter';

/*
 * The core's use of the optional backend prefilter (BackendReader.mayHoldBytes) in a search across entries: an
 * entry ruled out is never streamed, yet counted as scanned; exact-bytes searches ask, others do not; the
 * backend is asked about windows of entries, not one call per entry.
 */

const record = (id: string, text: string, createdAt: number): EntryRecord => ({
  id,
  owner: 'alice',
  turnId: 't',
  stepNum: 1,
  executorName: null,
  kind: 'text',
  structured: false,
  sizeBytes: Buffer.byteLength(text),
  lengthUnits: [...text].length,
  summary: '',
  createdAt,
  expiresAt: 1e9,
  actor: null,
  channel: null,
});

/** A reader over in-memory texts (one chunk each) that records what was streamed and asked. */
function fakeReader(texts: Map<string, string>, withPrefilter: boolean) {
  const streamed: string[] = [];
  const asked: string[][] = [];
  const reader = {
    chunks(entry: EntryRecord): AsyncIterable<ContentChunk> {
      streamed.push(entry.id);
      const text = texts.get(entry.id)!;
      return (async function* () {
        yield { bytes: Buffer.from(text), start: 0, end: [...text].length };
      })();
    },
    ...(withPrefilter
      ? {
          async mayHoldBytes(entries: readonly EntryRecord[], needle: Uint8Array) {
            asked.push(entries.map((e) => e.id));
            return entries.map((e) => Buffer.from(texts.get(e.id)!).includes(Buffer.from(needle)));
          },
        }
      : {}),
  } as unknown as BackendReader;
  return { reader, streamed, asked };
}

const TEXTS = new Map([
  ['a', 'nothing to see'],
  ['b', 'the Needle is here'],
  ['c', 'still nothing'],
  ['d', 'needle in lower case'],
]);
const ENTRIES = [...TEXTS.keys()].map((id, i) => record(id, TEXTS.get(id)!, 10 + i));
const run = (reader: BackendReader, request: { pattern: string; caseSensitive?: boolean; regex?: boolean }) =>
  searchEntries({ reader, lengthOf: async (e) => e.lengthUnits!, now: 0 }, ENTRIES, request, 'fp', {});

describe('search across entries with a backend prefilter', () => {
  it('streams only the entries that may hold a case-sensitive literal, counts the others as scanned, and finds the same hits', async () => {
    const plain = fakeReader(TEXTS, false);
    const filtered = fakeReader(TEXTS, true);
    const without = await run(plain.reader, { pattern: 'Needle' });
    const withIt = await run(filtered.reader, { pattern: 'Needle' });
    expect(withIt).toEqual(without);
    expect(withIt.hits.map((h) => [h.id, h.offset])).toEqual([['b', 4]]);
    expect(withIt.scannedBytes).toBe(ENTRIES.reduce((n, e) => n + e.sizeBytes, 0));
    expect(filtered.streamed).toEqual(['b']);
    expect(filtered.asked).toEqual([['a', 'b', 'c', 'd']]);
    expect(plain.streamed).toEqual(['a', 'b', 'c', 'd']);
  });

  it('does not ask for a case-insensitive or regex search, which scan every entry', async () => {
    for (const request of [
      { pattern: 'needle', caseSensitive: false },
      { pattern: 'N?eedle', regex: true },
    ]) {
      const f = fakeReader(TEXTS, true);
      const r = await run(f.reader, request);
      expect(r.hits.map((h) => h.id)).toEqual(['b', 'd']);
      expect(f.asked).toEqual([]);
      expect(f.streamed).toEqual(['a', 'b', 'c', 'd']);
    }
  });

  it('asks about windows of at most PREFILTER_WINDOW_BYTES (one entry at least), in scan order', async () => {
    const big = new Map([...TEXTS].map(([id, t]) => [id, t]));
    const entries = ENTRIES.map((e) => ({ ...e, sizeBytes: Math.ceil(PREFILTER_WINDOW_BYTES / 1.5) }));
    const f = fakeReader(big, true);
    await searchEntries({ reader: f.reader, lengthOf: async (e) => e.lengthUnits!, now: 0 }, entries, { pattern: 'Needle' }, 'fp', {});
    expect(f.asked).toEqual([['a'], ['b'], ['c'], ['d']]);
  });
});
