import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { openTab, selectEntry, selectTurn, shownSlice, waitForWindow } from './ui';

// Observation content is untrusted (web pages, mail): the app must show it as text. Each payload would set
// window.__pwned or open a dialog if any of it ran as HTML or script.
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'mallory' } as const;
const TURN = 'feed0000deadc0de';
const PAYLOAD = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '<script>window.__pwned=2;alert(2)</script>',
  '<svg><svg onload="window.__pwned=3"></svg></svg>',
  '<iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>',
  '<a href="javascript:window.__pwned=5">click</a> <b>not bold</b> &amp; &lt;kept&gt;',
  '',
].join('\n');
const EXECUTOR = '<img src=x onerror=alert(6)>';

describe('untrusted observation content', () => {
  const tmp = tempDir();
  const dbPath = path.join(tmp.dir, 'untrusted.db');
  let app: AppSession;
  let textId: string;
  let jsonId: string;

  beforeAll(async () => {
    const pad = await openScratchpad(dbPath, { clock: () => NOW - 60 });
    try {
      textId = (await pad.put(USER, { turnId: TURN, stepNum: 1, executorName: EXECUTOR, observation: { content: PAYLOAD } })).scratchpad_id;
      jsonId = (
        await pad.put(USER, {
          turnId: TURN,
          stepNum: 2,
          executorName: 'fetch_mail',
          observation: { ok: true, items: [{ subject: PAYLOAD, from: '<b>eve</b>' }] },
        })
      ).scratchpad_id;
    } finally {
      await pad.close();
    }
    app = await launchApp({ dbPath, principal: USER, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  /** Nothing of the payload became markup, and nothing ran. */
  async function assertInert(): Promise<void> {
    const { page } = app;
    const found = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      elements: document.querySelectorAll('img, iframe, svg svg, [onerror], [onload], a[href^="javascript"], b').length,
    }));
    expect(found).toEqual({ pwned: null, elements: 0 });
    expect(app.problems).toEqual([]);
  }

  test('a text observation with HTML is shown literally, character for character', async () => {
    const { page } = app;
    const entries = await selectTurn(page, TURN);
    // The executor name is untrusted too: shown as text in the entries table.
    await expect(entries.getByRole('option').first().locator(':scope > span').nth(1).textContent()).resolves.toBe(EXECUTOR);
    await selectEntry(page, entries, 1);
    // What the model saw: the handle (with the payload in its summary) is text too.
    await expect(page.locator('pre.handle').textContent()).resolves.toContain(textId);
    await assertInert();
    await openTab(page, 'Content');
    const total = [...PAYLOAD].length;
    await waitForWindow(page, 0, total, total, 'code points');
    expect(await shownSlice(page)).toBe(PAYLOAD);
    await page.getByText('<img src=x onerror="window.__pwned=1;alert(1)">', { exact: true }).waitFor();
    await assertInert();
    await app.screenshot('untrusted-html-literal');
    await openTab(page, 'Details');
    await expect(page.locator('.facts.details').textContent()).resolves.toContain('<script>window.__pwned=2;alert(2)</script>');
    await assertInert();
  });

  test('the same payload inside a structured observation stays text in the JSON tree', async () => {
    const { page } = app;
    const entries = await selectTurn(page, TURN);
    await selectEntry(page, entries, 2);
    await openTab(page, 'Content');
    const tree = page.getByLabel('JSON tree');
    await tree.waitFor();
    // The tree opens two levels deep (the "items" list); open its first item.
    // The click changes the tree's openness; its rows come back from the outline, and the values of the rows in
    // view are read after that, so the text is waited for, not read at once (CI once read it before the answer).
    await tree.getByText('0:', { exact: true }).first().click();
    await expect.poll(() => tree.textContent()).toContain('<b>eve</b>');
    await expect(page.locator('pre.handle').count()).resolves.toBe(0);
    // In Tree view only the tree's own controls show: line numbers, wrap and go to line apply to Raw.
    await expect(page.getByLabel('Line numbers').count()).resolves.toBe(0);
    await expect(page.getByLabel('Wrap').count()).resolves.toBe(0);
    await expect(page.getByRole('form', { name: 'Go to line' }).count()).resolves.toBe(0);
    await expect(tree.getByText('[1 item]', { exact: true }).count()).resolves.toBe(1);
    await expect(tree.getByText('{2 keys}', { exact: true }).count()).resolves.toBe(1);
    // The selected string reads whole below the tree: unescaped, its newlines real line breaks, as text.
    await tree.getByText('subject:', { exact: true }).click();
    const value = page.getByRole('region', { name: 'Selected value' }).locator('pre');
    await expect.poll(() => value.textContent()).toBe(PAYLOAD);
    const box = await value.evaluate((el) => ({
      lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
      wraps: getComputedStyle(el).whiteSpace,
    }));
    expect(box.wraps).toBe('pre-wrap');
    expect(box.lines).toBeGreaterThanOrEqual(PAYLOAD.split('\n').length - 1);
    await assertInert();
    await app.screenshot('untrusted-json-tree');
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.screenshot('untrusted-json-tree-1024-dark');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    const described = await page.evaluate(
      (id) => (window as unknown as { scratchpad: { entryDescribe(r: { id: string }): Promise<unknown> } }).scratchpad.entryDescribe({ id }),
      jsonId,
    );
    expect(described).toMatchObject({ ok: true, value: { meta: { structured: true, owner: 'mallory' } } });
  });
});
