import { describe, expect, test } from 'vitest';
import { MAX_PREVIEW_CONTEXT, type SearchHit } from '../../app/contract';
import { writeDemoDatabase } from '../../app/demo';
import { openScratchpad } from '../../app/scratchpad';
import type { AppSession } from './harness';
import { appOnFile, fillStore } from './support/app-on-file';
import { openTab, selectEntry, selectTurn, waitForWindow } from './ui';

// Find in a 50 MiB entry, search across the demo file, a click on a hit opens the entry at the hit. Expected
// counts come from the store itself (its search is tested against a reference in test/scratchpad).
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'dev' } as const;
const OPERATOR = { kind: 'operator' } as const;
const TURN = 'f1f1f1f1f1f1f1f1';
const LINE = 64;
const LINES = (50 * 1024 * 1024) / LINE;
const TOTAL = LINES * LINE;
const NEEDLES = [12, 400_000, 819_000]; // lines holding "NEEDLE" (0-based)
const line = (k: number) =>
  `${String(k).padStart(8, '0')} ${(NEEDLES.includes(k) ? 'NEEDLE' : 'abcdef') + 'ghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRS'.slice(0, LINE - 16)}\n`;

/** Every hit of `pattern` (case folded) in the store, with the preview context the Search page asks for. */
async function storeHits(dbPath: string, principal: typeof USER | typeof OPERATOR, pattern: string): Promise<SearchHit[]> {
  const pad = await openScratchpad(dbPath, { readonly: true, clock: () => NOW });
  try {
    const hits: SearchHit[] = [];
    let cursor: string | undefined;
    do {
      const page = await pad.search(principal, {
        pattern,
        caseSensitive: false,
        limit: 1000,
        previewContext: MAX_PREVIEW_CONTEXT,
        ...(cursor ? { cursor } : {}),
      });
      hits.push(...page.hits);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return hits;
  } finally {
    await pad.close();
  }
}

/** Screenshots at 1440x900 and 1024x640, light and dark; `settle` runs after each resize (e.g. bring a mark back into view). */
const shots = async (app: AppSession, name: string, settle?: () => Promise<void>) => {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [
      [1440, 900],
      [1024, 640],
    ] as const) {
      await app.page.setViewportSize({ width: w, height: h });
      await settle?.();
      await app.screenshot(`${name}-${w}-${scheme}`);
    }
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.page.setViewportSize({ width: 1440, height: 900 });
};

describe('find in a 50 MiB entry', () => {
  const opened = appOnFile({
    file: 'large.db',
    principal: USER,
    now: NOW,
    seed: (dbPath) =>
      fillStore(dbPath, NOW - 30, async (pad) => {
        await pad.put(USER, {
          turnId: TURN,
          stepNum: 1,
          executorName: 'tail_logs',
          observation: { content: Array.from({ length: LINES }, (_, k) => line(k)).join('') },
        });
      }),
  });

  test('counts the matches of the whole entry, jumps to one beyond the window, marks it, numbers its line', async () => {
    const { page } = opened.app;
    const entries = await selectTurn(page, TURN);
    await selectEntry(page, entries, 1);
    await openTab(page, 'Content');
    await waitForWindow(page, 0, 65_536, TOTAL, 'code points');
    await page.locator('.slice-text').focus();
    await page.keyboard.press('Control+f');
    const field = page.getByRole('searchbox', { name: 'Find in entry' });
    await field.fill('needle');
    const status = page.locator('#find-status');
    await status.filter({ hasText: /^1 of 3$/ }).waitFor({ timeout: 30_000 });
    await field.press('Enter');
    await status.filter({ hasText: /^2 of 3$/ }).waitFor();
    const offset = 400_000 * LINE + 9;
    await waitForWindow(page, offset - 16_384, offset - 16_384 + 65_536, TOTAL, 'code points');
    const current = page.locator('mark.find-hit.current');
    await current.waitFor();
    expect(await current.textContent()).toBe('NEEDLE');
    const row = current.locator('xpath=ancestor::div[contains(@class, "line")]');
    // The entry's own line number (1-based), not the window's.
    expect(await row.locator('.ln').textContent()).toBe('400001');
    expect(await row.locator('.lt').textContent()).toBe(line(400_000).slice(0, -1));
    await shots(opened.app, 'find-large', () => current.scrollIntoViewIfNeeded());
    // The regex toggle with an invalid pattern: the store's message, which names the position.
    await page.getByRole('button', { name: '.*' }).click();
    await field.fill('NEE(DLE');
    await status.filter({ hasText: /position/ }).waitFor();
    await opened.app.screenshot('find-invalid-regex');
    await field.press('Escape');
    expect(await page.getByRole('search', { name: 'Find in entry' }).count()).toBe(0);
    // Go to line through a lines read.
    await page.getByRole('form', { name: 'Go to line' }).locator('input[name="line"]').fill('700001');
    await page.getByRole('form', { name: 'Go to line' }).getByRole('button', { name: /Go/ }).click();
    const at = 700_000 * LINE;
    await waitForWindow(page, at - 16_384, at - 16_384 + 65_536, TOTAL, 'code points');
    expect(opened.app.problems).toEqual([]);
  });
});

describe('search across the demo file', () => {
  const opened = appOnFile({ file: 'demo.db', principal: OPERATOR, now: NOW, seed: (dbPath) => writeDemoDatabase(dbPath, { now: NOW }) });

  test('hits grouped by turn and entry as the store finds them; a click opens the entry at the hit', async () => {
    const { page } = opened.app;
    const expected = await storeHits(opened.dbPath, OPERATOR, 'error');
    expect(expected.length).toBeGreaterThan(1);
    await page.getByRole('listbox', { name: 'Turns', exact: true }).waitFor();
    await page.keyboard.press('4');
    await page.getByRole('searchbox', { name: 'Search pattern' }).fill('error');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const shown = Math.min(expected.length, 200);
    const entryCount = new Set(expected.slice(0, shown).map((h) => h.id)).size;
    await page
      .locator('.search-status', { hasText: `${shown} ${shown === 1 ? 'hit' : 'hits'} in ${entryCount} ${entryCount === 1 ? 'entry' : 'entries'}` })
      .waitFor();
    // The list is virtualized: the turn headings on screen are the first of the store's order.
    const turnTitles = await page.locator('.hit-turn-title .mono').allTextContents();
    const turnOrder = [...new Set(expected.slice(0, shown).map((h) => h.turnId))];
    expect(turnTitles.length).toBeGreaterThan(0);
    expect(turnTitles).toEqual(turnOrder.slice(0, turnTitles.length));
    await shots(opened.app, 'search-demo');
    // Each preview on screen marks its cut ends with "…": before the match, the store's context stops short of the
    // entry's start or runs past the 50 code points shown; after it, the store gave its full 100. It starts at a
    // word where the text has a space near its cut, and shows its whole hit at both window sizes.
    for (const [w, h] of [
      [1440, 900],
      [1024, 640],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      const rows = await page.locator('button.hit').evaluateAll((buttons) =>
        buttons.map((b) => {
          const preview = b.querySelector('.hit-preview')!.getBoundingClientRect();
          const mark = b.querySelector('mark')!.getBoundingClientRect();
          return {
            key: `${(b as HTMLElement).dataset.entry}@${(b as HTMLElement).dataset.offset}`,
            text: b.querySelector('.hit-preview')!.textContent!,
            hitShown: mark.left >= preview.left && mark.right <= preview.right,
          };
        }),
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        const storeHit = expected.find((e) => `${e.id}@${e.offset}` === row.key)!;
        const points = Array.from(storeHit.preview.text);
        const cutStart = storeHit.offset > storeHit.preview.matchStart || storeHit.preview.matchStart > 50;
        const cutEnd = points.length - storeHit.preview.matchStart - storeHit.preview.matchLength >= MAX_PREVIEW_CONTEXT;
        expect({ key: row.key, starts: row.text.startsWith('…'), ends: row.text.endsWith('…'), hitShown: row.hitShown }).toEqual({
          key: row.key,
          starts: cutStart,
          ends: cutEnd,
          hitShown: true,
        });
        // Where the text has a space near the cut start, the shown text starts just after one.
        const storeText = points.map((c) => (c === '\n' ? '↵' : c === '\r' ? '' : c));
        const cutAt = Math.max(0, storeHit.preview.matchStart - 50);
        if (cutStart && storeText.slice(cutAt, cutAt + 12).some((c) => c === ' ' || c === '↵')) {
          const shown = Array.from(row.text).slice(1);
          const at = storeText.findIndex((_, i) => i >= cutAt && shown.slice(0, 8).every((c, j) => storeText[i + j] === c));
          expect([' ', '↵'], `${row.key} starts mid-word: ${row.text}`).toContain(storeText[at - 1]);
        }
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A text hit past the entry's start among the rows on screen.
    const onScreen = await page
      .locator('button.hit')
      .evaluateAll((buttons) => buttons.map((b) => `${(b as HTMLElement).dataset.entry}@${(b as HTMLElement).dataset.offset}`));
    const hit = expected.find((h) => h.kind === 'text' && h.offset > 0 && onScreen.includes(`${h.id}@${h.offset}`))!;
    expect(hit).toBeDefined();
    await page.locator(`button.hit[data-entry="${hit.id}"][data-offset="${hit.offset}"]`).click();
    await page.getByRole('tab', { name: 'Content', selected: true }).waitFor();
    const current = page.locator('.slice-text mark.find-hit.current');
    await current.waitFor();
    expect((await current.textContent())?.toLowerCase()).toBe('error');
    expect(await current.locator('xpath=ancestor::div[contains(@class, "line")]').locator('.ln').textContent()).toBe(String(hit.line));
    await shots(opened.app, 'search-opened-hit', () => current.scrollIntoViewIfNeeded());
    expect(opened.app.problems).toEqual([]);
  });
});
