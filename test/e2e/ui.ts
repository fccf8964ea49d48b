import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/*
 * Page helpers over the renderer's own roles and labels (renderer/src): the turns listbox "Turns", the
 * entries listbox "Entries of turn <id>", the entry tabs, the slice form "Read a slice" and the slice
 * content (role document, "Slice content"). Every helper waits for what it needs; none sleeps.
 */

const TIMEOUT = 15_000;

/** Polls `read` until it returns `expected` (deep equality) or the timeout passes, then asserts. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** The turns listbox. */
export function turnsList(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Turns', exact: true });
}

/** Turn ids of the listed turns, in list order (the list holds few enough rows to be all rendered). */
export async function listedTurnIds(page: Page): Promise<string[]> {
  await page.locator('.turns-list .list-footer').waitFor({ timeout: TIMEOUT });
  const footer = await page.locator('.turns-list .list-footer').textContent();
  if (footer?.startsWith('0 turns')) return [];
  await turnsList(page).waitFor({ timeout: TIMEOUT });
  return turnsList(page).getByRole('option').locator('span.mono').allTextContents();
}

/** Waits until the turns list shows exactly `n` turns. */
export async function waitForTurnCount(page: Page, n: number): Promise<void> {
  await page
    .locator('.turns-list .list-footer', { hasText: new RegExp(`^${n.toLocaleString('en-US')} turns? loaded(?! · more)`) })
    .waitFor({ timeout: TIMEOUT });
}

/** Clicks a turn in the list and waits for its entries listbox. */
export async function selectTurn(page: Page, turnId: string): Promise<Locator> {
  await turnsList(page)
    .getByRole('option')
    .filter({ has: page.locator('span.mono', { hasText: turnId }) })
    .click();
  const entries = page.getByRole('listbox', { name: `Entries of turn ${turnId}` });
  await entries.getByRole('option').first().waitFor({ timeout: TIMEOUT });
  return entries;
}

/** The entry row of a step (the step number is the row's first cell). */
export function entryRow(entries: Locator, stepNum: number | null): Locator {
  return entries.getByRole('option').filter({ has: entries.page().locator('span.num:first-child', { hasText: new RegExp(`^${stepNum ?? '—'}$`) }) });
}

/** Clicks a step's entry and waits for its view (the tab list). */
export async function selectEntry(page: Page, entries: Locator, stepNum: number | null): Promise<void> {
  await entryRow(entries, stepNum).click();
  await page.getByRole('tablist', { name: 'Entry views' }).waitFor({ timeout: TIMEOUT });
}

/** Opens one of the entry view's tabs by its label. */
export async function openTab(page: Page, name: 'What the model saw' | 'Content' | 'Binary' | 'Details'): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor({ timeout: TIMEOUT });
}

/** The slice status line: "Showing start – end of total unit" (end exclusive), then the toggles. */
export function sliceStatus(page: Page): Locator {
  return page.locator('.slice-status');
}

/** Waits until the slice status reads `Showing start – end of total <unit>` (numbers as the page formats them, an en dash). */
export async function waitForWindow(page: Page, start: number, end: number, total: number, unit: 'code points' | 'bytes'): Promise<void> {
  const f = (n: number) => n.toLocaleString('en-US');
  const text = `Showing ${f(start)} – ${f(end)} of ${f(total)} ${unit}`;
  await sliceStatus(page).filter({ hasText: text }).waitFor({ timeout: TIMEOUT });
}

/** Submits the slice form: head/tail with n, or range with start and end. */
export async function readSlice(page: Page, request: { mode: 'head' | 'tail'; n: number } | { mode: 'range'; start: number; end: number }): Promise<void> {
  const form = page.getByRole('form', { name: 'Read a slice' });
  await form.getByLabel('Slice mode').selectOption(request.mode);
  if (request.mode === 'range') {
    await form.locator('input[name="start"]').fill(String(request.start));
    await form.locator('input[name="end"]').fill(String(request.end));
  } else {
    await form.locator('input[name="n"]').fill(String(request.n));
  }
  await form.getByRole('button', { name: 'Read' }).click();
}

/**
 * The slice text exactly as shown: the text of every line, joined with "\n" (line numbers excluded). The text is
 * virtualized, so this scrolls it from top to bottom (programmatic scrolls read nothing more) collecting each
 * row once by its index (rows of one wrapped long line join without a newline), then scrolls back to the top.
 */
export async function shownSlice(page: Page): Promise<string> {
  const content = page.getByRole('document', { name: 'Slice content' });
  await content.waitFor({ timeout: TIMEOUT });
  return content.evaluate(async (el) => {
    const rows = new Map<number, { line: number; text: string }>();
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const total = Number((el as HTMLElement).dataset.rows);
    // Under load the virtualized list may render a scroll position a few frames late, so one sweep can miss rows:
    // sweep again (rows are kept by index) until every row was seen, at most 20 times.
    for (let sweep = 0; sweep < 20 && rows.size < total; sweep++) {
      for (let top = 0; ; top += Math.max(50, el.clientHeight - 36)) {
        el.scrollTop = top;
        await frame();
        for (const row of el.querySelectorAll<HTMLElement>('.line')) {
          rows.set(Number(row.dataset.index), { line: Number(row.dataset.line), text: row.querySelector('.lt')?.textContent ?? '' });
        }
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1 && rows.size >= total) break;
        if (top > el.scrollHeight + el.clientHeight) break;
      }
    }
    el.scrollTop = 0;
    const ordered = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
    let out = '';
    ordered.forEach((row, i) => {
      if (i > 0) out += row.line === ordered[i - 1]!.line ? '' : '\n';
      out += row.text;
    });
    return out;
  });
}

/** Reads a slice through the form and returns its window and shown text once the page shows it. */
export async function readAndShow(
  page: Page,
  request: { mode: 'head' | 'tail'; n: number } | { mode: 'range'; start: number; end: number },
  total: number,
): Promise<string> {
  await readSlice(page, request);
  let start: number;
  let end: number;
  if (request.mode === 'range') [start, end] = [request.start, request.end];
  else if (request.mode === 'head') [start, end] = [0, Math.min(request.n, total)];
  else [start, end] = [Math.max(0, total - request.n), total];
  await waitForWindow(page, start, end, total, 'code points');
  return shownSlice(page);
}

/** Goes to a page of the app by its nav button (Turns, gc, Stats). */
export async function goTo(page: Page, name: 'Turns' | 'gc' | 'Stats'): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .click();
}

/** The stats page's figures as label -> value text. */
export async function statFigures(page: Page): Promise<Record<string, string>> {
  await page.locator('.stat-figures .figure').first().waitFor({ timeout: TIMEOUT });
  const figures = page.locator('.stat-figures .figure');
  const out: Record<string, string> = {};
  for (const figure of await figures.all()) {
    const label = (await figure.locator('.figure-label').textContent()) ?? '';
    out[label] = (await figure.locator('.figure-value').textContent()) ?? '';
  }
  return out;
}

/**
 * Runs `look` at each colour scheme (light, then dark) and window size (1440x900, then 1024x640 CSS px: the sizes
 * issue 15 reviews the app at), then puts the page back to light at 1440x900 (the harness's default viewport).
 */
export async function atEachLook(page: Page, look: (width: 1440 | 1024, scheme: 'light' | 'dark') => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1440, 900],
      [1024, 640],
    ] as const) {
      await page.setViewportSize({ width, height });
      await look(width, scheme);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}
