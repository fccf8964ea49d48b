import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchpadWithLayout } from '../../app/scratchpad/open';
import type { Scratchpad } from '../../app/scratchpad';
import { errorOf, fakeClock, tempDir, user } from './helpers';

const alice = user('alice');
const bob = user('bob');
let tmp: ReturnType<typeof tempDir>;
let sp: Scratchpad;
const clock = fakeClock();

beforeEach(() => {
  tmp = tempDir();
  sp = openScratchpadWithLayout(tmp.file(), { clock: clock.now }, { textChunkCodePoints: 4, binaryChunkBytes: 4 });
});
afterEach(() => {
  sp.close();
  tmp.cleanup();
});

describe('iterateContent', () => {
  it('streams the raw bytes in order in pieces of at most chunkBytes', () => {
    const text = 'héllo 😀 wörld, 日本語';
    const id = sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: text }).scratchpad_id;
    const pieces = [...sp.iterateContent(alice, id, 3)];
    expect(pieces.every((p) => p.length >= 1 && p.length <= 3)).toBe(true);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
    expect(Buffer.concat([...sp.iterateContent(alice, id)]).toString('utf8')).toBe(text);
  });

  it('checks ownership before the first piece', () => {
    const id = sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: 'secret' }).scratchpad_id;
    expect(errorOf(() => sp.iterateContent(bob, id)).code).toBe('NOT_FOUND');
  });

  it('stops with NOT_FOUND when gc removes the entry mid-way, never yielding a newer entry that reuses its slot', () => {
    const id = sp.put(alice, { turnId: 't', stepNum: 1, executorName: null, observation: { content: new Uint8Array(12).fill(1) }, ttlSeconds: 10 }).scratchpad_id;
    const it = sp.iterateContent(alice, id, 4)[Symbol.iterator]();
    expect([...(it.next().value as Uint8Array)]).toEqual([1, 1, 1, 1]);
    clock.advance(10);
    expect(sp.gc(alice).deletedRows).toBe(1);
    sp.put(bob, { turnId: 't', stepNum: 1, executorName: null, observation: { content: new Uint8Array(12).fill(2) } });
    expect(errorOf(() => it.next()).code).toBe('NOT_FOUND');
  });
});
