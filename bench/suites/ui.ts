import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { openScratchpad } from '../../app/scratchpad';
import { launchApp, type AppSession } from '../../test/e2e/harness';
import { median } from '../lib/timing';

const USER = { kind: 'user', userId: 'bench' } as const;
const DAY = 86_400;

/** What the heavy file holds (ids to open in the UI). */
export type HeavyFile = {
  path: string;
  turns: number;
  bigTurn: string;
  logId: string;
  longLineId: string;
  jsonId: string;
  stepsTurn: string;
  expiredTurns: number;
};

/**
 * A heavy file like issue 15's: 10,001 turns (6,000 of them wholly expired at `now`), one turn of 300 steps, a
 * 200 MiB log, a 300 MiB text of one long line and a 50,000-item JSON observation (sizes times `scale`).
 */
export async function writeHeavyFile(dir: string, now: number, scale: number): Promise<HeavyFile> {
  const file = path.join(dir, 'ui-heavy.db');
  let clock = now - 3 * DAY;
  const sp = await openScratchpad(file, { clock: () => clock });
  try {
    const turns = 10_001;
    const expiredTurns = 6_000;
    for (let t = 0; t < turns - 2; t++) {
      clock = now - 3 * DAY + t;
      const ttl = t < expiredTurns ? 3600 : 30 * DAY;
      await sp.put(USER, {
        turnId: `turn-${String(t).padStart(5, '0')}`,
        stepNum: 1,
        executorName: 'web_fetch',
        observation: `result of turn ${t}\n`.repeat(40),
        ttlSeconds: ttl,
      });
    }
    clock = now - 600;
    const stepsTurn = 'turn-300-steps';
    for (let s = 1; s <= 300; s++)
      await sp.put(USER, { turnId: stepsTurn, stepNum: s, executorName: 'read_files', observation: `step ${s}\n`.repeat(50), ttlSeconds: 30 * DAY });
    clock = now - 300;
    const bigTurn = 'turn-heavy';
    const line = (k: number) =>
      `2026-11-30T09:00:00.${String(k % 1000).padStart(3, '0')}Z INFO [worker-${k % 8}] req=${k.toString(16).padStart(8, '0')} GET /api/v1/items/${k % 9973} 200 ${k % 997}ms\n`;
    const logBytes = Math.round(200 * 1024 ** 2 * scale);
    const lines: string[] = [];
    for (let size = 0, k = 0; size < logBytes; k++) {
      const l = line(k);
      lines.push(l);
      size += l.length;
    }
    const logId = (await sp.put(USER, { turnId: bigTurn, stepNum: 1, executorName: 'tail_logs', observation: lines.join(''), ttlSeconds: 30 * DAY }))
      .scratchpad_id;
    lines.length = 0;
    const longLineId = (
      await sp.put(USER, {
        turnId: bigTurn,
        stepNum: 2,
        executorName: 'minified_bundle',
        observation: 'x=1;'.repeat(Math.round((300 * 1024 ** 2 * scale) / 4)),
        ttlSeconds: 30 * DAY,
      })
    ).scratchpad_id;
    const items = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ['a', 'b'], score: i / 7 }));
    const jsonId = (await sp.put(USER, { turnId: bigTurn, stepNum: 3, executorName: 'list_items', observation: { ok: true, items }, ttlSeconds: 30 * DAY }))
      .scratchpad_id;
    return { path: file, turns, bigTurn, logId, longLineId, jsonId, stepsTurn, expiredTurns };
  } finally {
    await sp.close();
  }
}

/** A user action and the condition that shows its result, run in the page (the CSP forbids evaluating strings). */
type Step =
  | { readonly act: 'click-option'; readonly list: string; readonly text: string; readonly until: { readonly entriesOf: string; readonly count: number } }
  | { readonly act: 'click-id'; readonly id: string; readonly until: { readonly title: string } }
  | { readonly act: 'none'; readonly until: { readonly treeText: string } }
  | { readonly act: 'click-button'; readonly text: string; readonly until: { readonly selector: string; readonly text?: string } };

/** Time (ms, in the page's clock) from the step's action to the first animation frame where its result shows; -1 when a click-id target is not in the DOM (nothing done). */
async function timeStep(page: Page, step: Step): Promise<number> {
  // No named function inside: tsx would wrap it in a __name() helper the page does not have.
  return page.evaluate(async (s: Step) => {
    const t0 = performance.now();
    if (s.act === 'click-option') {
      const rows = [...document.querySelectorAll<HTMLElement>(`[role="listbox"][aria-label="${s.list}"] [role="option"]`)];
      rows.find((e) => e.textContent?.includes(s.text))!.click();
    } else if (s.act === 'click-id') {
      // A virtualized row can be unbuilt again between the scroll that showed it and this click: -1, the caller retries.
      const target = document.getElementById(s.id);
      if (target === null) return -1;
      target.click();
    } else if (s.act === 'click-button') [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.includes(s.text))!.click();
    for (;;) {
      const u = s.until as Record<string, unknown>;
      let done: boolean;
      if ('entriesOf' in u) {
        // What the user sees of the virtualized list: the count in the pane title, and rows of this turn (they say
        // their place among `count`) from the first down to the list's bottom edge (or to the last row).
        const count = Number(u.count);
        const list = document.querySelector<HTMLElement>(`[role="listbox"][aria-label="Entries of turn ${String(u.entriesOf)}"]`);
        const rows = list ? [...list.querySelectorAll<HTMLElement>('[role="option"]')] : [];
        const shown = !!document.querySelector('.pane-entries .pane-count')?.textContent?.includes(`${count.toLocaleString('en-US')} entries`);
        done = false;
        if (list && shown && rows.length > 0 && rows.every((r) => r.getAttribute('aria-setsize') === String(count))) {
          const places = rows.map((r) => Number(r.getAttribute('aria-posinset'))).sort((a, b) => a - b);
          let last = 0;
          while (last < places.length && places[last] === last + 1) last++;
          const edge = document.getElementById(`entry-row-${last - 1}`);
          done = last > 0 && !!edge && (last === count || edge.getBoundingClientRect().bottom >= list.getBoundingClientRect().bottom);
        }
      } else if ('title' in u)
        done = !!document.querySelector('.entry-title')?.textContent?.includes(String(u.title)) && !!document.querySelector('.model-saw');
      else if ('treeText' in u) done = !!document.querySelector('[aria-label="JSON tree"]')?.textContent?.includes(String(u.treeText));
      else {
        const el = document.querySelector(String(u.selector));
        done = !!el && (u.text === undefined || !!el.textContent?.includes(String(u.text)));
      }
      if (done) return performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(r));
      if (performance.now() - t0 > 30_000) throw new Error(`not ready after 30 s: ${JSON.stringify(s.until)}`);
    }
  }, step);
}

/**
 * Wheel-scrolls the entries list `list` (a listbox's aria-label) until the row `entry-row-<index>` is wholly in
 * view, as a user brings a row into view before clicking it (the list builds only the rows near its view).
 */
async function scrollRowIntoView(page: Page, list: string, index: number): Promise<void> {
  const box = (await page.getByRole('listbox', { name: list }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let tries = 0; ; tries++) {
    // The wheel's px to centre the row (0 when it is in view); an unbuilt row's place from the 29 px rows.
    const delta = await page.evaluate(
      ({ label, i }) => {
        const el = document.querySelector<HTMLElement>(`[role="listbox"][aria-label="${label}"]`)!;
        const view = el.getBoundingClientRect();
        // Below the column header, which stays over the top of the scrolled rows.
        const top = el.querySelector('.list-header')?.getBoundingClientRect().bottom ?? view.top;
        const row = document.getElementById(`entry-row-${i}`)?.getBoundingClientRect();
        if (row && row.top >= top && row.bottom <= view.bottom) return 0;
        return row ? row.top - view.top - view.height / 2 : i * 29 - el.scrollTop - view.height / 2;
      },
      { label: list, i: index },
    );
    if (delta === 0) return;
    if (tries === 20) throw new Error(`entry-row-${index} not in view after 20 wheel scrolls`);
    await page.mouse.wheel(0, Math.round(delta));
    // Until the scroll has settled (a wheel may scroll smoothly over several frames).
    await page.evaluate(async (label) => {
      const el = document.querySelector<HTMLElement>(`[role="listbox"][aria-label="${label}"]`)!;
      for (let top = NaN; top !== el.scrollTop;) {
        top = el.scrollTop;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    }, list);
  }
}

/** Longest long task (ms) while `scroll` runs in the page: PerformanceObserver 'longtask'. */
async function maxLongTask(page: Page, scroll: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  await scroll();
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __longest: number }).__longest);
}

async function wheel(page: Page, selector: string, times: number): Promise<void> {
  const box = (await page.locator(selector).first().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < times; i++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(30);
  }
}

/**
 * The UI figures of issue 15 in Chromium over the production build, main's real handlers and store (the e2e
 * harness), on the heavy file. Each timing is measured in the page (performance.now) from the user's action to
 * the first frame showing its result; medians of `reps` runs where repeated.
 */
export async function runUi(dir: string, scale: number, reps = 5): Promise<{ figures: Record<string, number>; extra: Record<string, number> }> {
  const built = Date.now();
  const heavy = await writeHeavyFile(dir, UI_NOW, scale);
  const measured = await measureUi(heavy, reps);
  return { figures: measured.figures, extra: { ui_heavy_file_build_s: (Date.now() - built) / 1000 - measured.seconds, ...measured.extra } };
}

/** The clock (Unix seconds) the heavy file is written against and the app runs at. */
export const UI_NOW = 1_796_040_000;

/**
 * Reloads the app's page `reps` times; each reload's time from navigation start to the frame after the first turn
 * row entered the DOM, in milliseconds. The page's clocks (performance.now, Event timeStamps) are Playwright's fake
 * clock (the fixed `now`), which keeps counting across reloads: "navigation start" has to come from Chromium itself.
 * An init script sees the first turn row enter the DOM, waits for the next frame and calls back; main then reads
 * Chromium's own monotonic clock (CDP Performance.getMetrics: Timestamp - NavigationStart, seconds). Used by this
 * suite and by bench/ui-profile.ts; call it once per page (it exposes a function on the page).
 */
export async function firstPaintTimes(app: AppSession, cdp: CDPSession, reps: number): Promise<number[]> {
  const { page } = app;
  await cdp.send('Performance.enable');
  let painted: ((ms: number) => void) | undefined;
  await page.exposeFunction('__benchFirstTurnRow', async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const at = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    painted?.((at('Timestamp') - at('NavigationStart')) * 1000);
  });
  await app.context.addInitScript({
    content: `(() => { const o = new MutationObserver(() => { if (document.querySelector('[role="listbox"][aria-label="Turns"] [role="option"]')) { o.disconnect(); requestAnimationFrame(() => window.__benchFirstTurnRow()); } }); o.observe(document, { childList: true, subtree: true }); })();`,
  });
  const paints: number[] = [];
  for (let i = 0; i < reps; i++) {
    const ms = new Promise<number>((resolve) => (painted = resolve));
    await page.reload();
    paints.push(await ms);
  }
  return paints;
}

/** Runs the UI measurements of {@link runUi} on a heavy file already written (at {@link UI_NOW}). */
export async function measureUi(heavy: HeavyFile, reps = 5): Promise<{ figures: Record<string, number>; extra: Record<string, number>; seconds: number }> {
  const started = Date.now();
  const now = UI_NOW;
  const extra: Record<string, number> = {};
  const app: AppSession = await launchApp({ dbPath: heavy.path, principal: USER, now, viewport: { width: 1440, height: 900 } });
  try {
    const { page } = app;
    const cdp = await app.context.newCDPSession(page);
    const paints = await firstPaintTimes(app, cdp, reps);
    const figures: Record<string, number> = { ui_first_paint_turns_ms: median(paints) };

    const filter = page.getByLabel('Filter turns by turn id or executor');
    const showOnly = async (turnId: string) => {
      await filter.fill(turnId);
      await page.waitForFunction((id) => {
        const rows = document.querySelectorAll('[role="listbox"][aria-label="Turns"] [role="option"]');
        return rows.length === 1 && !!rows[0]!.textContent?.includes(id);
      }, turnId);
    };
    const opens: number[] = [];
    for (let i = 0; i < reps; i++) {
      // Another turn selected first, so each click opens the 300-step turn afresh.
      await showOnly(heavy.bigTurn);
      await page.locator('[role="listbox"][aria-label="Turns"] [role="option"]').first().click();
      await page.getByRole('listbox', { name: `Entries of turn ${heavy.bigTurn}` }).waitFor();
      await showOnly(heavy.stepsTurn);
      opens.push(await timeStep(page, { act: 'click-option', list: 'Turns', text: heavy.stepsTurn, until: { entriesOf: heavy.stepsTurn, count: 300 } }));
    }
    figures.ui_open_turn_300_steps_ms = median(opens);

    const switches: number[] = [];
    for (let i = 0; i < 20; i++) {
      const step = 1 + ((i * 37) % 300);
      // Not timed: the user scrolls the row into view, then clicks it.
      let ms = -1;
      for (let tries = 0; ms < 0; tries++) {
        if (tries === 3) throw new Error(`entry-row-${step - 1} gone from the list at each of 3 clicks`);
        await scrollRowIntoView(page, `Entries of turn ${heavy.stepsTurn}`, step - 1);
        ms = await timeStep(page, { act: 'click-id', id: `entry-row-${step - 1}`, until: { title: `step ${step}` } });
      }
      switches.push(ms);
    }
    switches.sort((a, b) => a - b);
    figures.ui_switch_entry_p95_ms = switches[Math.ceil(0.95 * switches.length) - 1]!;

    await showOnly(heavy.bigTurn);
    await page.locator('[role="listbox"][aria-label="Turns"] [role="option"]').first().click();
    const entries = page.getByRole('listbox', { name: `Entries of turn ${heavy.bigTurn}` });
    await entries.getByRole('option').first().waitFor();
    const longTasks: number[] = [];
    for (const step of [1, 2]) {
      await page.locator(`#entry-row-${step - 1}`).click();
      await page.getByRole('tab', { name: 'Content' }).click();
      await page.locator('.slice-text .line').first().waitFor();
      if (step === 2 && !(await page.getByRole('checkbox', { name: /Wrap/ }).isChecked())) await page.getByRole('checkbox', { name: /Wrap/ }).check();
      longTasks.push(await maxLongTask(page, () => wheel(page, '.slice-text', 40)));
    }
    await page.locator('#entry-row-2').click();
    // The entry view keeps the last tab (Content): show another one first, so the JSON is not read before the clock.
    await page.getByRole('tab', { name: 'What the model saw' }).click();
    await page.locator('.model-saw').waitFor();
    const callsBefore = app.invoked.length;
    // Both from the same open, timed from the Content tab's click in the page (a click from outside would start
    // the clock after its own round trips, while the first reads are already answered): the first tree rows (a
    // first look from the first slice), then the whole list.
    const [firstRows, jsonOpen] = await page.evaluate(async () => {
      const t0 = performance.now();
      [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((b) => b.textContent?.includes('Content'))!.click();
      let first = NaN;
      for (;;) {
        const tree = document.querySelector('[aria-label="JSON tree"]');
        if (Number.isNaN(first) && tree?.querySelector('[role="treeitem"]')) first = performance.now() - t0;
        if (tree?.textContent?.includes('items: [50,000 items]')) return [first, performance.now() - t0];
        await new Promise((r) => requestAnimationFrame(r));
        if (performance.now() - t0 > 30_000) throw new Error('the JSON tree did not show 50,000 items after 30 s');
      }
    });
    figures.ui_open_json_50k_items_ms = jsonOpen;
    // Main's share of that open: its reads, and the time its handlers took (the outline's scan and the reads;
    // wall clock, main's thread).
    const jsonCalls = app.invoked.slice(callsBefore).filter((c) => c.channel === 'entry:read' || c.channel === 'entry:jsonOutline');
    extra.ui_open_json_reads = jsonCalls.filter((c) => c.channel === 'entry:read').length;
    extra.ui_open_json_handler_ms = Math.round(jsonCalls.reduce((sum, c) => sum + (c.handlerMs ?? 0), 0));
    extra.ui_open_json_outline_ms = Math.round(jsonCalls.reduce((sum, c) => sum + (c.channel === 'entry:jsonOutline' ? (c.handlerMs ?? 0) : 0), 0));
    extra.ui_open_json_first_rows_ms = firstRows;
    longTasks.push(await maxLongTask(page, () => wheel(page, '[aria-label="JSON tree"]', 40)));
    figures.ui_scroll_long_task_max_ms = Math.max(...longTasks);
    extra.ui_scroll_long_task_log_ms = longTasks[0]!;
    extra.ui_scroll_long_task_long_line_wrap_ms = longTasks[1]!;
    extra.ui_scroll_long_task_json_ms = longTasks[2]!;

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    figures.ui_heap_MB = heap.usedSize / 1024 ** 2;

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^gc\b/ }).click();
    await page.getByRole('button', { name: 'Preview gc now' }).waitFor();
    figures.ui_gc_preview_6000_turns_ms = await timeStep(page, {
      act: 'click-button',
      text: 'Preview gc now',
      until: { selector: '.gc-preview .gc-summary', text: `${heavy.expiredTurns.toLocaleString('en-US')} turns` },
    });
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Turns\b/ })
      .click();
    figures.ui_stats_ms = await timeStep(page, { act: 'click-button', text: 'Stats', until: { selector: '.bar-labels' } });
    if (app.problems.length > 0) throw new Error(`the page reported problems: ${app.problems.join('; ')}`);
    return { figures, extra, seconds: (Date.now() - started) / 1000 };
  } finally {
    await app.close();
  }
}
