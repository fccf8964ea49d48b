import { describe, expect, it } from 'vitest';
import { fakeClock, storePerTest, user } from './helpers';

const alice = user('alice');
const clock = fakeClock();
const { sp } = storePerTest(clock, 1_800_000_000);

describe('jsonOutline', () => {
  it('lets requests that arrive during its scan be answered before the scan ends (a store worker stays responsive)', async () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ['a', 'b'], score: i / 7 }));
    const big = (await sp.put(alice, { turnId: 't1', stepNum: 1, executorName: 'list_items', observation: { ok: true, items }, ttlSeconds: 3600 }))
      .scratchpad_id;
    const small = (await sp.put(alice, { turnId: 't1', stepNum: 2, executorName: 'echo', observation: 'hello', ttlSeconds: 3600 })).scratchpad_id;
    const order: string[] = [];
    const outline = sp.jsonOutline(alice, big).then((o) => {
      order.push('outline');
      return o;
    });
    // As a message a worker receives while the scan runs: a macrotask, after the scan started.
    const described = new Promise<void>((resolve, reject) =>
      setImmediate(() =>
        sp.describe(alice, small).then(() => {
          order.push('describe');
          resolve();
        }, reject),
      ),
    );
    await Promise.all([outline, described]);
    expect(order).toEqual(['describe', 'outline']);
    expect((await outline).root?.size).toBe(2);
  });
});
