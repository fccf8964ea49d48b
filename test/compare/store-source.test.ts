import { applyPatch } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnified } from '../../app/compare';
import { compareEntries } from '../../app/compare/store-source';
import { openScratchpad, ScratchpadError, type Scratchpad } from '../../app/scratchpad';
import { copyFixtureTo } from '../fixtures/metnos-v1';
import { fakeClock, operator, tempDir, user } from '../scratchpad/helpers';

const alice = user('alice');
const bob = user('bob');
const tmp = tempDir('compare-store-');
const clock = fakeClock();
let sp: Scratchpad;
const ids: Record<string, string> = {};
const put = async (who: typeof alice, label: string, observation: unknown, ttlSeconds?: number) =>
  (ids[label] = (await sp.put(who, { turnId: `turn-${label}`, stepNum: 1, executorName: 'read_file', observation, ttlSeconds })).scratchpad_id);

beforeAll(async () => {
  sp = await openScratchpad(tmp.file(), { clock: clock.now });
  const log = Array.from({ length: 3000 }, (_, i) => `${i} INFO step ok\n`).join('');
  await put(alice, 'old', log);
  await put(alice, 'new', log.replace('1500 INFO step ok', '1500 ERROR step failed'));
  await put(alice, 'expired', log, -10);
  await put(alice, 'json1', { results: [{ id: 7, status: 'pass' }] });
  await put(alice, 'json2', { results: [{ id: 7, status: 'fail' }] });
  await put(alice, 'png', { content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) });
  await put(bob, 'bobs', log);
});
afterAll(async () => {
  await sp.close();
  tmp.cleanup();
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ScratchpadError) return e.code;
    throw e;
  }
  throw new Error('expected NOT_FOUND, got a result');
}

describe('compareEntries', () => {
  it("diffs two of the principal's entries read through the store in pieces", async () => {
    const r = await compareEntries(sp, alice, ids.old as string, ids.new as string, { context: 1 });
    expect(r.text?.hunks).toEqual([
      {
        oldStart: 1500,
        oldLines: 3,
        newStart: 1500,
        newLines: 3,
        lines: [' 1499 INFO step ok', '-1500 INFO step ok', '+1500 ERROR step failed', ' 1501 INFO step ok'],
      },
    ]);
    expect([r.left.id, r.right.id, r.text?.oldLineCount, r.summary]).toEqual([ids.old, ids.new, 3000, '1 line changed']);
  });

  it("refuses another owner's entry with NOT_FOUND, exactly as for a missing id", async () => {
    expect(await codeOf(compareEntries(sp, alice, ids.old as string, ids.bobs as string))).toBe('NOT_FOUND');
    expect(await codeOf(compareEntries(sp, bob, ids.old as string, ids.bobs as string))).toBe('NOT_FOUND');
    expect(await codeOf(compareEntries(sp, alice, ids.old as string, 'no-such-id'))).toBe('NOT_FOUND');
    // The operator sees every owner's rows.
    expect((await compareEntries(sp, operator, ids.old as string, ids.bobs as string)).identical).toBe(true);
  });

  it('compares an expired row awaiting gc and marks it', async () => {
    const r = await compareEntries(sp, alice, ids.expired as string, ids.old as string);
    expect([r.identical, r.notes]).toEqual([true, [`left entry ${ids.expired} has expired (kept until gc runs)`]]);
  });

  it('diffs structured observations by path and a text against a binary by size and sha256', async () => {
    const r = await compareEntries(sp, alice, ids.json1 as string, ids.json2 as string);
    expect(r.json?.changes).toEqual([{ path: 'results[id=7].status', kind: 'changed', before: '"pass"', after: '"fail"' }]);
    const m = await compareEntries(sp, alice, ids.json1 as string, ids.png as string);
    expect([m.mode, m.right.sizeBytes]).toEqual(['kind-mismatch', 7]);
  });
});

describe('compareEntries over a metnos-v1 file', () => {
  it("diffs two rows of the original runtime's sample (read-only copy) and refuses a user, whose rows these are not", async () => {
    const dir = tempDir('compare-v1-');
    const v1 = await openScratchpad(copyFixtureTo(dir.file('v1.db')), { readonly: true });
    try {
      const turns = (await v1.listTurns(operator, { limit: 50 })).turns;
      const texts = (await Promise.all(turns.map((t) => v1.listForTurn(operator, t.turnId)))).flat().filter((e) => e.kind === 'text');
      const [a, b] = texts as [(typeof texts)[number], (typeof texts)[number]];
      const r = await compareEntries(v1, operator, a.id, b.id, { context: 0 });
      const text = async (e: typeof a) => {
        const parts: Uint8Array[] = [];
        for await (const c of await v1.iterateContent(operator, e.id)) parts.push(c);
        return new TextDecoder().decode(Buffer.concat(parts));
      };
      const patch = formatUnified(r.text as NonNullable<typeof r.text>, a.id, b.id);
      expect([r.mode, r.truncated]).toEqual(['text', false]);
      expect(applyPatch(await text(a), patch)).toBe(await text(b));
      expect(await codeOf(compareEntries(v1, alice, a.id, b.id))).toBe('NOT_FOUND');
    } finally {
      await v1.close();
      dir.cleanup();
    }
  });
});
