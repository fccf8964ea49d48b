import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openScratchpad } from '../../app/scratchpad';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { selectTurn } from './ui';

// The harness's setViewportSize and emulateMedia return only once the app has re-laid itself out: at the short
// window height the entries pane moves under the turns and is mounted anew, and a test measuring right after the
// resize once read an element that was detached a moment later (CI, compare-picked.test.ts: textOverflow '').
const NOW = 1_796_040_000;
const ALICE = { kind: 'user', userId: 'alice' } as const;
const TURN = 'c0c0c0c0c0c0c0c0';

describe('the harness waits for the app after a look change', () => {
  const tmp = tempDir();
  let app: AppSession;
  beforeAll(async () => {
    const dbPath = path.join(tmp.dir, 'look.db');
    const pad = await openScratchpad(dbPath, { clock: () => NOW - 600 });
    await pad.put(ALICE, { turnId: TURN, stepNum: 1, executorName: 'read_logs', observation: 'one line', ttlSeconds: 86_400 });
    await pad.close();
    app = await launchApp({ dbPath, principal: ALICE, now: NOW });
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test('the entries title read right after a resize or a scheme change is the one the page keeps', async () => {
    const { page } = app;
    await selectTurn(page, TURN);
    const kept: boolean[] = [];
    const titleNow = () => page.evaluateHandle(() => document.querySelector('.pane-entries .pane-title'));
    for (const step of [
      () => page.setViewportSize({ width: 1024, height: 640 }),
      () => page.emulateMedia({ colorScheme: 'dark' }),
      () => page.setViewportSize({ width: 1440, height: 900 }),
      () => page.setViewportSize({ width: 1024, height: 640 }),
      () => page.emulateMedia({ colorScheme: 'light' }),
      () => page.setViewportSize({ width: 1440, height: 900 }),
    ]) {
      await step();
      const read = await titleNow();
      // Long enough for a media-query change, React's render and two frames, even on a busy machine.
      await page.waitForTimeout(300);
      kept.push(await page.evaluate((el) => el !== null && el.isConnected && el === document.querySelector('.pane-entries .pane-title'), read));
    }
    expect(kept).toEqual([true, true, true, true, true, true]);
    // Stacked at the short height: the entries pane leaves the detail column for the turns column, and comes back.
    await page.setViewportSize({ width: 1024, height: 640 });
    expect(await page.evaluate(() => document.querySelector('.pane-detail')!.contains(document.querySelector('.pane-entries')))).toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await page.evaluate(() => document.querySelector('.pane-detail')!.contains(document.querySelector('.pane-entries')))).toBe(true);
    expect(app.problems).toEqual([]);
  });
});
