// The main process's app controller over the fake `electron` module, for the tests that drive it through its
// IPC handlers. The test file itself must call `vi.mock('electron', () => import('../main/fake-electron'))`
// (vitest hoists it there only); this module then loads the controller under that mock.
import type { ChannelName, ChannelResponse, Envelope } from '../../app/contract';
import type { ControllerOptions } from '../../main/electron/app-controller';
import type { StoreClient } from '../../main/store/client';
import { openInProcessClient } from '../../main/store/in-process';
import * as electron from '../main/fake-electron';
import { memoryRecentFiles } from '../main/helpers';

/** The page the controller's windows load, as a file path and as the URL its frames report. */
export const PAGE = '/app/dist/renderer/index.html';
export const PAGE_URL = 'file:///app/dist/renderer/index.html';

/** A window the fake `electron` module made. */
export type FakeWindow = InstanceType<typeof electron.BrowserWindow>;
type FakeContents = InstanceType<typeof electron.FakeWebContents>;

/**
 * Calls the registered ipcMain handler of `channel` the way Electron would for a message from `frame` (default:
 * the main frame) of a window or its web contents. Throws when no handler is registered for `channel`.
 */
export function invoke<C extends ChannelName>(target: FakeWindow | FakeContents, channel: C, request: unknown, frame?: unknown) {
  const contents = target instanceof electron.BrowserWindow ? target.webContents : target;
  const handler = electron.ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ sender: contents, senderFrame: frame === undefined ? contents.mainFrame : frame }, request) as Promise<Envelope<ChannelResponse<C>>>;
}

/** A running controller, the in-process stores it opened, and `close()` (closes every window and store). */
export interface ControllerHarness {
  readonly controller: ReturnType<(typeof import('../../main/electron/app-controller'))['createAppController']>;
  readonly stores: StoreClient[];
  close(): Promise<void>;
}

/**
 * Starts the app controller as main does, over in-process store clients (each one kept in `stores`), a recent
 * list holding `recent`, and `overrides` of any other option. Forgets the windows of earlier tests first.
 */
export async function startController(recent: string[] = [], overrides: Partial<ControllerOptions> = {}): Promise<ControllerHarness> {
  const { createAppController } = await import('../../main/electron/app-controller');
  electron.BrowserWindow.created.length = 0;
  const stores: StoreClient[] = [];
  const controller = createAppController({
    files: { preloadPath: '/app/dist/main/preload.cjs', indexFile: PAGE },
    pageUrl: PAGE_URL,
    openStore: async (path) => {
      const store = await openInProcessClient(path);
      stores.push(store);
      return store;
    },
    recentFiles: memoryRecentFiles(recent),
    downloadsDir: () => '/tmp',
    log: () => {},
    ...overrides,
  });
  return {
    controller,
    stores,
    async close() {
      for (const window of electron.BrowserWindow.created) window.emit('closed');
      controller.dispose();
      await Promise.all(stores.splice(0).map((s) => s.close()));
    },
  };
}
