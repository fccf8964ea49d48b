import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import type { Page } from 'playwright-core';
import { entryRow, eventually, selectEntry, selectTurn, atEachLook } from './ui';

// Two entries picked with the entries table's checkboxes, then Compare: the first pick on the left.
const NOW = 1_796_040_000;
const ALICE = { kind: 'user', userId: 'alice' } as const;
const TURN = 'c0c0c0c0c0c0c0c0';
const LOG_1 = Array.from({ length: 40 }, (_, i) => `12:00:${String(i).padStart(2, '0')} INFO worker step ${i} ok\n`).join('');
const LOG_2 = LOG_1.replace('step 10 ok', 'step 10 failed: timeout')
  .replace('step 20 ok', 'step 20 retried ok')
  .replace('step 30 ok\n', 'step 30 ok\n12:00:30 WARN worker slow step\n');

describe('compare two picked entries', () => {
  const tmp = tempDir();
  const dbPath = path.join(tmp.dir, 'picked.db');
  let app: AppSession;

  beforeAll(async () => {
    const pad = await openScratchpad(dbPath, { clock: () => NOW - 600 });
    await pad.put(ALICE, { turnId: TURN, stepNum: 1, executorName: 'read_logs', observation: LOG_1, ttlSeconds: 86_400 });
    await pad.put(ALICE, { turnId: TURN, stepNum: 2, executorName: 'read_logs', observation: LOG_2, ttlSeconds: 86_400 });
    await pad.put(ALICE, { turnId: TURN, stepNum: 3, executorName: 'read_logs', observation: 'other', ttlSeconds: 86_400 });
    await pad.close();
    app = await launchApp({ dbPath, principal: ALICE, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('picks keep at most two, Compare opens their diff with the first pick on the left', async () => {
    const { page } = app;
    const entries = await selectTurn(page, TURN);
    const pick = (step: number) => entryRow(entries, step).getByRole('checkbox').click();
    await pick(3);
    const bar = page.getByRole('toolbar', { name: 'Picked entries' });
    expect(await bar.textContent()).toContain('1 of 2 picked: pick one more to compare');
    expect(await bar.getByRole('button', { name: 'Compare' }).isDisabled()).toBe(true);
    // A pick does not open the row's entry.
    expect(await page.getByRole('tablist', { name: 'Entry views' }).count()).toBe(0);
    await pick(2);
    await pick(1);
    // The third pick pushed out the first: steps 2 and 1 remain.
    expect(await entries.getByRole('checkbox', { checked: true }).evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Pick read_logs step 1 to compare',
      'Pick read_logs step 2 to compare',
    ]);
    await atEachLook(page, async (w, scheme) => {
      // The bar shares the pane's title line: the title gives way (an ellipsis, the whole id in its tooltip),
      // nothing of the two overlaps, the bar stays inside the pane, and its label sits level with its buttons.
      const boxes = () =>
        page.evaluate(() => {
          const box = (el: Element) => el.getBoundingClientRect();
          const pane = box(document.querySelector('.pane-entries')!);
          const titleEl = document.querySelector('.pane-entries .pane-title')!;
          const title = box(titleEl);
          const bar = box(document.querySelector('[role="toolbar"][aria-label="Picked entries"]')!);
          const label = box(document.querySelector('.pick-bar > span')!);
          const buttons = [...document.querySelectorAll('.pick-bar button')].map((b) => box(b));
          const middle = (r: DOMRect) => r.top + r.height / 2;
          return {
            overlap: title.right > bar.left + 0.5 && title.left < bar.right - 0.5 && title.bottom > bar.top + 0.5 && title.top < bar.bottom - 0.5,
            barInPane: bar.left >= pane.left && bar.right <= pane.right + 0.5,
            labelOffset: Math.max(...buttons.map((b) => Math.abs(middle(b) - middle(label)))),
            // Read in the same evaluation as the boxes: one element, never a detached one.
            titleTooltip: titleEl.getAttribute('title'),
            titleOverflow: getComputedStyle(titleEl).textOverflow,
          };
        });
      await eventually(async () => (await boxes()).overlap, false);
      const measured = await boxes();
      expect(measured.barInPane).toBe(true);
      expect(measured.labelOffset).toBeLessThanOrEqual(1);
      expect(measured.titleTooltip).toBe(TURN);
      expect(measured.titleOverflow).toBe('ellipsis');
      await app.screenshot(`compare-picks-${w}-${scheme}`);
    });
    await bar.getByRole('button', { name: 'Compare' }).click();
    // LOG_2 (step 2, picked first: left) against LOG_1 (right): 2 lines changed, 1 only on the left.
    await page.locator('.cmp-summary', { hasText: '2 lines changed, 1 deleted' }).waitFor();
    await app.screenshot('compare-picked-1440-light');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await bar.getByRole('button', { name: 'Clear' }).click();
    expect(await entries.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(app.problems).toEqual([]);
  });

  test("the dialog's buttons and tabs have one size, whether opened from the picks or from the entry view's Compare", async () => {
    const { page } = app;
    const entries = await selectTurn(page, TURN);
    await entryRow(entries, 2).getByRole('checkbox').click();
    await entryRow(entries, 1).getByRole('checkbox').click();
    await page.getByRole('toolbar', { name: 'Picked entries' }).getByRole('button', { name: 'Compare' }).click();
    await page.locator('.cmp-summary', { hasText: '2 lines changed, 1 deleted' }).waitFor();
    const picked = await dialogControls(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('toolbar', { name: 'Picked entries' }).getByRole('button', { name: 'Clear' }).click();

    await selectEntry(page, entries, 2);
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page
      .getByRole('region', { name: 'Same turn' })
      .getByRole('button', { name: /step 1/ })
      .click();
    await page.locator('.cmp-summary', { hasText: '2 lines changed, 1 deleted' }).waitFor();
    const fromEntry = await dialogControls(page);
    await app.screenshot('compare-from-entry-1440-light');
    // The app's ordinary button (13px text), not the entry head's compact one (12px) it used to inherit.
    expect(picked.close.fontSize).toBe('13px');
    expect(fromEntry).toEqual(picked);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
  });
});

/** Height (CSS px) and font size of the open compare dialog's Close and Swap sides buttons and its Unified tab. */
async function dialogControls(page: Page): Promise<Record<'close' | 'swap' | 'tab', { height: number; fontSize: string }>> {
  const dialog = page.getByRole('dialog');
  const measure = (name: RegExp, role: 'button' | 'radio') =>
    dialog.getByRole(role, { name }).evaluate((el) => ({ height: el.getBoundingClientRect().height, fontSize: getComputedStyle(el).fontSize }));
  return { close: await measure(/^Close/, 'button'), swap: await measure(/^Swap sides$/, 'button'), tab: await measure(/^Unified/, 'radio') };
}
