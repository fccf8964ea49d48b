import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase, type DemoResult } from '../../app/demo';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { contrastOf } from './support/contrast';
import { eventually, selectTurn, waitForTurnCount, atEachLook } from './ui';

// The turns and entries tables at the default 1440x900 window and at 1024x640, light and dark: no badge, id or
// header clipped (columns that do not fit are dropped), and columns resized by drag and remembered.
const NOW = 1_796_040_000;

/** Badges and header labels of the two tables that are cut off: wider than their cell or past the pane's edge. */
const clipped = (app: AppSession) =>
  app.page.evaluate(() => {
    const out: string[] = [];
    const range = document.createRange();
    for (const pane of document.querySelectorAll<HTMLElement>('.pane-turns, .pane-entries')) {
      const edge = pane.getBoundingClientRect();
      // A badge: inside its cell and the pane, and not narrower than its text.
      for (const el of pane.querySelectorAll<HTMLElement>('.list-row .badge')) {
        const box = el.getBoundingClientRect();
        const cell = el.parentElement!.getBoundingClientRect();
        if (box.right > edge.right + 0.5 || box.right > cell.right + 0.5 || el.scrollWidth > el.clientWidth + 1) out.push(`badge ${el.textContent}`);
      }
      // A header: its label's text (not the resize handle beside it) ends inside its cell and the pane.
      for (const el of pane.querySelectorAll<HTMLElement>('.list-header .col-head')) {
        range.selectNodeContents(el.firstChild!);
        const text = range.getBoundingClientRect();
        const cell = el.getBoundingClientRect();
        if (text.right > cell.right + 0.5 || text.right > edge.right + 0.5) out.push(`header ${el.textContent}`);
      }
    }
    return out;
  });

const template = (app: AppSession, selector: string) =>
  app.page
    .locator(selector)
    .first()
    .evaluate((el) => (el as HTMLElement).style.gridTemplateColumns);

describe('table columns', () => {
  const tmp = tempDir();
  let demo: DemoResult;
  let app: AppSession;

  beforeAll(async () => {
    demo = await writeDemoDatabase(path.join(tmp.dir, 'columns.db'), { now: NOW });
    app = await launchApp({ dbPath: demo.path, principal: { kind: 'operator' }, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  // A turn with an expired row, so both tables show an "expired … ago" badge.
  const expiredTurn = () => demo.entries.find((e) => e.expiresAt <= NOW)!.turnId;

  test('no badge or header is clipped at 1440x900 and 1024x640, light and dark', async () => {
    const { page } = app;
    await waitForTurnCount(page, demo.turns);
    await selectTurn(page, expiredTurn());
    await page
      .locator('.pane-turns .badge', { hasText: /^expired \d+[smhd] ago$/ })
      .first()
      .waitFor();
    await atEachLook(page, async (w, scheme) => {
      // The layout follows the new width once the tables have measured it (a resize observer).
      await eventually(() => clipped(app), []);
      await app.screenshot(`columns-${w}-${scheme}`);
    });
    // The Expiry and Turn columns always stay; at the default window the turns pane keeps Entries and Size too.
    await eventually(async () => (await page.locator('.turns-list .list-header .col-head').allTextContents()).some((t) => t.startsWith('Expiry')), true);
    const heads = await page.locator('.turns-list .list-header .col-head').allTextContents();
    expect(heads[0]).toBe('Turn');
    expect(heads.at(-1)).toBe('Expiry');
    expect(heads).toEqual(expect.arrayContaining(['Entries', 'Size']));
    // The entries table has one expiry column (its badge says the time), sorted by expiry time.
    const entryHeads = await page.locator('.entries-table .list-header .col-head').allTextContents();
    expect(entryHeads.filter((t) => /^Expir/.test(t))).toEqual(['Expiry']);
    expect(app.problems).toEqual([]);
  });

  test('the turns toolbar fits its pane and its placeholder reads whole at >= 4.5:1, at both sizes and themes', async () => {
    const { page } = app;
    await waitForTurnCount(page, demo.turns);
    const filter = page.getByRole('searchbox', { name: 'Filter turns by turn id or executor' });
    await atEachLook(page, async (w, scheme) => {
      // Every control of the toolbar (the filter, the Sort label and its menu) ends inside the turns pane.
      const outside = () =>
        page.evaluate(() => {
          const pane = document.querySelector('.pane-turns')!.getBoundingClientRect();
          return [...document.querySelectorAll<HTMLElement>('.pane-turns .toolbar input, .pane-turns .toolbar label, .pane-turns .toolbar select')]
            .filter((el) => {
              const box = el.getBoundingClientRect();
              return box.left < pane.left - 0.5 || box.right > pane.right + 0.5;
            })
            .map((el) => el.getAttribute('aria-label') ?? el.textContent);
        });
      await eventually(outside, []);
      // The placeholder's text is no wider than the filter's content box (it is not cut off).
      const room = await filter.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const content = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: el.placeholder, fits: context.measureText(el.placeholder).width <= content };
      });
      expect(room).toEqual({ text: 'Filter turn id or executor (/)', fits: true });
      expect(await contrastOf(filter, '::placeholder'), `placeholder at ${w} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      await app.screenshot(`turns-toolbar-${w}-${scheme}`);
    });
  });

  test('a column dragged wider keeps its width after a reload', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1440, height: 900 });
    const header = '.turns-list .list-header';
    const before = await template(app, header);
    const handle = page.getByRole('separator', { name: 'Resize the Size column' });
    const width = Number(await handle.getAttribute('aria-valuenow'));
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + box.width / 2 + 50, box.y + box.height / 2, { steps: 2 });
    await page.mouse.up();
    await eventually(async () => Number(await handle.getAttribute('aria-valuenow')), width + 50);
    const after = await template(app, header);
    expect(after).not.toBe(before);
    expect(after).toContain(`${width + 50}px`);
    // Every row follows the header.
    const rows = await page
      .locator('.turns-list .list-row[role="option"]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).style.gridTemplateColumns));
    expect(new Set(rows)).toEqual(new Set([after]));
    await page.reload();
    await waitForTurnCount(page, demo.turns);
    await eventually(() => template(app, header), after);
    await app.screenshot('columns-resized-1440-light');
  });
});
