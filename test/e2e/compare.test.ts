import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { selectEntry, selectTurn } from './ui';

// Two turns of alice with the same executors: a log and a JSON test report each, the second run changed.
const NOW = 1_796_040_000;
const ALICE = { kind: 'user', userId: 'alice' } as const;
const TURN_1 = 'a1a1a1a1a1a1a1a1';
const TURN_2 = 'a2a2a2a2a2a2a2a2';
const LOG_1 = Array.from({ length: 40 }, (_, i) => `12:00:${String(i).padStart(2, '0')} INFO worker step ${i} ok\n`).join('');
const LOG_2 = LOG_1.replace('step 10 ok', 'step 10 failed: timeout')
  .replace('step 20 ok', 'step 20 retried ok')
  .replace('step 30 ok\n', 'step 30 ok\n12:00:30 WARN worker slow step\n');
const report = (fail: readonly number[]) => ({
  ok: true,
  results: Array.from({ length: 30 }, (_, i) => ({ id: `t${i}`, status: fail.includes(i) ? 'fail' : 'pass' })),
});

async function writeDb(file: string): Promise<void> {
  let clock = NOW - 3600;
  const pad = await openScratchpad(file, { clock: () => clock });
  const put = (turnId: string, stepNum: number, executorName: string, observation: unknown) =>
    pad.put(ALICE, { turnId, stepNum, executorName, observation, ttlSeconds: 86_400 });
  await put(TURN_1, 1, 'read_logs', LOG_1);
  await put(TURN_1, 2, 'run_tests', report([]));
  clock = NOW - 600;
  await put(TURN_2, 1, 'read_logs', LOG_2);
  await put(TURN_2, 2, 'run_tests', report([3, 17]));
  await pad.close();
}

const CONFIGS = [
  { width: 1440, height: 900, colorScheme: 'light' },
  { width: 1440, height: 900, colorScheme: 'dark' },
  { width: 1024, height: 640, colorScheme: 'light' },
  { width: 1024, height: 640, colorScheme: 'dark' },
] as const;

describe.each(CONFIGS)('compare view at $width x $height, $colorScheme', ({ width, height, colorScheme }) => {
  const tmp = tempDir();
  const dbPath = path.join(tmp.dir, 'compare.db');
  let app: AppSession;
  const name = (what: string) => `compare-${what}-${width}x${height}-${colorScheme}`;

  beforeAll(async () => {
    // Written whole before the app opens the file (not raced against the launch).
    await writeDb(dbPath);
    app = await launchApp({ dbPath, principal: ALICE, now: NOW, viewport: { width, height }, colorScheme });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('compares a log with the same executor in another turn: summary, unified, side by side, next change', async () => {
    const { page } = app;
    const entries = await selectTurn(page, TURN_2);
    await selectEntry(page, entries, 1);
    await page.getByRole('button', { name: 'Compare with…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare with…' });
    await dialog.getByRole('region', { name: 'Same executor (read_logs) in another turn' }).getByRole('button').click();
    const summary = page.locator('.cmp-summary');
    await summary.waitFor();
    // LOG_2 (left, this entry) against LOG_1 (right): 2 lines changed, and 1 line only on the left.
    expect(await summary.textContent()).toBe('2 lines changed, 1 deleted');
    await page.getByRole('button', { name: 'Swap sides' }).click();
    await page.locator('.cmp-summary', { hasText: '2 lines changed, 1 inserted' }).waitFor();
    const unified = page.getByRole('table', { name: 'Unified diff' });
    expect(await unified.locator('.cmp-removed').allTextContents()).toEqual(['11−12:00:10 INFO worker step 10 ok', '21−12:00:20 INFO worker step 20 ok']);
    expect(await unified.locator('.cmp-word-added').allTextContents()).toEqual(['failed: timeout', 'retried ']);
    expect(await page.getByText(/change \d of \d/).textContent()).toBe('change 1 of 3');
    await app.screenshot(name('unified'));

    await page.getByRole('radio', { name: /Side by side/ }).click();
    const side = page.getByRole('table', { name: 'Side-by-side diff' });
    await side.waitFor();
    await page.getByRole('button', { name: /Next change/ }).click();
    expect(await page.getByText(/change \d of \d/).textContent()).toBe('change 2 of 3');
    expect(await side.locator('[data-current="true"]').allTextContents()).toEqual([
      '2112:00:20 INFO worker step 20 ok2112:00:20 INFO worker step 20 retried ok',
    ]);
    await page.keyboard.press('n');
    expect(await side.locator('[data-current="true"] .cmp-word-added').allTextContents()).toEqual([]);
    expect(await page.getByText(/change \d of \d/).textContent()).toBe('change 3 of 3');
    await app.screenshot(name('side-by-side'));
    expect(app.problems).toEqual([]);
  });

  test('compares two JSON reports by path', async () => {
    const { page } = app;
    await page.keyboard.press('Escape'); // back to the picker
    await page.keyboard.press('Escape'); // closed
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const entries = await selectTurn(page, TURN_2);
    await selectEntry(page, entries, 2);
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByRole('region', { name: 'Same executor (run_tests) in another turn' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Swap sides' }).click();
    await page.locator('.cmp-summary', { hasText: /^2 values changed at these paths$/ }).waitFor();
    const list = page.getByRole('region', { name: 'Changed values by path' });
    expect(await list.locator('li').allTextContents()).toEqual(['~ results[id="t3"].status: "pass" → "fail"', '~ results[id="t17"].status: "pass" → "fail"']);
    await app.screenshot(name('json'));
    expect(app.problems).toEqual([]);
  });
});
