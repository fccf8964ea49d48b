import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeDemoDatabase, type DemoResult } from '../../app/demo';
import { tempDir } from './data';
import { launchApp, type AppSession } from './harness';
import { eventually, waitForWindow } from './ui';

// A deep link arriving while the window runs: main pushes link:open (main's part is tested in
// test/main/deep-link-controller.test.ts); the page selects the turn and entry and opens it at the offset, or
// says "not found" for an id its principal may not see.
const NOW = 1_796_040_000;

describe('deep links in the running app', () => {
  const tmp = tempDir();
  let demo: DemoResult;
  let app: AppSession;

  beforeAll(async () => {
    demo = await writeDemoDatabase(path.join(tmp.dir, 'links.db'), { now: NOW });
    app = await launchApp({ dbPath: demo.path, principal: { kind: 'user', userId: 'bob' }, now: NOW });
    await app.page.getByRole('listbox', { name: 'Turns', exact: true }).waitFor();
    // The page asks for its pending link right after subscribing to link:open: from then on no event is lost.
    await eventually(async () => app.invoked.some((call) => call.channel === 'link:pending'), true);
  });
  afterAll(async () => {
    await app?.close();
    tmp.remove();
  });

  test("link:open selects the entry's turn and entry and opens Content at the offset", async () => {
    const log = demo.entries.find((e) => e.label === 'large-log')!;
    expect(log.owner).toBe('bob');
    app.session.emit('link:open', { id: log.id, offset: 1_500_000 });
    await app.page.getByRole('listbox', { name: `Entries of turn ${log.turnId}` }).waitFor();
    await app.page.getByRole('tab', { name: 'Content', selected: true }).waitFor();
    // The window opens a quarter of its 64 Ki width before the offset.
    const total = (await app.session.store.describe(app.session.principal, log.id)).meta.lengthCodePoints!;
    await waitForWindow(app.page, 1_500_000 - 16_384, 1_500_000 - 16_384 + 65_536, total, 'code points');
    // The form says what is shown: a range with its offsets (not "head (first n)"), the end exclusive in the title.
    const form = app.page.getByRole('form', { name: 'Read a slice' });
    await expect(form.getByLabel('Slice mode').inputValue()).resolves.toBe('range');
    await expect(form.locator('input[name="start"]').inputValue()).resolves.toBe(String(1_500_000 - 16_384));
    await expect(app.page.locator('.slice-window').getAttribute('title')).resolves.toContain('up to, not including,');
    await app.screenshot('deep-link-opened-1440-light');
    expect(app.problems).toEqual([]);
  });

  test("a link to another owner's entry says not found in the app and keeps the open entry", async () => {
    const foreign = demo.entries.find((e) => e.owner !== 'bob')!;
    app.session.emit('link:open', { id: foreign.id });
    const notice = app.page.getByRole('alert').filter({ hasText: 'Link: entry not found.' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(foreign.id);
    await app.page.getByRole('tab', { name: 'Content', selected: true }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme: scheme });
      for (const [w, h] of [
        [1440, 900],
        [1024, 640],
      ] as const) {
        await app.page.setViewportSize({ width: w, height: h });
        await app.screenshot(`deep-link-not-found-${w}-${scheme}`);
      }
    }
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  });
});
