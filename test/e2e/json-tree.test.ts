import { describe, expect, test } from 'vitest';
import { appOnFile, fillStore } from './support/app-on-file';
import { openTab, selectEntry, selectTurn, atEachLook } from './ui';
import { OUTLINE_BLOCK_CODE_POINTS } from '../../app/scratchpad/core/json-outline';

// A 50,000-item JSON observation of ~6.8 MB (many view windows): its tree opens from the store's outline and the
// reads of the blocks on screen, and shows the whole list; an item expands to its fields.
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

  test("opens from the store's outline and the reads of the blocks in view, scrolls to the end, and an item expands to its fields", async () => {
    const { page } = opened.app;
    const entries = await selectTurn(page, TURN);
    const before = opened.app.invoked.length;
    await selectEntry(page, entries, 1);
    const described = await opened.app.session.store.describe(USER, (await opened.app.session.store.listForTurn(USER, TURN))[0]!.id);
    const total = described.meta.lengthCodePoints!;
    expect(total).toBeGreaterThan(4 * 262_144);
    // Selected a while, the entry's outline is asked for before its tree opens.
    await expect.poll(() => opened.app.invoked.slice(before).filter((c) => c.channel === 'entry:jsonOutline').length).toBe(1);
    await openTab(page, 'Content');
    const tree = page.getByRole('tree', { name: 'JSON tree' });
    await tree.getByText('[50,000 items]').waitFor();
    const rows = () => tree.getByRole('treeitem').evaluateAll((els) => els.slice(0, 4).map((e) => e.textContent?.replace(/\s+/g, ' ').trim()));
    // Each row is a placeholder (not a treeitem) until its block is read: "[50,000 items]" proves its own row only.
    await expect.poll(rows).toEqual(['ok: true', '▾items: [50,000 items]', '▸0: {4 keys}', '▸1: {4 keys}']);
    await expect(page.locator('.json-toolbar').textContent()).resolves.toContain('object of 2 keys');
    // One outline (asked for at the selection, taken by the tree), with the text of the first blocks; then
    // range reads of the blocks on screen only: each at most a block, a small part of the text.
    const calls = opened.app.invoked.slice(before);
    expect(calls.filter((c) => c.channel === 'entry:jsonOutline').map((c) => c.ok)).toEqual([true]);
    const reads = calls.filter((c) => c.channel === 'entry:read').map((c) => c.request as { mode: string; start: number; end: number });
    expect(reads.every((r) => r.mode === 'range' && r.end - r.start <= OUTLINE_BLOCK_CODE_POINTS)).toBe(true);
    expect(reads.reduce((sum, r) => sum + r.end - r.start, 0)).toBeLessThan(total / 50);

    // The list's end, scrolled to: its block is read then, and its rows show the last items.
    await tree.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await tree.getByText('49999:').waitFor();
    await tree.evaluate((el) => (el.scrollTop = 0));
    await tree.getByText('ok:').waitFor();
    await tree.getByRole('treeitem').nth(2).getByRole('button', { name: 'Expand' }).click();
    await tree.getByText('"item-0"').waitFor();
    await expect.poll(rows).toEqual(['ok: true', '▾items: [50,000 items]', '▾0: {4 keys}', 'id: 0']);
    // Expand all counts every row from the outline (350,002 of them, shown up to the cap) and reads what is in view.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => page.locator('.json-toolbar').textContent()).toContain('first 200,000 rows shown');
    await tree.getByText('tags:').first().waitFor();
    // "tags:" proves its own row read; a row of another block stays a placeholder (not a treeitem) until its read.
    await expect
      .poll(async () =>
        (await tree.getByRole('treeitem').evaluateAll((els) => els.slice(0, 7).map((e) => e.textContent?.replace(/\s+/g, ' ').trim()))).slice(2),
      )
      .toEqual(['▾0: {4 keys}', 'id: 0', 'name: "item-0"', '▾tags: [2 items]', '0: "a"']);
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await tree.getByRole('treeitem').nth(2).waitFor({ state: 'detached' });
    await tree.getByRole('treeitem').nth(1).getByRole('button', { name: 'Expand' }).click();
    await expect.poll(rows).toEqual(['ok: true', '▾items: [50,000 items]', '▸0: {4 keys}', '▸1: {4 keys}']);
    await tree.getByRole('treeitem').nth(2).getByRole('button', { name: 'Expand' }).click();
    await expect.poll(rows).toEqual(['ok: true', '▾items: [50,000 items]', '▾0: {4 keys}', 'id: 0']);
    await atEachLook(page, async (w, scheme) => {
      await opened.app.screenshot(`json-tree-50k-${w}-${scheme}`);
    });
    expect(opened.app.problems).toEqual([]);
  });
});
