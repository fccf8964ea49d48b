import { describe, expect, test } from 'vitest';
import { appOnFile, fillStore } from './support/app-on-file';
import { eventually, listedTurnIds, selectTurn, turnsList, waitForTurnCount } from './ui';

// A file with thousands of turns: the list pages by cursor as the user moves down it, keeps only the visible
// rows in the DOM, and reaches the oldest turn by keyboard.
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'load' } as const;
const TURNS = 3_000;
const turnId = (i: number) => `t${String(i).padStart(15, '0')}`;

describe('a file with 3,000 turns', () => {
  const opened = appOnFile({
    file: 'many.db',
    principal: USER,
    now: NOW,
    seed: (dbPath) =>
      fillStore(dbPath, NOW - TURNS, async (pad, setClock) => {
        for (let i = 0; i < TURNS; i++) {
          setClock(NOW - TURNS + i); // turn i is created at i seconds after the first: newest is the last
          await pad.put(USER, {
            turnId: turnId(i),
            stepNum: 1,
            executorName: i % 2 ? 'odd_tool' : 'even_tool',
            observation: { content: `observation ${i}\n`.repeat(10) },
          });
        }
      }),
  });

  test('the first page lists the newest turns and renders only the visible rows', async () => {
    const { page } = opened.app;
    await page.locator('.turns-list .list-footer', { hasText: 'more on scroll' }).waitFor();
    const ids = await listedTurnIds(page);
    expect(ids[0]).toBe(turnId(TURNS - 1));
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.length).toBeLessThan(100); // virtualized: a viewport and its overscan, not the loaded page
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, k) => turnId(TURNS - 1 - k)));
    await opened.app.screenshot('many-turns');
  });

  test('End, pressed until the list stops growing, pages through every turn to the oldest', async () => {
    const { page } = opened.app;
    const list = turnsList(page);
    await list.focus();
    const footer = page.locator('.turns-list .list-footer');
    /** Turns loaded so far, as the footer counts them ("3,000 turns · 400 loaded · more on scroll", "3,000 turns loaded"). */
    const loaded = async () => Number(/([\d,]+)(?: turns?)? loaded/.exec((await footer.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? 0);
    for (let i = 0; i < 40 && (await loaded()) < TURNS; i++) {
      const before = await loaded();
      await page.keyboard.press('End');
      // The next cursor page has arrived (the footer counts more turns) before the list is moved again.
      await expect.poll(loaded).toBeGreaterThan(before);
    }
    await waitForTurnCount(page, TURNS);
    await page.keyboard.press('End');
    await eventually(() => list.getAttribute('aria-activedescendant'), `turn-row-${TURNS - 1}`);
    await expect(page.locator(`#turn-row-${TURNS - 1} span.mono`).textContent()).resolves.toBe(turnId(0));
    await page.keyboard.press('Enter');
    await page.getByRole('listbox', { name: `Entries of turn ${turnId(0)}` }).waitFor();
    expect(await listedTurnIds(page).then((ids) => ids.length)).toBeLessThan(100);
    await opened.app.screenshot('many-turns-oldest');
    // Exactly 3,000 loaded (above) means the cursor pages neither overlapped nor skipped; and every call succeeded.
    expect(opened.app.invoked.filter((c) => c.channel === 'turns:list').every((c) => c.ok)).toBe(true);
  });

  test('the filter finds one turn among thousands by id', async () => {
    const { page } = opened.app;
    await page.getByLabel('Filter turns by turn id or executor').fill(turnId(1234));
    await waitForTurnCount(page, 1);
    expect(await listedTurnIds(page)).toEqual([turnId(1234)]);
    await selectTurn(page, turnId(1234));
    expect(opened.app.problems).toEqual([]);
  });
});
