import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase, type DemoResult } from '../../app/demo';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { parseDeepLink } from '../../app/contract';
import { eventually, goTo, openTab, selectEntry, selectTurn, turnsList, waitForTurnCount, waitForWindow, atEachLook } from './ui';

// Layout for a day of debugging at a laptop half-screen (1024x640) and a desktop (1440x900): resizable panes
// (drag and keyboard, remembered), the entry view maximized by a shortcut, slice controls that stay in view,
// and an entries pane as tall as its few rows.
const NOW = 1_796_040_000;

describe('layout', () => {
  const tmp = tempDir();
  let demo: DemoResult;
  let app: AppSession;

  beforeAll(async () => {
    demo = await writeDemoDatabase(path.join(tmp.dir, 'layout.db'), { now: NOW });
    app = await launchApp({ dbPath: demo.path, principal: { kind: 'operator' }, now: NOW, viewport: { width: 1024, height: 640 } });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  const log = () => demo.entries.find((e) => e.label === 'large-log')!;

  /** Rows of the slice text wholly inside its scroller's visible box, and whether the Read and Next buttons are in the viewport. */
  const visible = () =>
    app.page.evaluate(() => {
      const text = document.querySelector<HTMLElement>('.slice-text')!;
      const box = text.getBoundingClientRect();
      const rows = [...text.querySelectorAll('.line')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.height > 0;
      }).length;
      const inView = (el: Element | null) => {
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
      };
      const buttons = [...document.querySelectorAll('.slice-controls button')];
      return {
        rows,
        read: inView(buttons.find((b) => b.textContent === 'Read') ?? null),
        next: inView(buttons.find((b) => b.textContent?.startsWith('Next')) ?? null),
      };
    });

  test('at 1024x640 the entry view shows at least 25 lines with the slice controls in view, split and maximized', async () => {
    const { page } = app;
    await waitForTurnCount(page, demo.turns);
    const entries = await selectTurn(page, log().turnId);
    await selectEntry(page, entries, log().stepNum);
    await openTab(page, 'Content');
    await waitForWindow(page, 0, 65_536, log().sizeBytes, 'code points');
    // Not maximized: in a short window the entries stack under the turns, and the entry view has the whole height.
    const split = await visible();
    expect(split.rows).toBeGreaterThanOrEqual(25);
    expect(split.read && split.next).toBe(true);
    const under = await page.evaluate(() => {
      const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
      return { entriesUnderTurns: box('.pane-entries').top >= box('.pane-turns').bottom, sameColumn: box('.pane-entries').left === box('.pane-turns').left };
    });
    expect(under).toEqual({ entriesUnderTurns: true, sameColumn: true });
    // The header keeps one row: the tabs and the actions share a top edge.
    const headTops = await page.evaluate(() =>
      ['.entry-head .tabs', '.entry-head-actions'].map((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().top)),
    );
    expect(Math.abs(headTops[0]! - headTops[1]!)).toBeLessThanOrEqual(6);
    // The tabs and buttons take short labels here, so the entry's title shows whole, not cut to "t…".
    const title = await page.evaluate(() => {
      const label = document.querySelector('.entry-label')!.getBoundingClientRect();
      const text = document.querySelector('.entry-title')!;
      return { text: text.textContent, fits: text.getBoundingClientRect().right <= label.right + 0.5 };
    });
    expect(title).toEqual({ text: `${log().executorName} · step ${log().stepNum}`, fits: true });
    await expect(page.getByRole('tab', { name: 'What the model saw' }).textContent()).resolves.toContain('Model saw');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`layout-1024-content-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.slice-text').click();
    await page.keyboard.press('f');
    await page.locator('.turns-page.maximized').waitFor();
    await expect(turnsList(page).isVisible()).resolves.toBe(false);
    const maximized = await visible();
    // The header (title, tabs, compare, copy, restore) stays one row: the tabs and the actions share a top edge.
    const tops = await page.evaluate(() =>
      ['.entry-head .tabs', '.entry-head-actions'].map((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().top)),
    );
    expect(Math.abs(tops[0]! - tops[1]!)).toBeLessThanOrEqual(6);
    expect(maximized.rows).toBeGreaterThanOrEqual(25);
    expect(maximized.read && maximized.next).toBe(true);
    // Scrolling the text leaves the controls where they are.
    await page.locator('.slice-text').evaluate((el) => (el.scrollTop = 2000));
    await expect(visible().then((v) => v.read)).resolves.toBe(true);
    await app.screenshot('layout-1024-maximized');
    await page.getByRole('button', { name: /^Restore/ }).click();
    await turnsList(page).waitFor();
  });

  test('the turns pane resizes by drag and by keyboard, and keeps its width after a reload', async () => {
    const { page } = app;
    const width = () => page.locator('.pane-turns').evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const before = await width();
    const handle = page.getByRole('separator', { name: 'Resize the turns pane' });
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 150, box.y + 200, { steps: 5 });
    await page.mouse.up();
    const dragged = await width();
    expect(dragged).toBeGreaterThan(before + 100);
    // The panel group saves its layout to localStorage shortly after a change.
    const stored = () => page.evaluate(() => Object.entries(localStorage).find(([k]) => k.includes('layout.turns'))?.[1] ?? null);
    await eventually(async () => (await stored()) !== null, true);
    const afterDrag = await stored();
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const keyed = await width();
    expect(keyed).toBeLessThan(dragged);
    // Wait for the saved layout to be the final one (its first size is the turns pane's per cent of the width).
    const savedWidth = async () => {
      const raw = await stored();
      if (raw === null || raw === afterDrag) return -1;
      const sizes = JSON.stringify(JSON.parse(raw)).match(/"layout":\[([\d.]+)/);
      return sizes ? Math.round((Number(sizes[1]) / 100) * 1024) : -1;
    };
    await eventually(async () => Math.abs((await savedWidth()) - keyed) <= 6, true);
    await page.reload();
    await waitForTurnCount(page, demo.turns);
    await eventually(width, keyed);
  });

  test('the entries pane is as tall as its rows when a turn has few entries', async () => {
    const { page } = app;
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await waitForTurnCount(page, demo.turns);
    const three = demo.entries.filter((e) => e.turnId === demo.entries.find((x) => x.label === 'png-image')!.turnId);
    expect(three).toHaveLength(3);
    await selectTurn(page, three[0]!.turnId);
    const heights = () =>
      page.evaluate(() => [document.querySelector('.pane-entries')!.getBoundingClientRect().height, document.querySelector('.entries-table')!.scrollHeight]);
    await eventually(async () => {
      const [pane, rows] = await heights();
      return pane! >= rows! && pane! <= rows! + 40;
    }, true);
    await app.screenshot('layout-1024-few-entries');
  });

  test('shrunk from 1440x900 to 1024x640, the window has the layout it would have opened with at 1024x640', async () => {
    const { page } = app;
    /** Pane sizes (px) and what the Content tab shows. */
    const layout = async () => ({
      ...(await page.evaluate(() => {
        const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        return { turns: Math.round(box('.pane-turns').width), entries: Math.round(box('.pane-entries').height), entry: Math.round(box('.pane-entry').height) };
      })),
      ...(await visible()),
    });
    const openLog = async (w: number, h: number) => {
      await page.evaluate(() => localStorage.clear());
      await page.setViewportSize({ width: w, height: h });
      await page.reload();
      await waitForTurnCount(page, demo.turns);
      const entries = await selectTurn(page, log().turnId);
      await selectEntry(page, entries, log().stepNum);
      await openTab(page, 'Content');
      await waitForWindow(page, 0, 65_536, log().sizeBytes, 'code points');
    };
    await openLog(1024, 640);
    const opened = await layout();
    expect(opened.read && opened.next).toBe(true);
    expect(opened.rows).toBeGreaterThanOrEqual(25);

    await openLog(1440, 900);
    const wide = await layout();
    expect(wide.entries).toBeGreaterThan(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`layout-resize-1440-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 640 });
    await eventually(layout, opened);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.screenshot(`layout-resize-1024-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Maximized after the shrink: the 25 lines with the slice controls in view.
    await page.locator('.slice-text').click();
    await page.keyboard.press('f');
    await page.locator('.turns-page.maximized').waitFor();
    const maximized = await visible();
    expect(maximized.rows).toBeGreaterThanOrEqual(25);
    expect(maximized.read && maximized.next).toBe(true);
    await page.getByRole('button', { name: /^Restore/ }).click();
    await turnsList(page).waitFor();
    expect(app.problems).toEqual([]);
  });

  test('what the model saw: the summary as text, the other fields as a table, the reads under it at 1024, each linked to its step', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 640 });
    const entries = await selectTurn(page, log().turnId);
    await selectEntry(page, entries, log().stepNum);
    await openTab(page, 'What the model saw');
    const described = await app.session.store.describe(app.session.principal, log().id);
    const handle = described.handle!;
    await expect(page.getByLabel('Handle summary').textContent()).resolves.toBe(handle.summary);
    expect(handle.summary).toContain('\n'); // a real newline, shown as a line break (not an escaped "\n")
    const fields = await page
      .getByRole('table', { name: 'Handle fields' })
      .locator('tr')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]));
    expect(fields).toContainEqual(['scratchpad_id', log().id]);
    expect(fields).toContainEqual(['size_bytes', String(log().sizeBytes)]);
    expect(fields.map(([k]) => k)).not.toContain('summary');
    // At 1024x640 the entry view is narrow: the read log goes under the handle (full width), no size or offset
    // breaks over two lines, an id stays one line (cut with an ellipsis, whole in its title), and the summary
    // grows with its text (the pane scrolls, not a box inside it).
    // The read log (its figures and coverage bar) and the step links come from two queries after the tab opens:
    // measured once both have rendered, not the handle alone (4 figures).
    await page.locator('.model-reads figure.coverage').waitFor();
    await page.locator('ol.read-log li').first().locator('.step-link').waitFor();
    const shape = await page.locator('.model-saw').evaluate((el) => {
      const handle = el.querySelector('.model-handle')!.getBoundingClientRect();
      const reads = el.querySelector('.model-reads')!.getBoundingClientRect();
      const summary = el.querySelector<HTMLElement>('.handle-summary')!;
      const idCell = el.querySelector<HTMLElement>('.handle-fields .id-cell')!;
      const table = el.querySelector('.handle-fields')!.getBoundingClientRect();
      return {
        readsBelowHandle: reads.top >= handle.bottom,
        sameWidth: Math.abs(reads.width - handle.width) < 1,
        // A figure on one line has all its boxes (one per text node) at the same top.
        wrappedFigures: [...el.querySelectorAll('.figure')]
          .filter((f) => new Set([...f.getClientRects()].map((r) => Math.round(r.top))).size !== 1)
          .map((f) => f.textContent),
        figures: el.querySelectorAll('.figure').length,
        summaryScrolls: summary.scrollHeight > summary.clientHeight + 1,
        tableInside: table.right <= handle.right + 0.5,
        idCell: { title: idCell.title, oneLine: idCell.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(idCell).lineHeight) },
      };
    });
    expect(shape).toEqual({
      readsBelowHandle: true,
      sameWidth: true,
      wrappedFigures: [],
      figures: shape.figures,
      summaryScrolls: false,
      tableInside: true,
      idCell: { title: log().id, oneLine: true },
    });
    expect(shape.figures).toBeGreaterThanOrEqual(5); // three sizes, the percent, an offset pair per read
    await app.screenshot('layout-1024-model-saw');
    const next = demo.entries.filter((e) => e.turnId === log().turnId && e.createdAt > log().createdAt).sort((a, b) => a.createdAt - b.createdAt)[0]!;
    await page
      .locator('ol.read-log li')
      .first()
      .getByRole('button', { name: new RegExp(`step ${next.stepNum}`) })
      .click();
    await page.getByRole('option', { name: new RegExp(next.executorName ?? ''), selected: true }).waitFor();
    await expect(page.locator('.entry-title').textContent()).resolves.toContain(`step ${next.stepNum}`);
  });

  test('screenshots at 1440x900 and 1024x640 in light and dark', async () => {
    const { page } = app;
    const entries = await selectTurn(page, log().turnId);
    await selectEntry(page, entries, log().stepNum);
    await atEachLook(page, async (w, scheme) => {
      await openTab(page, 'What the model saw');
      // The fields table stays inside its column (a long id or hint wraps or cuts, it does not push the table out).
      const overflow = await page
        .locator('.model-handle')
        .evaluate((el) => el.querySelector('.handle-fields')!.getBoundingClientRect().right - el.getBoundingClientRect().right);
      expect(overflow).toBeLessThanOrEqual(0.5);
      await app.screenshot(`layout-${w}-${scheme}-model`);
      await openTab(page, 'Content');
      await page.locator('.slice-text .line').first().waitFor();
      await app.screenshot(`layout-${w}-${scheme}-content`);
    });
    expect(app.problems).toEqual([]);
  });

  test('entry header: title, tabs and actions on one row at 1440x900 for every entry (the title cut, not the row); toggles level with their neighbours', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1440, height: 900 });
    const entries = await selectTurn(page, log().turnId);
    const steps = demo.entries.filter((e) => e.turnId === log().turnId).map((e) => e.stepNum);
    /** Tops of the label, the tab list and the actions, and the head's height. */
    const head = () =>
      page.locator('.entry-head').evaluate((el) => {
        const top = (sel: string) => Math.round(el.querySelector(sel)!.getBoundingClientRect().top);
        const middle = (sel: string) => {
          const r = el.querySelector(sel)!.getBoundingClientRect();
          return Math.round(r.top + r.height / 2);
        };
        return {
          height: Math.round(el.getBoundingClientRect().height),
          oneRow: Math.abs(middle('.entry-label') - middle('.tabs')) <= 2 && Math.abs(middle('.tabs') - middle('.entry-head-actions')) <= 2,
          below: top('.tabs') > el.getBoundingClientRect().top + 20 || top('.entry-head-actions') > el.getBoundingClientRect().top + 20,
        };
      });
    const heights = new Set<number>();
    for (const step of steps) {
      await selectEntry(page, entries, step);
      const shown = await head();
      expect({ step, oneRow: shown.oneRow, below: shown.below }).toEqual({ step, oneRow: true, below: false });
      heights.add(shown.height);
    }
    expect(heights.size).toBe(1);
    await selectEntry(page, entries, log().stepNum);
    await openTab(page, 'Content');
    await page.locator('.slice-text .line').first().waitFor();
    // The checkbox labels' text sits level with the button next to them (Copy slice), not 2-3px lower.
    const offsets = await page.locator('.toggles').evaluate((el) => {
      const textMiddle = (node: Element) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        return r.top + r.height / 2;
      };
      const copy = textMiddle([...el.querySelectorAll('button')].find((b) => b.textContent === 'Copy slice')!);
      return [...el.querySelectorAll('label.toggle')].map((label) => {
        const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')!;
        const range = document.createRange();
        range.selectNodeContents(text);
        const r = range.getBoundingClientRect();
        return Math.abs(r.top + r.height / 2 - copy) <= 1;
      });
    });
    expect(offsets).toEqual([true, true]);
    await app.screenshot('layout-1440-entry-head');
  });

  test('help opens at its top (title and first shortcuts in view) with focus on Close, at 1024x640 in light and dark', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 640 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('body').press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      const shown = await help.evaluate((dialog) => {
        const panel = dialog.querySelector<HTMLElement>('.overlay-panel')!.getBoundingClientRect();
        const title = dialog.querySelector('h2')!.getBoundingClientRect();
        const firstRow = dialog.querySelector('tr')!.getBoundingClientRect();
        return {
          scrollTop: dialog.querySelector<HTMLElement>('.overlay-panel')!.scrollTop,
          titleInView: title.top >= panel.top && title.bottom <= panel.bottom,
          firstRowInView: firstRow.top >= panel.top && firstRow.bottom <= panel.bottom,
          focused: document.activeElement?.textContent,
        };
      });
      expect(shown).toEqual({ scrollTop: 0, titleInView: true, firstRowInView: true, focused: 'Close' });
      await app.screenshot(`help-1024-${scheme}`);
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('copy buttons: entry id, turn id and a deep link that parses back to the file and entry', async () => {
    const { page } = app;
    await page.evaluate(() => {
      const copied: string[] = [];
      (window as unknown as { copied: string[] }).copied = copied;
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    });
    const entries = await selectTurn(page, log().turnId);
    await selectEntry(page, entries, log().stepNum);
    await page.getByRole('button', { name: 'Copy id' }).click();
    await page.getByRole('button', { name: 'Copy turn id' }).click();
    await page.getByRole('button', { name: 'Copy link' }).click();
    const copied = () => page.evaluate(() => (window as unknown as { copied: string[] }).copied);
    await eventually(async () => (await copied()).length, 3);
    const [id, turnId, link] = await copied();
    expect([id, turnId]).toEqual([log().id, log().turnId]);
    expect(parseDeepLink(link!)).toEqual({ ok: true, link: { db: app.session.store.path, id: log().id } });
  });

  test('theme: the in-app choice beats the OS and is remembered; stats charts label every bar', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Theme').selectOption('dark');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await eventually(background, 'rgb(21, 24, 29)');
    await page.reload();
    await waitForTurnCount(page, demo.turns);
    await eventually(background, 'rgb(21, 24, 29)');
    await goTo(page, 'Stats');
    await page.locator('.bar-labels').first().waitFor();
    // Every size bucket bar carries its row count, so the few huge rows are never an invisible sliver.
    const labels = await page.locator('.chart-card', { hasText: 'Size distribution' }).locator('.bar-labels text').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.map((l) => Number(l.replace(/,/g, ''))).reduce((a, b) => a + b, 0)).toBe(demo.rows);
    // The expired red appears only where it means expired.
    const reds = await page
      .locator('.chart-card path[fill="#d9534f"], .chart-card rect[fill="#d9534f"]')
      .evaluateAll((els) => els.map((e) => e.closest('.chart-card')?.querySelector('h3')?.textContent));
    expect(new Set(reds)).toEqual(new Set(['Live vs expired (bytes)']));
    await expect(page.locator('.chart-card', { hasText: 'used vs free' }).count()).resolves.toBe(0);
    for (const [w, h] of [
      [1440, 900],
      [1024, 640],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await app.screenshot(`layout-${w}-dark-stats`);
      await page.getByLabel('Theme').selectOption('light');
      await app.screenshot(`layout-${w}-light-stats`);
      await page.getByLabel('Theme').selectOption('dark');
    }
    await page.getByLabel('Theme').selectOption('system');
    await eventually(background, 'rgb(246, 247, 249)');
    await goTo(page, 'Turns');
    expect(app.problems).toEqual([]);
  });
});
