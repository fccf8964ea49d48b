import { describe, expect, test } from 'vitest';
import { appOnFile, fillStore } from './support/app-on-file';
import { openTab, selectEntry, selectTurn, atEachLook } from './ui';

// A 50,000-item JSON observation of ~6.8 MB (many view windows): its tree opens from window-sized reads, every
// code point read once, and shows the whole list; an item expands to its fields.
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'dev' } as const;
const TURN = 'j50kj50kj50kj50k';
const items = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ['a', 'b'], score: i / 7 }));

describe('the JSON tree of a 50,000-item observation', () => {
  const opened = appOnFile({
    file: 'json.db',
    principal: USER,
    now: NOW,
    seed: (dbPath) =>
      fillStore(dbPath, NOW - 60, async (pad) => {
        await pad.put(USER, { turnId: TURN, stepNum: 1, executorName: 'list_items', observation: { ok: true, items }, ttlSeconds: 86_400 });
      }),
  });

  test('opens from reads of at most four view windows to the whole list, and an item expands to its fields', async () => {
    const { page } = opened.app;
    const entries = await selectTurn(page, TURN);
    await selectEntry(page, entries, 1);
    const described = await opened.app.session.store.describe(USER, (await opened.app.session.store.listForTurn(USER, TURN))[0]!.id);
    const total = described.meta.lengthCodePoints!;
    expect(total).toBeGreaterThan(4 * 262_144);
    const before = opened.app.invoked.length;
    await openTab(page, 'Content');
    const tree = page.getByRole('tree', { name: 'JSON tree' });
    await tree.getByText('[50,000 items]').waitFor();
    const rows = () => tree.getByRole('treeitem').evaluateAll((els) => els.slice(0, 4).map((e) => e.textContent?.replace(/\s+/g, ' ').trim()));
    expect(await rows()).toEqual(['ok: true', '▾items: [50,000 items]', '▸0: {4 keys}', '▸1: {4 keys}']);
    await expect(page.locator('.json-toolbar').textContent()).resolves.toContain('object of 2 keys');
    // No count "so far" is left once the whole text is parsed.
    expect(await tree.textContent()).not.toMatch(/\d\+ (items|keys)/);
    // The first answer one view window (262,144 code points), every later one at most four; the tree's range
    // reads tile the entry, each code point read once.
    const reads = opened.app.invoked.slice(before).filter((c) => c.channel === 'entry:read');
    expect(reads.every((r) => r.ok && (r.contentLength ?? 0) <= 4 * 262_144)).toBe(true);
    const first = reads.map((r) => r.request as { start: number; end: number }).find((r) => r.start === 0);
    expect(first?.end).toBe(262_144);
    const ranges = reads
      .map((r) => r.request as { mode: string; start: number; end: number })
      .filter((r) => r.mode === 'range')
      .sort((a, b) => a.start - b.start);
    expect(ranges[0]!.start).toBe(0);
    expect(ranges.every((r, i) => i === 0 || r.start === ranges[i - 1]!.end)).toBe(true);
    expect(ranges[ranges.length - 1]!.end).toBe(total);

    await tree.getByRole('treeitem').nth(2).getByRole('button', { name: 'Expand' }).click();
    await tree.getByText('"item-0"').waitFor();
    expect(await rows()).toEqual(['ok: true', '▾items: [50,000 items]', '▾0: {4 keys}', 'id: 0']);
    await atEachLook(page, async (w, scheme) => {
      await opened.app.screenshot(`json-tree-50k-${w}-${scheme}`);
    });
    expect(opened.app.problems).toEqual([]);
  });
});
