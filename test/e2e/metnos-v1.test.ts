import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyFixture, FIXTURE_DB, fixtureExpected, tempDir, type ExpectedRow } from './data';
import { launchApp, type AppSession } from './harness';
import { contrastOf } from './support/contrast';
import { expectRoundByteTicks, valueAxisLabels } from './support/stats-charts';
import { goTo, listedTurnIds, openTab, readAndShow, selectEntry, selectTurn, statFigures, waitForWindow } from './ui';

// The original runtime's sample file, from a temp copy, viewed by the operator (its rows have no owner).
// The clock sits one hour after the rows were written: one row (expired_text) has expired, the rest live.
const expected = fixtureExpected();
const rows = Object.values(expected);
const NOW = 1_767_225_600 + 3_600;
/** How long ago a row expired, as its badge says it (app/common/format.ts formatAgo). */
const ago = (s: number) =>
  s < 60 ? 'just now' : s < 3600 ? `${Math.floor(s / 60)}m ago` : s < 86400 ? `${Math.floor(s / 3600)}h ago` : `${Math.floor(s / 86400)}d ago`;
/** The stored bytes of one row, read straight from the file with SQLite (not through the store), as UTF-8. */
function rawContent(file: string, id: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT content FROM entries WHERE id = ?').get(id) as { content: Buffer };
    return row.content.toString('utf8');
  } finally {
    db.close();
  }
}
const sha256File = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the original runtime file (metnos-v1) in the app', () => {
  const tmp = tempDir();
  const fixtureHash = sha256File(FIXTURE_DB);
  let app: AppSession;
  let copyHash: string;

  beforeAll(async () => {
    const db = copyFixture(tmp.dir);
    copyHash = sha256File(db);
    app = await launchApp({ dbPath: db, principal: { kind: 'operator' }, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('the session bar names the file and its format, and lists its two turns', async () => {
    const { page } = app;
    await page.locator('.session-name', { hasText: 'metnos-v1-sample.db' }).waitFor();
    await expect(page.getByRole('banner', { name: 'Session' }).locator('.tag', { hasText: 'metnos-v1' }).count()).resolves.toBe(1);
    const turnIds = [...new Set(rows.map((r) => r.turn_id))].sort();
    expect((await listedTurnIds(page)).sort()).toEqual(turnIds);
    await app.screenshot('metnos-v1-turns');
  });

  test('a turn lists its entries by step with executor, kind and sizes', async () => {
    const { page } = app;
    const turn = expected.text_log!.turn_id;
    const entries = await selectTurn(page, turn);
    const inTurn = rows.filter((r) => r.turn_id === turn).sort((a, b) => (a.step_num ?? 0) - (b.step_num ?? 0));
    const cells = await entries.getByRole('option').evaluateAll((options) => options.map((o) => Array.from(o.children, (c) => c.textContent ?? '')));
    expect(cells.map((c) => [c[0], c[1], c[2]])).toEqual(inTurn.map((r) => [String(r.step_num), r.executor_name, r.kind]));
    // A listing does not count code points (the original runtime's rows carry no count): "—", saying so, not
    // "unknown"; the binary row has none. The expiry 50 years ahead reads as its date (UTC here), not "18249d 23h".
    const codePoints = await entries
      .getByRole('option')
      .evaluateAll((options) => options.map((o) => [o.children[4]?.textContent, o.children[4]?.getAttribute('title')]));
    expect(codePoints).toEqual(
      inTurn.map((r) => ['—', r.kind === 'text' ? 'Not counted until the entry is opened (its Details then show the count)' : 'Binary: read in bytes']),
    );
    expect(inTurn.every((r) => r.expires_at === 3_344_025_600)).toBe(true);
    expect(await entries.locator('[data-state]').allTextContents()).toEqual(inTurn.map(() => 'expires 2075-12-20'));
    // Created on the clock's own day (2026-01-01 00:00 UTC, the clock at 01:00): the time alone; its date is in the title.
    expect(cells.map((c) => c[5])).toEqual(inTurn.map(() => '00:00:00'));
    await app.screenshot('metnos-v1-entries');
  });

  test.each([
    ['text_log', expected.text_log!],
    ['text_accents', expected.text_accents!],
  ])('%s: head, tail and range show exactly the expected code points', async (_name, row: ExpectedRow) => {
    const { page } = app;
    const entries = await selectTurn(page, row.turn_id);
    await selectEntry(page, entries, row.step_num);
    await openTab(page, 'Content');
    const total = row.length_code_points!;
    // The first read is the default head window; then the three reads the fixture records.
    await waitForWindow(page, 0, Math.min(total, 65_536), total, 'code points');
    expect(await readAndShow(page, { mode: 'head', n: 12 }, total)).toBe(row.head_12);
    expect(await readAndShow(page, { mode: 'tail', n: 12 }, total)).toBe(row.tail_12);
    expect(await readAndShow(page, { mode: 'range', start: 3, end: 15 }, total)).toBe(row.range_3_15);
    await app.screenshot(`metnos-v1-content-${_name}`);
  });

  test('a structured entry gets a JSON tree and its text reads exactly', async () => {
    const { page } = app;
    const row = expected.structured_files!;
    const entries = await selectTurn(page, row.turn_id);
    await selectEntry(page, entries, row.step_num);
    await openTab(page, 'Content');
    const tree = page.getByLabel('JSON tree');
    await tree.waitFor();
    // The tree shows the top-level keys (root hidden), the list with its length, and nested values.
    const stored = JSON.parse(rawContent(app.session.store.path, row.id)) as { ok: boolean; files: unknown[] };
    await tree.getByText(`${stored.files.length} items`).waitFor();
    const text = await tree.textContent();
    expect(text).toContain('ok:');
    expect(text).toContain('files:');
    await app.screenshot('metnos-v1-structured');
    const total = row.length_code_points!;
    await page.getByRole('group', { name: 'JSON view' }).getByRole('button', { name: 'Raw' }).click();
    expect(await readAndShow(page, { mode: 'head', n: 12 }, total)).toBe(row.head_12);
    expect(await readAndShow(page, { mode: 'tail', n: 12 }, total)).toBe(row.tail_12);
  });

  test('a binary entry shows its full sha256, type and a hex dump of its bytes', async () => {
    const { page } = app;
    const row = expected.binary_blob!;
    const entries = await selectTurn(page, row.turn_id);
    await selectEntry(page, entries, row.step_num);
    await openTab(page, 'Binary');
    await expect(page.locator('.binary-tab dd.sha code').textContent()).resolves.toBe(row.sha256);
    const head = Buffer.from(row.head_6_base64!, 'base64');
    const firstRow = page.locator('.hex-dump .virtual-row .hex-row').first();
    await firstRow.waitFor();
    const [offset, hex] = await Promise.all([firstRow.locator('.hex-offset').textContent(), firstRow.locator('.hex-bytes').textContent()]);
    expect(offset).toBe('00000000');
    expect(hex?.split(/\s+/).slice(0, 6)).toEqual([...head].map((b) => b.toString(16).padStart(2, '0')));
    await app.screenshot('metnos-v1-binary');
    // The last 6 bytes, read as a tail: the dump's last row ends with them.
    const tail = Buffer.from(row.tail_6_base64!, 'base64');
    const form = page.getByRole('form', { name: 'Read a slice' });
    await form.getByLabel('Slice mode').selectOption('tail');
    await form.locator('input[name="n"]').fill('6');
    await form.getByRole('button', { name: 'Read' }).click();
    await waitForWindow(page, row.size_bytes - 6, row.size_bytes, row.size_bytes, 'bytes');
    const lastRow = page.locator('.hex-dump .virtual-row .hex-row').first();
    await expect(lastRow.locator('.hex-offset').textContent()).resolves.toBe((row.size_bytes - 6).toString(16).padStart(8, '0'));
    await expect(
      lastRow
        .locator('.hex-bytes')
        .textContent()
        .then((t) => t?.trim().split(/\s+/)),
    ).resolves.toEqual([...tail].map((b) => b.toString(16).padStart(2, '0')));
  });

  test('the expired row carries the expired badge; the live ones do not', async () => {
    const { page } = app;
    const row = expected.expired_text!;
    const entries = await selectTurn(page, row.turn_id);
    const states = await entries
      .getByRole('option')
      .evaluateAll((options) =>
        options.map((o) => [
          o.children[0]?.textContent,
          o.querySelector('[data-state]')?.getAttribute('data-state'),
          o.querySelector('[data-state]')?.textContent,
        ]),
      );
    const want = rows
      .filter((r) => r.turn_id === row.turn_id)
      .sort((a, b) => (a.step_num ?? 0) - (b.step_num ?? 0))
      .map((r) =>
        r.expires_at <= NOW ? [String(r.step_num), 'expired', `expired ${ago(NOW - r.expires_at)}`] : [String(r.step_num), 'live', 'expires 2075-12-20'],
      );
    expect(states).toEqual(want);
    // The turn's own badge counts its expired rows.
    const inTurn = rows.filter((r) => r.turn_id === row.turn_id);
    const turnBadge = page.getByRole('listbox', { name: 'Turns', exact: true }).getByRole('option').filter({ hasText: row.turn_id }).locator('[data-state]');
    await expect(turnBadge.textContent()).resolves.toBe(`${inTurn.filter((r) => r.expires_at <= NOW).length}/${inTurn.length} expired`);
    // Some rows expired, not all: the red outline, not the filled red of a turn whose rows all expired; readable in both themes.
    expect(await turnBadge.getAttribute('class')).toBe('badge badge-partial');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await contrastOf(turnBadge), scheme).toBeGreaterThanOrEqual(4.5);
      await app.screenshot(`metnos-v1-partial-badge-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await app.screenshot('metnos-v1-expired-badge');
  });

  test('stats count every row, its bytes and the expired ones', async () => {
    const { page } = app;
    await goTo(page, 'Stats');
    const figures = await statFigures(page);
    const expired = rows.filter((r) => r.expires_at <= NOW);
    expect(figures['Rows']).toBe(String(rows.length));
    await expect(page.locator('.stat-figures .figure', { hasText: 'Stored' }).getAttribute('title')).resolves.toBe(
      `${rows.reduce((s, r) => s + r.size_bytes, 0).toLocaleString('en-US')} bytes`,
    );
    expect(figures['Expired (awaiting gc)']?.startsWith(`${expired.length} · `)).toBe(true);
    // The notes under the charts say "1 row", "1 owner", not "1 rows" (the sample has one binary row, one
    // owner and one expired row).
    const note = (title: string) =>
      page
        .locator('.chart-card', { has: page.getByRole('heading', { name: title, exact: true }) })
        .locator('.chart-note')
        .textContent();
    const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const binary = rows.filter((r) => r.kind === 'binary').length;
    expect([binary, expired.length]).toEqual([1, 1]);
    await expect(note('Bytes by kind')).resolves.toBe(`text ${count(rows.length - binary, 'row')} · binary 1 row`);
    await expect(note('Live vs expired (bytes)')).resolves.toBe(`${count(rows.length - 1, 'live row')} · 1 expired row`);
    await expect(note('Bytes per owner')).resolves.toBe('1 owner');
    // The byte axes tick at round values of the unit they show (0, 20, 40 KiB), not 19.5 / 39.1 KiB.
    expectRoundByteTicks(await valueAxisLabels(page, 'Bytes by kind', 'left'));
    expectRoundByteTicks(await valueAxisLabels(page, 'Bytes per owner', 'bottom'));
    await app.screenshot('metnos-v1-stats');
    await goTo(page, 'Turns');
  });

  test('nothing the app did changed the file, and the page raised no error', async () => {
    expect(sha256File(FIXTURE_DB)).toBe(fixtureHash);
    expect(sha256File(app.session.store.path)).toBe(copyHash);
    expect(copyHash).toBe(fixtureHash);
    expect(app.problems).toEqual([]);
  });
});
