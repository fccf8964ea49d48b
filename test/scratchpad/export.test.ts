import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import type { Scratchpad } from '../../app/scratchpad';
import { errorOf, fakeClock, tempDir, user, piecesOf } from './helpers';

const alice = user('alice');
const bob = user('bob');
let tmp: ReturnType<typeof tempDir>;
let sp: Scratchpad;
const clock = fakeClock();

beforeEach(async () => {
  tmp = tempDir();
  sp = await openScratchpadWithLayout(tmp.file(), { clock: clock.now }, { textChunkCodePoints: 4, binaryChunkBytes: 4 });
});
afterEach(async () => {
  await sp.close();
  tmp.cleanup();
});

describe('iterateContent', () => {
  it('streams the raw bytes in order in pieces of at most chunkBytes', async () => {
    const text = 'héllo 😀 wörld, 日本語';
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text })).scratchpad_id;
    const pieces = await piecesOf(await sp.iterateContent(alice, id, 3));
    expect(pieces.every((p) => p.length >= 1 && p.length <= 3)).toBe(true);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
    expect(Buffer.concat(await piecesOf(await sp.iterateContent(alice, id))).toString('utf8')).toBe(text);
  });

  it('checks ownership before the first piece', async () => {
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: 'secret' })).scratchpad_id;
    expect((await errorOf(() => sp.iterateContent(bob, id))).code).toBe('NOT_FOUND');
  });

  it('stops with NOT_FOUND when gc removes the entry mid-way, never yielding a newer entry that reuses its slot', async () => {
    const id = (await sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: { content: new Uint8Array(12).fill(1) }, ttlSeconds: 10 }))
      .scratchpad_id;
    const it = (await sp.iterateContent(alice, id, 4))[Symbol.asyncIterator]();
    expect([...((await it.next()).value as Uint8Array)]).toEqual([1, 1, 1, 1]);
    clock.advance(10);
    expect((await sp.gc(alice)).deletedRows).toBe(1);
    await sp.put(bob, { turnId: 't', stepNum: 1, executorName: null, observation: { content: new Uint8Array(12).fill(2) } });
    expect((await errorOf(() => it.next())).code).toBe('NOT_FOUND');
  });
});
