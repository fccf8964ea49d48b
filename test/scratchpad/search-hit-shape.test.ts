import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchResultSchema } from '../../app/contract';
import { openScratchpad, type Scratchpad } from '../../app/scratchpad';
import { searchEntry } from '../../app/scratchpad/search/search';
import { textEntry } from './search/helpers';
import { fakeClock, tempDir, user } from './helpers';

/*
 * Hits and previews are class instances (so V8 always allocates them young: search/emitter.ts, at `Preview`).
 * What leaves the store must still be exactly the contract's plain data: the same own fields in the same order
 * (JSON output and IPC clones show that order), nothing else, and the strict schema accepts it.
 */
const alice = user('alice');
let tmp: ReturnType<typeof tempDir>;
let sp: Scratchpad;
const clock = fakeClock();

beforeEach(async () => {
  tmp = tempDir();
  sp = await openScratchpad(tmp.file(), { clock: clock.now });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

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
