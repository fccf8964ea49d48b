import { describe, expect, it } from 'vitest';
import { fakeClock, storePerTest, user } from './helpers';

/*
 * A search over all rows pages through a v2 file's entries in search order (createdAt, then id) with the
 * reader's `entriesFrom`, 64 entries a statement (core/search.ts): pages must join without a gap or a repeat,
 * ties of createdAt must keep their id order, and another owner's rows, interleaved, must never show.
 */
const alice = user('alice');
const bob = user('bob');
const clock = fakeClock();
const { sp } = storePerTest(clock);

interface Put {
  readonly id: string;
  readonly createdAt: number;
  readonly owner: 'alice' | 'bob';
}

/** 200 rows, owners alternating in runs, three rows per clock tick (ties), each holding "hit" once or twice. */
async function seed(): Promise<Put[]> {
  const out: Put[] = [];
  for (let i = 0; i < 200; i++) {
    if (i % 3 === 0) clock.advance(1);
    const owner = i % 5 < 3 ? 'alice' : 'bob';
    const content = i % 7 === 0 ? `row ${i}: hit and hit` : `row ${i}: one hit`;
    const h = await sp.put(owner === 'alice' ? alice : bob, { turnId: `turn-${i % 4}`, stepNum: i, executorName: 'shell', observation: { content } });
    out.push({ id: h.scratchpad_id, createdAt: clock.now(), owner });
  }
  return out;
}

const searchOrder = (a: Put, b: Put): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('search over all rows, entries paged in search order', () => {
  it('returns every hit of the owner in (createdAt, id) order, in one call and through cursors of any page size', async () => {
    const rows = await seed();
    const mine = rows.filter((r) => r.owner === 'alice').sort(searchOrder);
    const want = mine.flatMap((r) => {
      const i = rows.indexOf(r);
      return i % 7 === 0 ? [`${r.id}@${i}`, `${r.id}@${i}`] : [`${r.id}@${i}`];
    });
    const idx = new Map(rows.map((r, i) => [r.id, i]));
    const label = (id: string) => `${id}@${idx.get(id)}`;
    const whole = await sp.search(alice, { pattern: 'hit', limit: 1_000 });
    expect(whole.hits.map((h) => label(h.id))).toEqual(want);
    expect(whole.nextCursor).toBeNull();
    for (const limit of [1, 7, 64, 65]) {
      const got: string[] = [];
      let cursor: string | undefined;
      for (let calls = 0; calls < 1_000; calls++) {
        const page = await sp.search(alice, { pattern: 'hit', limit, ...(cursor === undefined ? {} : { cursor }) });
        got.push(...page.hits.map((h) => label(h.id)));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(got).toEqual(want);
    }
  });

  it("never returns another owner's rows; the operator sees every row in the same order", async () => {
    const rows = await seed();
    const bobs = new Set(rows.filter((r) => r.owner === 'bob').map((r) => r.id));
    const mine = await sp.search(alice, { pattern: 'row', limit: 1_000 });
    expect(mine.hits.some((h) => bobs.has(h.id))).toBe(false);
    expect(mine.scannedBytes).toBe((await sp.stats(alice)).bytes);
    const all = await sp.search({ kind: 'operator' }, { pattern: 'row', limit: 1_000 });
    expect(all.hits.map((h) => h.id)).toEqual([...rows].sort(searchOrder).map((r) => r.id));
  });
});
