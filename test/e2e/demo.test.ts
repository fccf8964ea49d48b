import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expiryState } from '../../app/contract';
import { writeDemoDatabase, type DemoEntry, type DemoLabel, type DemoResult } from '../../app/demo';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir } from './data';
import { formatBytes } from '../../app/common/format';
import { launchApp, type AppSession } from './harness';
import { expectRoundByteTicks, sliceDegrees, valueAxisLabels } from './support/stats-charts';
import {
  atEachLook,
  entryRow,
  eventually,
  goTo,
  listedTurnIds,
  openTab,
  selectEntry,
  selectTurn,
  shownSlice,
  statFigures,
  waitForTurnCount,
  waitForWindow,
} from './ui';

// The demo database (app/demo) written into a temp file at a fixed clock, viewed by the operator (the app's
// default). Tests run in order: the gc at the end deletes the expired rows.
const NOW = 1_796_040_000;
const OPERATOR = { kind: 'operator' } as const;

/** The words of an entry's expiry badge at NOW, worked out here from the seconds left (not by the app's helper). */
function expiryWords(expiresAt: number): string {
  const left = expiresAt - NOW;
  if (left <= 0) {
    const ago = -left;
    return `expired ${ago < 60 ? 'just now' : ago < 3600 ? `${Math.floor(ago / 60)}m ago` : ago < 86_400 ? `${Math.floor(ago / 3600)}h ago` : `${Math.floor(ago / 86_400)}d ago`}`;
  }
  const [d, h, m, sec] = [Math.floor(left / 86_400), Math.floor((left % 86_400) / 3600), Math.floor((left % 3600) / 60), Math.floor(left % 60)];
  return `expires in ${d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${String(sec).padStart(2, '0')}s` : `${sec}s`}`;
}

describe('the demo database in the app', () => {
  const tmp = tempDir();
  const dbPath = path.join(tmp.dir, 'demo.db');
  let demo: DemoResult;
  let app: AppSession;
  const byLabel = (label: DemoLabel): DemoEntry => {
    const entry = demo.entries.find((e) => e.label === label);
    if (!entry) throw new Error(`demo has no ${label} row`);
    return entry;
  };
  /** Reads a whole row straight from the file through a second connection (not through the app). */
  const stored = async (entry: DemoEntry): Promise<string | Uint8Array> => {
    const pad = await openScratchpad(dbPath, { readonly: true, clock: () => NOW, maxReadLength: 64 * 1024 * 1024 });
    try {
      return (await pad.get(OPERATOR, entry.id)).content;
    } finally {
      await pad.close();
    }
  };

  beforeAll(async () => {
    demo = await writeDemoDatabase(dbPath, { now: NOW });
    // Main's save dialog, answered with a path in the temp folder.
    app = await launchApp({ dbPath, principal: OPERATOR, now: NOW, dialogs: { chooseSavePath: async (_s, name) => path.join(tmp.dir, `exported-${name}`) } });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('the turns list shows every turn with its owners, newest first', async () => {
    const { page } = app;
    await waitForTurnCount(page, demo.turns);
    const lastCreated = new Map<string, number>();
    for (const e of demo.entries) lastCreated.set(e.turnId, Math.max(lastCreated.get(e.turnId) ?? 0, e.createdAt));
    const newestFirst = [...lastCreated.entries()].sort((a, b) => b[1] - a[1]).map(([turnId]) => turnId);
    expect(await listedTurnIds(page)).toEqual(newestFirst);
    // The Owners column gives way to the badge in a narrow pane; the turn id's tooltip always names the owners.
    const owners = await page
      .getByRole('listbox', { name: 'Turns', exact: true })
      .getByRole('option')
      .evaluateAll((rows) => rows.map((r) => /\nowners: (.*)\n/.exec(r.children[0]?.getAttribute('title') ?? '')?.[1]));
    expect(owners).toEqual(newestFirst.map((t) => demo.entries.find((e) => e.turnId === t)?.owner));
    await app.screenshot('turns');
  });

  test('every entry row carries the expiry badge of its expiry time at the clock', async () => {
    const { page } = app;
    for (const turnId of new Set(demo.entries.map((e) => e.turnId))) {
      const entries = await selectTurn(page, turnId);
      const shown = await entries
        .getByRole('option')
        .evaluateAll((rows) => rows.map((r) => [r.querySelector('[data-state]')?.getAttribute('data-state'), r.querySelector('[data-state]')?.textContent]));
      const want = demo.entries
        .filter((e) => e.turnId === turnId)
        .sort((a, b) => (a.stepNum ?? Infinity) - (b.stepNum ?? Infinity) || a.createdAt - b.createdAt)
        .map((e) => [expiryState(e.expiresAt, NOW), expiryWords(e.expiresAt)]);
      expect(shown).toEqual(want);
    }
    // One column: the badge says the state and the time; its header sorts by expiry time (soonest first).
    const entries = await selectTurn(page, byLabel('expired-text').turnId);
    await entries.locator('.list-header').getByRole('button', { name: 'Expiry' }).click();
    expect(await entries.locator('[data-state]').allTextContents()).toEqual(
      demo.entries
        .filter((e) => e.turnId === byLabel('expired-text').turnId)
        .sort((a, b) => a.expiresAt - b.expiresAt)
        .map((e) => expiryWords(e.expiresAt)),
    );
    await entries
      .locator('.list-header')
      .getByRole('button', { name: /^Expiry/ })
      .click();
    await entries.locator('.list-header').getByRole('button', { name: 'Step' }).click();
    // At least one of each state exists in the demo, so the three badges were all checked.
    expect(new Set(demo.entries.map((e) => expiryState(e.expiresAt, NOW)))).toEqual(new Set(['live', 'expiring', 'expired']));
    // An entry with neither step nor executor says so in words (muted), not "— —".
    const note = entryRow(await selectTurn(page, byLabel('unstepped-note').turnId), null);
    expect(await note.evaluate((row) => [row.children[1]?.textContent, row.children[1]?.className])).toEqual(['no step or executor', 'ellipsis muted']);
    await app.screenshot('turn-unstepped-entry');
    // A turn whose rows all expired says so, not "expired 3d ago" (its first row's expiry) beside a row that
    // expired 2d ago; the tooltip says when the first one expired.
    const alice3 = demo.entries.filter((e) => e.turnId === byLabel('expired-text').turnId);
    expect(alice3.map((e) => expiryWords(e.expiresAt)).sort()).toEqual(['expired 2d ago', 'expired 3d ago']);
    const turnBadge = page
      .getByRole('listbox', { name: 'Turns', exact: true })
      .getByRole('option')
      .filter({ hasText: byLabel('expired-text').turnId })
      .locator('[data-state]');
    expect(await turnBadge.textContent()).toBe('all 2 expired');
    expect(await turnBadge.getAttribute('class')).toBe('badge badge-expired');
    expect(await turnBadge.getAttribute('title')).toMatch(/^Every entry of the turn has expired \(the first 3d ago, at /);
    await selectTurn(page, byLabel('expired-text').turnId);
    await app.screenshot('turn-expired-entries');
  });

  test('what the model saw: the stored synthetic handle and its saving', async () => {
    const { page } = app;
    const entry = byLabel('license-text');
    const entries = await selectTurn(page, entry.turnId);
    await selectEntry(page, entries, entry.stepNum);
    const handle = JSON.parse((await page.locator('pre.handle').textContent()) ?? 'null') as { scratchpad_id: string; size_bytes: number; summary: string };
    expect(handle.scratchpad_id).toBe(entry.id);
    expect(handle.size_bytes).toBe(entry.sizeBytes);
    await app.screenshot('entry-model-saw');
    /** Every copy button on screen: its label and the box and font that make its style. */
    const copyButtons = () =>
      page.locator('.entry-view button.copy-button').evaluateAll((buttons) =>
        buttons.map((b) => {
          const style = getComputedStyle(b);
          return { label: b.textContent, style: [style.fontSize, style.fontWeight, style.padding, style.textTransform, b.getBoundingClientRect().height] };
        }),
      );
    const headerStyle = (await copyButtons()).find((b) => b.label === 'id')!.style;
    expect((await copyButtons()).filter((b) => JSON.stringify(b.style) !== JSON.stringify(headerStyle))).toEqual([]);
    expect((await copyButtons()).map((b) => b.label)).toContain('Copy handle');
    await openTab(page, 'Details');
    await expect(page.locator('.facts.details').textContent()).resolves.toContain(`agent:${entry.owner}`);
    // The sha256 row's Copy is the header's small button and leaves the row as tall as a one-line row.
    expect((await copyButtons()).filter((b) => JSON.stringify(b.style) !== JSON.stringify(headerStyle))).toEqual([]);
    const rows = await page
      .locator('.facts.details .fact')
      .evaluateAll((facts) => Object.fromEntries(facts.map((f) => [f.querySelector('dt')!.textContent, f.getBoundingClientRect().height])));
    expect(rows['sha256']).toBe(rows['Entry id']);
    // Expires says the time left once; the summary is the monospace pre-wrapped box What the model saw uses.
    await expect(page.locator('.fact', { hasText: 'Expires' }).locator('dd').textContent()).resolves.toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(\d+h \d+m left\) live$/,
    );
    const summary = await page
      .locator('.fact', { hasText: 'Summary' })
      .locator('pre.handle-summary')
      .evaluate((el) => ({ font: getComputedStyle(el).fontFamily, wrap: getComputedStyle(el).whiteSpace, text: el.textContent }));
    expect(summary).toEqual({ font: expect.stringMatching(/mono/i), wrap: 'pre-wrap', text: handle.summary });
    await app.screenshot('entry-details');
    // A read the model got cut short (the large log's full read) is tagged "truncated" in the plain tag colours,
    // not the expiring amber (a truncated read says nothing of expiry).
    const log = byLabel('large-log');
    await selectEntry(page, await selectTurn(page, log.turnId), log.stepNum);
    const tag = page.locator('.tag', { hasText: /^truncated$/ });
    await tag.first().waitFor();
    expect(new Set(await tag.evaluateAll((tags) => tags.map((t) => t.className)))).toEqual(new Set(['tag tag-small']));
  });

  test('a unicode text entry reads exactly, slice by slice', async () => {
    const { page } = app;
    const entry = byLabel('unicode-text');
    const text = (await stored(entry)) as string;
    const codePoints = [...text];
    const entries = await selectTurn(page, entry.turnId);
    await selectEntry(page, entries, entry.stepNum);
    await openTab(page, 'Content');
    await waitForWindow(page, 0, codePoints.length, codePoints.length, 'code points');
    expect(await shownSlice(page)).toBe(text);
    await app.screenshot('entry-content');
  });

  test('an image row: full sha256, PNG signature in the hex dump and an inline preview of the real image', async () => {
    const { page } = app;
    const entry = byLabel('png-image');
    const bytes = Buffer.from((await stored(entry)) as Uint8Array);
    const entries = await selectTurn(page, entry.turnId);
    await selectEntry(page, entries, entry.stepNum);
    await openTab(page, 'Binary');
    await expect(page.locator('.binary-tab dd.sha code').textContent()).resolves.toBe(createHash('sha256').update(bytes).digest('hex'));
    await expect(page.locator('.binary-tab .facts dd').nth(1).textContent()).resolves.toBe('png');
    const first = page.locator('.hex-dump .virtual-row .hex-row').first();
    await first.waitFor();
    await expect(first.locator('.hex-bytes').textContent()).resolves.toBe(
      [...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ') +
        '  ' +
        [...bytes.subarray(8, 16)].map((b) => b.toString(16).padStart(2, '0')).join(' '),
    );
    await expect(first.locator('.hex-ascii').textContent()).resolves.toBe('.PNG........IHDR');
    // The preview decodes the row's own bytes (a blob: URL under the app's CSP): its size is the PNG's IHDR size.
    const img = page.locator('.image-preview img');
    await img.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
    const size = await img.evaluate((el) => ({
      w: (el as HTMLImageElement).naturalWidth,
      h: (el as HTMLImageElement).naturalHeight,
      src: (el as HTMLImageElement).src,
    }));
    expect({ w: size.w, h: size.h }).toEqual({ w: bytes.readUInt32BE(16), h: bytes.readUInt32BE(20) });
    expect(size.src.startsWith('blob:')).toBe(true);
    await app.screenshot('entry-binary-image');
  });

  test('export streams a binary row to the file main’s save dialog chose, with progress', async () => {
    const { page } = app;
    const entry = byLabel('gzip-archive');
    const bytes = Buffer.from((await stored(entry)) as Uint8Array);
    const entries = await selectTurn(page, entry.turnId);
    await selectEntry(page, entries, entry.stepNum);
    await openTab(page, 'Binary');
    await expect(page.locator('.binary-tab .facts dd').nth(1).textContent()).resolves.toBe('gzip');
    await page.getByRole('button', { name: 'Export to file…' }).click();
    const target = path.join(tmp.dir, `exported-${entry.id}.gzip`);
    await page.locator('.export', { hasText: `Wrote ` }).locator('code', { hasText: target }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Export progress' });
    await expect(progress.evaluate((el) => [(el as HTMLProgressElement).value, (el as HTMLProgressElement).max])).resolves.toEqual([
      bytes.length,
      bytes.length,
    ]);
    expect(createHash('sha256').update(readFileSync(target)).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    await app.screenshot('entry-binary-export');
  });

  test('the HTML observation is shown as its literal text: no element from it, no script run', async () => {
    const { page } = app;
    const entry = byLabel('html-injection');
    const text = (await stored(entry)) as string;
    const entries = await selectTurn(page, entry.turnId);
    await selectEntry(page, entries, entry.stepNum);
    await openTab(page, 'Content');
    const total = [...text].length;
    await waitForWindow(page, 0, Math.min(total, 65_536), total, 'code points');
    expect(await shownSlice(page)).toBe([...text].slice(0, 65_536).join(''));
    expect(await page.locator('.entry-view img, .entry-view script, .entry-view a[href^="javascript"], .entry-view h1').count()).toBe(0);
    expect(app.problems).toEqual([]);
  });

  test('stats before gc: rows, bytes and the expired rows awaiting gc', async () => {
    const { page } = app;
    await goTo(page, 'Stats');
    const expired = demo.entries.filter((e) => e.expiresAt <= NOW);
    const figures = await statFigures(page);
    expect(figures['Rows']).toBe(String(demo.rows));
    await expect(page.locator('.stat-figures .figure', { hasText: 'Stored' }).getAttribute('title')).resolves.toBe(
      `${demo.entries.reduce((s, e) => s + e.sizeBytes, 0).toLocaleString('en-US')} bytes`,
    );
    expect(figures['Expired (awaiting gc)']?.startsWith(`${expired.length} · `)).toBe(true);
    await page.locator('.chart-surface').first().waitFor();
    // The operator also gets the per-owner chart, one bar per owner.
    const perOwner = page.locator('.card', { has: page.getByText('Bytes per owner', { exact: true }) });
    await expect(perOwner.textContent()).resolves.toContain(`${demo.owners.length} owners`);
    // Byte axes tick at round values of their unit (0, 1, 2 MiB), not at 977 KiB / 1.91 MiB.
    expectRoundByteTicks(await valueAxisLabels(page, 'Bytes by kind', 'left'));
    expectRoundByteTicks(await valueAxisLabels(page, 'Bytes per owner', 'bottom'));
    // The expired share (well under 1 % of the bytes) is still a visible slice of at least 3 degrees, its
    // tooltip giving the exact size.
    const expiredBytes = expired.reduce((s, e) => s + e.sizeBytes, 0);
    const storedBytes = demo.entries.reduce((s, e) => s + e.sizeBytes, 0);
    expect((expiredBytes / storedBytes) * 360).toBeLessThan(3);
    expect(await sliceDegrees(page, 'expired')).toBeGreaterThanOrEqual(2.99);
    await expect(page.locator('.chart-card path title', { hasText: 'expired:' }).textContent()).resolves.toBe(`expired: ${formatBytes(expiredBytes)}`);
    await app.screenshot('stats');
  });

  test('the expiry simulator previews gc at a later time and changes nothing', async () => {
    const { page } = app;
    await goTo(page, 'gc');
    for (const [label, seconds] of [
      ['+1 hour', 3_600],
      ['+7 days', 7 * 86_400],
    ] as const) {
      const then = demo.entries.filter((e) => e.expiresAt <= NOW + seconds);
      await page.getByRole('button', { name: label, exact: true }).click();
      const summary = page.locator('.sim-result .gc-summary', { hasText: `Expired then: ${then.length} rows` });
      await summary.waitFor();
      expect(await summary.textContent()).toContain(`in ${new Set(then.map((e) => e.turnId)).size} turns.`);
    }
    // A date-and-time field, labelled in words (no raw field name), showing all of its value: "+1 hour" is seen.
    const at = page.getByLabel('Expires at or before (local date and time)');
    await page.getByRole('button', { name: '+1 hour', exact: true }).click();
    await page.locator('.sim-result', { hasText: `At ${formatTimeUtc(NOW + 3_600)} ` }).waitFor();
    // Chromium drops zero seconds from the value: "2026-11-30T13:00".
    expect(await at.inputValue()).toBe(new Date((NOW + 3_600) * 1000).toISOString().slice(0, 16));
    // The field's text box holds its value as Chromium writes it in the page's locale ("11/30/2026, 01:00:00
    // PM"): measured in the field's font, beside the picker icon (16 px and its margin).
    const fieldFits = () =>
      at.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const shown = new Date(el.value).toLocaleString(navigator.language, {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        });
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.whiteSpace = 'pre';
        probe.textContent = shown;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return { shown, fits: inner >= text, paddingLeft: style.paddingLeft };
      });
    expect(await fieldFits()).toEqual({ shown: '11/30/2026, 01:00:00 PM', fits: true, paddingLeft: '8px' });
    await atEachLook(page, async (w, scheme) => {
      expect(await fieldFits()).toMatchObject({ fits: true });
      await app.screenshot(`gc-expiry-simulator-${w}-${scheme}`);
    });
    expect(await page.locator('.gc-page').textContent()).not.toContain('expiresAt');
    await app.screenshot('gc-expiry-simulator');
    expect(await countRows(dbPath)).toBe(demo.rows);
  });

  test('gc: the preview lists what would go, the run deletes exactly that, and the views follow', async () => {
    const { page } = app;
    const expired = demo.entries.filter((e) => e.expiresAt <= NOW);
    const expiredBytes = expired.reduce((s, e) => s + e.sizeBytes, 0);
    const expiredTurns = new Set(expired.map((e) => e.turnId));
    await goTo(page, 'gc');
    await page.getByRole('button', { name: 'Preview gc now' }).click();
    const preview = page.locator('.gc-preview .gc-summary');
    await preview.waitFor();
    expect(await preview.textContent()).toBe(
      `gc would delete ${expired.length} rows, ${await formatBytesInPage(expiredBytes)} (${expiredBytes.toLocaleString('en-US')} bytes) in ${expiredTurns.size} turns.`,
    );
    expect(await page.locator('.gc-preview .gc-turn .mono').allTextContents()).toEqual(expect.arrayContaining([...expiredTurns]));
    await app.screenshot('gc-preview');
    // Nothing is deleted by a preview.
    expect(await countRows(dbPath)).toBe(demo.rows);

    await page.getByRole('button', { name: 'Delete expired rows…' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await app.screenshot('gc-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    const done = page.locator('.gc-done .gc-summary');
    await done.waitFor();
    expect(await done.textContent()).toContain(`gc deleted ${expired.length} rows`);
    await app.screenshot('gc-done');
    expect(await countRows(dbPath)).toBe(demo.rows - expired.length);

    // The turns whose every row expired are gone from the list; stats count no expired row.
    await goTo(page, 'Turns');
    const remaining = new Set(demo.entries.filter((e) => e.expiresAt > NOW).map((e) => e.turnId));
    await eventually(async () => (await listedTurnIds(page)).sort(), [...remaining].sort());
    await goTo(page, 'Stats');
    await eventually(async () => (await statFigures(page))['Rows'], String(demo.rows - expired.length));
    expect((await statFigures(page))['Expired (awaiting gc)']?.startsWith('0 · ')).toBe(true);
    await app.screenshot('stats-after-gc');
    expect(app.problems).toEqual([]);
  });

  /** The page's own byte formatting, so the summary line is compared whole. */
  async function formatBytesInPage(bytes: number): Promise<string> {
    const text = await app.page.locator('.gc-preview .gc-summary strong').nth(1).textContent();
    expect(text).toMatch(/^[\d.]+ (B|KiB|MiB|GiB)$/);
    const [value, unit] = (text ?? '').split(' ') as [string, string];
    const scale = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 }[unit as 'B'];
    expect(Math.abs(Number(value) * scale - bytes) / bytes).toBeLessThan(0.01);
    return text ?? '';
  }
});

/** Rows in a v2 file, counted by a second connection as the operator (expired rows included until gc). */
/** "YYYY-MM-DD HH:MM:SS" of Unix seconds in UTC (the harness's time zone), as the app prints times. */
function formatTimeUtc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

async function countRows(file: string): Promise<number> {
  const pad = await openScratchpad(file, { readonly: true, clock: () => NOW });
  try {
    return (await pad.stats(OPERATOR)).rows;
  } finally {
    await pad.close();
  }
}
