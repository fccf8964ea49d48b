import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appOnFile, fillStore } from './support/app-on-file';
import { eventually, selectTurn, atEachLook } from './ui';

// A turn of 300 steps: the entries list is virtualized (only the rows near its view are in the DOM, each saying
// its place among all 300), the pane title gives the count, and keys, the wheel and clicks reach every row.
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'steps' } as const;
const TURN = 'turn-300-steps';
const STEPS = 300;

/** The entry rows in the DOM: their place (aria-posinset), set size, and whether each is wholly inside the list's view. */
const builtRows = (page: Page) =>
  page.evaluate((turn) => {
    const list = document.querySelector<HTMLElement>(`[role="listbox"][aria-label="Entries of turn ${turn}"]`)!;
    const view = list.getBoundingClientRect();
    // The column header stays over the top of the scrolled rows.
    const top = list.querySelector('.list-header')!.getBoundingClientRect().bottom;
    return [...list.querySelectorAll<HTMLElement>('[role="option"]')].map((row) => {
      const box = row.getBoundingClientRect();
      return {
        place: Number(row.getAttribute('aria-posinset')),
        size: Number(row.getAttribute('aria-setsize')),
        inView: box.top >= top - 0.5 && box.bottom <= view.bottom + 0.5,
      };
    });
  }, TURN);

/** Place (1-based) of the active row, and whether that row is wholly in the list's view. */
const activeRow = (page: Page) =>
  page.evaluate((turn) => {
    const list = document.querySelector<HTMLElement>(`[role="listbox"][aria-label="Entries of turn ${turn}"]`)!;
    const row = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
    if (!row) return null;
    const view = list.getBoundingClientRect();
    // The column header stays over the top of the scrolled rows.
    const top = list.querySelector('.list-header')!.getBoundingClientRect().bottom;
    const box = row.getBoundingClientRect();
    return { place: Number(row.getAttribute('aria-posinset')), inView: box.top >= top - 0.5 && box.bottom <= view.bottom + 0.5 };
  }, TURN);

/** Wheels over the list by `delta` px a step, waiting for each scroll to show, until `done` holds (at most 60 steps). */
async function wheelUntil(page: Page, delta: number, done: () => Promise<boolean>): Promise<void> {
  const box = (await page.getByRole('listbox', { name: `Entries of turn ${TURN}` }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 60 && !(await done()); i++) {
    const before = await page.locator('.entries-table').evaluate((el) => el.scrollTop);
    await page.mouse.wheel(0, delta);
    await eventually(async () => (await page.locator('.entries-table').evaluate((el) => el.scrollTop)) !== before || (await done()), true);
  }
  expect(await done()).toBe(true);
}

describe('a turn of 300 steps', () => {
  const opened = appOnFile({
    file: 'steps.db',
    principal: USER,
    now: NOW,
    seed: (dbPath) =>
      fillStore(dbPath, NOW - 600, async (pad, setClock) => {
        for (let s = 1; s <= STEPS; s++) {
          setClock(NOW - 600 + s);
          await pad.put(USER, { turnId: TURN, stepNum: s, executorName: s % 3 ? 'read_files' : 'web_fetch', observation: `step ${s}\n`.repeat(20) });
        }
      }),
  });

  test('opens with the count shown and only the rows near the view built, at both sizes and themes', async () => {
    const { page } = opened.app;
    await selectTurn(page, TURN);
    await page.locator('.pane-entries .pane-title', { hasText: `Entries of ${TURN} · 300 entries` }).waitFor();
    await atEachLook(page, async (w, scheme) => {
      // Once the list has its new height: the rows from the first down past its bottom edge, not all 300.
      await eventually(async () => {
        const rows = await builtRows(page);
        const places = rows.map((r) => r.place);
        return places[0] === 1 && rows.some((r) => !r.inView) && rows.length < 60;
      }, true);
      const rows = await builtRows(page);
      expect(rows.every((r) => r.size === STEPS)).toBe(true);
      expect(rows.map((r) => r.place)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
      await opened.app.screenshot(`entries-300-${w}-${scheme}`);
    });
  });

  test('End, PageUp, Home and arrows move the active row and keep it in view; Enter opens it', async () => {
    const { page } = opened.app;
    const entries = await selectTurn(page, TURN);
    await entries.focus();
    await eventually(() => activeRow(page), { place: 1, inView: true });
    await page.keyboard.press('End');
    await eventually(() => activeRow(page), { place: 300, inView: true });
    // The jump scrolls first; the rows left behind go at the list's next render, after the scroll event (a frame
    // or more later on a busy machine): the top rows are gone once it has run, not at the moment row 300 shows.
    await eventually(async () => (await builtRows(page)).some((r) => r.place === 1), false);
    // The key moves the active row at once; the row is built and scrolled into view at a later render (as for End).
    await page.keyboard.press('PageUp');
    await expect
      .poll(async () => {
        const row = await activeRow(page);
        return row && { pagedUp: row.place < 300 - 5, inView: row.inView };
      })
      .toEqual({ pagedUp: true, inView: true });
    await page.keyboard.press('Home');
    await eventually(() => activeRow(page), { place: 1, inView: true });
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await activeRow(page))?.inView).toBe(true);
    const moved = await activeRow(page);
    await page.keyboard.press('Enter');
    await page.locator('.entry-title', { hasText: new RegExp(`step ${moved!.place}$`) }).waitFor();
    await opened.app.screenshot('entries-300-keyboard');
  });

  test('a row scrolled to with the wheel opens on click and stays selected when scrolled away and back', async () => {
    const { page } = opened.app;
    const entries = await selectTurn(page, TURN);
    const row = page.locator('#entry-row-199');
    const rowInView = async () => (await builtRows(page)).find((r) => r.place === 200)?.inView === true;
    await wheelUntil(page, 29 * 5, rowInView);
    await row.click();
    await page.locator('.entry-title', { hasText: 'step 200' }).waitFor();
    await eventually(() => row.getAttribute('aria-selected'), 'true');
    // Back to the top: the rows there are built, and of the rest only row 200 (the active row, the list's
    // aria-activedescendant), out of view; down again: it is in view, the only selected row.
    await wheelUntil(page, -29 * 20, async () => (await builtRows(page))[0]?.place === 1);
    const top = await builtRows(page);
    const near = top.filter((r) => r.place !== 200);
    expect(near.map((r) => r.place)).toEqual(Array.from({ length: near.length }, (_, i) => i + 1));
    expect(near.length).toBeLessThan(60);
    expect(top.filter((r) => r.place === 200)).toEqual([{ place: 200, size: STEPS, inView: false }]);
    await wheelUntil(page, 29 * 5, rowInView);
    await eventually(() => row.getAttribute('aria-selected'), 'true');
    expect(await entries.locator('[role="option"][aria-selected="true"]').count()).toBe(1);
    await expect(page.locator('.entry-title').textContent()).resolves.toContain('step 200');
    expect(opened.app.problems).toEqual([]);
  });

  test('with no entry open the list takes the free height; an opened entry gets its share and the clicked row stays in view', async () => {
    const { page } = opened.app;
    // A fresh page: no entry open (the tests before opened some).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await selectTurn(page, TURN);
    expect(await page.getByRole('tablist', { name: 'Entry views' }).count()).toBe(0);
    const heights = () =>
      page.evaluate(() => ({
        entries: Math.round(document.querySelector('.pane-entries')!.getBoundingClientRect().height),
        // The two panes of the column (without the splitter between them).
        column: Math.round(
          document.querySelector('.pane-entries')!.getBoundingClientRect().height + document.querySelector('.pane-entry')!.getBoundingClientRect().height,
        ),
      }));
    // No entry open: the entries take 75 % of the column (the entry pane keeps its minimum), not 8 rows.
    await eventually(async () => {
      const h = await heights();
      return Math.abs(h.entries - h.column * 0.75) <= 2;
    }, true);
    // The list builds the rows of its new height at its next render (after its resize observer), not with the pane.
    await expect.poll(async () => (await builtRows(page)).filter((r) => r.inView).length).toBeGreaterThan(15);
    await opened.app.screenshot('entries-300-free-1440-light');
    // Row 15 is in view only in the tall list; opened, the pane shrinks to 8 rows and scrolls row 15 into view.
    await page.locator('#entry-row-14').click();
    await page.locator('.entry-title', { hasText: /step 15$/ }).waitFor();
    await eventually(async () => (await heights()).entries < (await heights()).column * 0.5, true);
    await eventually(() => activeRow(page), { place: 15, inView: true });
    await opened.app.screenshot('entries-300-opened-1440-light');
  });
});
