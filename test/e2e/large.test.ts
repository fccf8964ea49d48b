import { describe, expect, test } from 'vitest';
import { appOnFile, fillStore } from './support/app-on-file';
import { openTab, readAndShow, selectEntry, selectTurn, shownSlice, waitForWindow } from './ui';

// Paging through a 50 MiB text observation: every window the page shows is the exact slice of the stored
// text, and no single answer the page receives holds more than the view's 262,144-code-point window.
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'dev' } as const;
const TURN = 'b16b16b16b16b16b';
const LINE = 64; // bytes per line, newline included; ASCII only, so code points = bytes
const LINES = (50 * 1024 * 1024) / LINE;
const TOTAL = LINES * LINE;
const WINDOW = 65_536; // the content tab's default slice
const MAX_SLICE = 262_144;

/** The reads the model made of the entry (code points), oldest first. */
const READS = [
  { mode: 'head', start: 0, end: 2_000, truncated: false, at: NOW - 20 },
  { mode: 'range', start: 26_214_400, end: 26_230_400, truncated: true, at: NOW - 10 },
] as const;

/** Line k of the log: 8-digit number, a space, filler, newline (exactly {@link LINE} bytes). */
const line = (k: number) => `${String(k).padStart(8, '0')} ${'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRS'.slice(0, LINE - 10)}\n`;
/** The expected text of [start, end), computed from the generator (not from the store). */
const expectedSlice = (start: number, end: number) => {
  let out = '';
  for (let k = Math.floor(start / LINE); k * LINE < end; k++) out += line(k);
  const from = start % LINE;
  return out.slice(from, from + (end - start));
};

describe('paging through a 50 MiB entry', () => {
  const opened = appOnFile({
    file: 'large.db',
    principal: USER,
    now: NOW,
    seed: (dbPath) =>
      fillStore(dbPath, NOW - 30, async (pad) => {
        const handle = await pad.put(USER, {
          turnId: TURN,
          stepNum: 1,
          executorName: 'tail_logs',
          observation: { content: Array.from({ length: LINES }, (_, k) => line(k)).join('') },
        });
        // Two scratchpad_read calls the model made, as the engine records them.
        for (const read of READS) await pad.recordRead(USER, { entryId: handle.scratchpad_id, ...read });
      }),
  });

  test('the entry lists its size and length', async () => {
    const entries = await selectTurn(opened.app.page, TURN);
    const cells = await entries
      .getByRole('option')
      .first()
      .evaluate((row) => Array.from(row.children, (c) => c.textContent));
    expect(cells.slice(0, 3)).toEqual(['1', 'tail_logs', 'text']);
    expect(cells[4]).toBe(TOTAL.toLocaleString('en-US'));
    await expect(entries.getByRole('option').first().locator(':scope > span').nth(3).getAttribute('title')).resolves.toBe(
      `${TOTAL.toLocaleString('en-US')} bytes`,
    );
  });

  test('head window, next slice three times, a jump, previous, and a tail: exact offsets and text', async () => {
    const { page } = opened.app;
    const entries = await selectTurn(page, TURN);
    await selectEntry(page, entries, 1);
    await openTab(page, 'Content');
    await waitForWindow(page, 0, WINDOW, TOTAL, 'code points');
    await expect(page.getByLabel('Slice mode').inputValue()).resolves.toBe('head');
    expect(await shownSlice(page)).toBe(expectedSlice(0, WINDOW));

    const next = page.getByRole('button', { name: 'Next ▶' });
    for (let i = 1; i <= 3; i++) {
      await next.click();
      await waitForWindow(page, i * WINDOW, (i + 1) * WINDOW, TOTAL, 'code points');
      expect(await shownSlice(page)).toBe(expectedSlice(i * WINDOW, (i + 1) * WINDOW));
    }
    await opened.app.screenshot('large-entry-paging');

    // The "n" shortcut pages too (focus outside any input).
    await page.locator('.entry-view').focus();
    await page.keyboard.press('n');
    await waitForWindow(page, 4 * WINDOW, 5 * WINDOW, TOTAL, 'code points');
    expect(await shownSlice(page)).toBe(expectedSlice(4 * WINDOW, 5 * WINDOW));

    const jump = page.getByRole('form', { name: 'Jump to offset' });
    await jump.locator('input[name="offset"]').fill('40000000');
    await jump.getByRole('button', { name: 'Go' }).click();
    await waitForWindow(page, 40_000_000, 40_000_000 + WINDOW, TOTAL, 'code points');
    await expect(page.getByLabel('Slice mode').inputValue()).resolves.toBe('range');
    expect(await shownSlice(page)).toBe(expectedSlice(40_000_000, 40_000_000 + WINDOW));
    expect((await shownSlice(page)).slice(0, 9)).toBe('00625000 ');

    await page.getByRole('button', { name: '◀ Previous' }).click();
    await waitForWindow(page, 40_000_000 - WINDOW, 40_000_000, TOTAL, 'code points');
    expect(await shownSlice(page)).toBe(expectedSlice(40_000_000 - WINDOW, 40_000_000));

    expect(await readAndShow(page, { mode: 'range', start: 52_000_003, end: 52_000_067 }, TOTAL)).toBe(expectedSlice(52_000_003, 52_000_067));
    expect(await readAndShow(page, { mode: 'tail', n: 1000 }, TOTAL)).toBe(expectedSlice(TOTAL - 1000, TOTAL));
    await opened.app.screenshot('large-entry-tail');
  });

  test('what the model saw: its two reads on a coverage bar; a click opens that exact slice', async () => {
    const { page } = opened.app;
    await openTab(page, 'What the model saw');
    const covered = READS.reduce((s, r) => s + r.end - r.start, 0);
    await expect(page.locator('figure.coverage figcaption').textContent()).resolves.toBe(
      `The model read ${covered.toLocaleString('en-US')} of ${TOTAL.toLocaleString('en-US')} code points (<0.1 %) in 2 distinct ranges.`,
    );
    const items = page.locator('ol.read-log li');
    expect(await items.count()).toBe(READS.length);
    await expect(items.nth(1).textContent()).resolves.toContain('range 26,214,400 – 26,230,400 code points');
    await opened.app.screenshot('large-entry-reads');
    await items.nth(1).getByTitle('Open this slice').click();
    await page.getByRole('tab', { name: 'Content', selected: true }).waitFor();
    await waitForWindow(page, READS[1].start, READS[1].end, TOTAL, 'code points');
    expect(await shownSlice(page)).toBe(expectedSlice(READS[1].start, READS[1].end));
  });

  test('no answer the page received held more than one view window', async () => {
    const reads = opened.app.invoked.filter((c) => c.channel === 'entry:read');
    expect(reads.length).toBeGreaterThanOrEqual(9);
    expect(reads.every((r) => r.ok)).toBe(true);
    expect(Math.max(...reads.map((r) => r.contentLength ?? 0))).toBeLessThanOrEqual(MAX_SLICE);
    expect(opened.app.problems).toEqual([]);
  });
});
