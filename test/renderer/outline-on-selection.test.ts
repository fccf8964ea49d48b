import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../renderer/src/api';
import type { JsonOutline } from '../../app/contract';
import { outlineForTree, SELECTION_DWELL_MS, selectForOutline } from '../../renderer/src/views/entry/json/prefetchOutline';
import { meta } from './fakeBridge';

const json = (id: string) => meta({ id, structured: true, sizeBytes: 7_000_000, lengthCodePoints: 7_000_000 });
const OUTLINE: JsonOutline = { totalCodePoints: 2, root: { kind: 'object', start: 0, end: 2, size: 0, blocks: [] } };

/** An api whose outlines answer only when the test says so (`finish(id)`), recording each id asked for. */
function fakeApi() {
  const asked: string[] = [];
  const answers = new Map<string, () => void>();
  const api = {
    entryJsonOutline: ({ id }: { id: string }) => {
      asked.push(id);
      return new Promise<JsonOutline>((resolve) => answers.set(id, () => resolve(OUTLINE)));
    },
  } as unknown as Api;
  const finish = async (id: string) => {
    answers.get(id)!();
    // The answer's continuations (the next outline asked for) run in microtasks.
    await vi.advanceTimersByTimeAsync(0);
  };
  return { api, asked, finish };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
});

describe('selectForOutline', () => {
  it("asks for a structured entry's outline once it stays selected, and the tree takes that answer", async () => {
    const { api, asked } = fakeApi();
    selectForOutline(api, json('a1'));
    await vi.advanceTimersByTimeAsync(SELECTION_DWELL_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['a1']);
    // The same selection again (the entries list reloaded) asks nothing more; the tree asks nothing of its own.
    selectForOutline(api, json('a1'));
    await vi.advanceTimersByTimeAsync(SELECTION_DWELL_MS);
    void outlineForTree(api, 'a1');
    expect(asked).toEqual(['a1']);
    selectForOutline(api, null);
  });

  it('asks nothing for the entries a selection passes over, nor for text, binary or too large entries', async () => {
    const { api, asked } = fakeApi();
    for (const id of ['b1', 'b2', 'b3']) {
      selectForOutline(api, json(id));
      await vi.advanceTimersByTimeAsync(SELECTION_DWELL_MS / 2);
    }
    selectForOutline(api, meta({ id: 'plain', lengthCodePoints: 10 }));
    selectForOutline(api, meta({ id: 'bin', kind: 'binary', structured: false, lengthCodePoints: null }));
    selectForOutline(api, meta({ id: 'huge', structured: true, lengthCodePoints: 65 * 1024 * 1024 }));
    await vi.advanceTimersByTimeAsync(10 * SELECTION_DWELL_MS);
    expect(asked).toEqual([]);
    selectForOutline(api, null);
  });

  it('runs one outline at a time: entries selected meanwhile are dropped but the one still selected when it ends', async () => {
    const { api, asked, finish } = fakeApi();
    selectForOutline(api, json('c1'));
    await vi.advanceTimersByTimeAsync(SELECTION_DWELL_MS);
    for (const id of ['c2', 'c3', 'c4']) {
      selectForOutline(api, json(id));
      await vi.advanceTimersByTimeAsync(SELECTION_DWELL_MS);
    }
    expect(asked).toEqual(['c1']);
    await finish('c1');
    expect(asked).toEqual(['c1', 'c4']);
    // Moved on to a text entry while c4 runs: nothing waits, nothing more is asked when c4 ends.
    selectForOutline(api, json('c5'));
    await vi.advanceTimersByTimeAsync(SELECTION_DWELL_MS);
    selectForOutline(api, meta({ id: 'plain' }));
    await finish('c4');
    await vi.advanceTimersByTimeAsync(10 * SELECTION_DWELL_MS);
    expect(asked).toEqual(['c1', 'c4']);
    selectForOutline(api, null);
  });
});
