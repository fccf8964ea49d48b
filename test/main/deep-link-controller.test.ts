import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDeepLink } from '../../app/contract';
import { invoke, startController, type ControllerHarness, type FakeWindow as Window } from '../support/app-controller';
import { ALICE, BOB, seedStore, type Seeded } from './helpers';

vi.mock('electron', () => import('./fake-electron'));

const electron = await import('./fake-electron');

describe('deep links while the app runs', () => {
  let seeded: Seeded;
  let harness: ControllerHarness;
  let controller: ControllerHarness['controller'];
  const errors: string[] = [];
  const confirmations: string[] = [];
  const saved = { showErrorBox: electron.dialog.showErrorBox, showMessageBox: electron.dialog.showMessageBox };

  beforeEach(async () => {
    errors.length = 0;
    confirmations.length = 0;
    electron.dialog.showErrorBox = ((title: string, message: string) => void errors.push(`${title}: ${message}`)) as never;
    // Every "open a file you have not opened before?" is answered Open, and recorded.
    electron.dialog.showMessageBox = (async (...args: unknown[]) => {
      const options = args[args.length - 1] as { message: string };
      confirmations.push(options.message);
      return { response: 1 };
    }) as never;
    seeded = await seedStore();
    harness = await startController();
    controller = harness.controller;
  });

  afterEach(async () => {
    await harness.close();
    Object.assign(electron.dialog, saved);
  });

  const linkEvents = (window: Window) => window.webContents.sent.filter((s) => s.channel === 'link:open');

  it('sends link:open with the id and offset to the window already showing the file, opening no other', async () => {
    const window = (await controller.openWindow(seeded.path, ALICE)) as unknown as Window;
    const linked = await controller.openLink(formatDeepLink({ db: seeded.path, id: seeded.ids.aliceText, offset: 120 }), BOB);
    expect(linked).toBe(window);
    expect(electron.BrowserWindow.created).toHaveLength(1);
    expect(linkEvents(window)).toEqual([{ channel: 'link:open', payload: { id: seeded.ids.aliceText, offset: 120 } }]);
    expect(confirmations).toEqual([]);
    // The link changed nothing of who views: still alice, and the pending slot stays empty.
    const info = await invoke(window, 'session:info', {});
    expect(info.ok && info.value.principal).toEqual(ALICE);
    expect(await invoke(window, 'link:pending', {})).toEqual({ ok: true, value: null });
  });

  it('sends a foreign id as it is: the page asks the store as its principal and gets NOT_FOUND', async () => {
    const window = (await controller.openWindow(seeded.path, ALICE)) as unknown as Window;
    await controller.openLink(formatDeepLink({ db: seeded.path, id: seeded.ids.bobText }), ALICE);
    expect(linkEvents(window)).toEqual([{ channel: 'link:open', payload: { id: seeded.ids.bobText } }]);
    const described = await invoke(window, 'entry:describe', { id: seeded.ids.bobText });
    expect(described.ok ? 'ok' : described.error.code).toBe('NOT_FOUND');
  });

  it('a link without an entry only brings the window forward', async () => {
    const window = (await controller.openWindow(seeded.path, ALICE)) as unknown as Window;
    const focused = vi.spyOn(window, 'focus');
    expect(await controller.openLink(formatDeepLink({ db: seeded.path }), ALICE)).toBe(window);
    expect(focused).toHaveBeenCalledTimes(1);
    expect(linkEvents(window)).toEqual([]);
  });

  it('a file no window shows opens in a new window that takes the entry once through link:pending', async () => {
    const other = await seedStore();
    const first = (await controller.openWindow(seeded.path, ALICE)) as unknown as Window;
    const opened = (await controller.openLink(formatDeepLink({ db: other.path, id: other.ids.alicePng, offset: 16 }), BOB)) as unknown as Window;
    expect(electron.BrowserWindow.created).toEqual([first, opened]);
    expect(confirmations).toEqual(['A link asks to open a scratchpad file you have not opened before']);
    expect(linkEvents(first)).toEqual([]);
    expect(linkEvents(opened)).toEqual([]);
    expect(await invoke(opened, 'link:pending', {})).toEqual({ ok: true, value: { id: other.ids.alicePng, offset: 16 } });
    expect(await invoke(opened, 'link:pending', {})).toEqual({ ok: true, value: null });
    expect(await invoke(first, 'link:pending', {})).toEqual({ ok: true, value: null });
  });

  it('a malformed link shows why in an error box and sends nothing', async () => {
    const window = (await controller.openWindow(seeded.path, ALICE)) as unknown as Window;
    expect(await controller.openLink(`scratchpad-inspector://open?db=${encodeURIComponent(seeded.path)}&id=x&owner=bob`, ALICE)).toBeNull();
    expect(errors).toEqual(['Could not open the link: unknown parameter "owner" (a link carries db, id and offset only; it never sets who views)']);
    expect(linkEvents(window)).toEqual([]);
  });
});
