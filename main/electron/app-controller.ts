import { BrowserWindow, dialog } from 'electron';
import { resolve } from 'node:path';
import type { LinkTarget, Principal } from '../../app/contract';
import { createConnectionPrompts } from '../ipc/connection';
import { createHandlers } from '../ipc/handlers';
import { toErrorShape } from '../ipc/errors';
import { switchFile, switchPrincipal, type RecentFiles, type WindowSession } from '../ipc/session';
import type { StoreClient } from '../store/client';
import { watchExternalWrites } from '../startup/live-refresh';
import { planDeepLink } from '../startup/deep-link';
import { confirmLinkedFile, confirmPrincipal, electronDialogs } from './dialogs';
import { pushTo, registerIpc } from './ipc-main';
import { installMenu } from './menu';
import { createAppWindow, type WindowFiles } from './window';

/** What the controller needs: the files of the window, how to open a store, the recent list. */
export interface ControllerOptions {
  readonly files: WindowFiles;
  readonly pageUrl: string;
  readonly openStore: (path: string, demo: boolean) => Promise<StoreClient>;
  readonly recentFiles: RecentFiles;
  readonly downloadsDir: () => string;
  readonly log: (line: string) => void;
}

/**
 * Windows and their sessions: `webContents.id -> session`, filled when a window opens and cleared when it closes;
 * the IPC registration, the dialogs and the menu all resolve the window's session through it.
 */
export function createAppController(options: ControllerOptions) {
  const sessions = new Map<number, WindowSession>();
  const windows = new WeakMap<WindowSession, BrowserWindow>();
  const dialogs = electronDialogs((s) => windows.get(s), options.downloadsDir);
  const connectionPrompts = createConnectionPrompts();
  const services = {
    dialogs,
    recentFiles: options.recentFiles,
    openStore: (path: string) => options.openStore(path, false),
    log: options.log,
    connectionPrompts,
  };
  const unregister = registerIpc(createHandlers(services), { sessionFor: (id) => sessions.get(id), pageUrl: options.pageUrl });

  const focusedSession = (): WindowSession | undefined => {
    const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
    return window ? sessions.get(window.webContents.id) : undefined;
  };
  const showError = (title: string, err: unknown) => dialog.showErrorBox(title, toErrorShape(err).message);

  const refreshMenu = async () => {
    const session = focusedSession();
    const owners = session ? await session.store.owners({ kind: 'operator' }).catch(() => []) : [];
    installMenu({
      recentFiles: options.recentFiles.list(),
      principal: session?.principal ?? null,
      owners,
      isMac: process.platform === 'darwin',
      onNewWindow: () => {
        const s = focusedSession();
        if (s) void openWindow(s.store.path, s.principal);
      },
      onOpen: () => {
        const s = focusedSession();
        if (!s) return;
        void dialogs
          .chooseOpenPath(s)
          .then((path) => (path ? switchFile(s, services, path) : undefined))
          .catch((err) => showError('Could not open the file', err));
      },
      onOpenConnection: () => {
        const s = focusedSession();
        if (!s) return;
        // The page shows the dialog; main accepts the URL it sends back only because it asked (connection.ts).
        connectionPrompts.ask(s);
        s.emit('connection:prompt', {});
      },
      onOpenRecent: (path) => {
        const s = focusedSession();
        if (s) void switchFile(s, services, path).catch((err) => showError('Could not open the file', err));
        else void openWindow(path, { kind: 'operator' });
      },
      onViewAs: (principal) => {
        const s = focusedSession();
        if (!s) return;
        void confirmPrincipal(windows.get(s), principal).then((yes) => (yes ? switchPrincipal(s, principal) : undefined));
      },
    });
  };

  /**
   * Opens a window on `path` as `principal`; a file that fails to open shows a native error box instead.
   * `link` is the entry a deep link asked for: kept on the session until the page takes it (`link:pending`).
   */
  async function openWindow(path: string, principal: Principal, demo = false, link: LinkTarget | null = null): Promise<BrowserWindow | null> {
    let store: StoreClient;
    try {
      store = await options.openStore(path, demo);
    } catch (err) {
      showError('Could not open the scratchpad file', err);
      return null;
    }
    options.recentFiles.add(store.path);
    let push: WindowSession['emit'] = () => {};
    const session: WindowSession = {
      store,
      principal,
      pendingLink: link,
      emit: (event, payload) => {
        push(event, payload);
        // Not on external writes: an agent writing every second would rebuild an open menu under the cursor.
        if (event === 'store:changed' && (payload as { reason: string }).reason !== 'external-write') void refreshMenu();
      },
    };
    const window = createAppWindow(options.files, (created) => {
      // Registered before the page loads, so the page's first request already finds its session.
      push = pushTo(created.webContents);
      sessions.set(created.webContents.id, session);
      windows.set(session, created);
    });
    const id = window.webContents.id;
    const stopWatching = watchExternalWrites(session);
    window.on('focus', () => void refreshMenu());
    window.on('closed', () => {
      stopWatching();
      sessions.delete(id);
      void session.store.close();
      void refreshMenu();
    });
    void refreshMenu();
    return window;
  }

  /** The open window showing `db` (the focused one first), if any. */
  function windowShowing(db: string): [WindowSession, BrowserWindow] | null {
    const wanted = new Set([db, resolve(db)]);
    const focused = focusedSession();
    const candidates = [...(focused ? [focused] : []), ...sessions.values()];
    for (const session of candidates) {
      const window = windows.get(session);
      if (window && wanted.has(session.store.path)) return [session, window];
    }
    return null;
  }

  /**
   * Opens what a deep link names (see planDeepLink): a bad link shows why in an error box. A file an open window
   * already shows: that window comes to the front and, for a link with an entry id, is sent `link:open` (its page
   * selects the entry, or says it is not found). Any other file: confirmed first when unknown, then opened in a new
   * window that views as the focused window's principal, or `fallback` (main's launch principal), never as
   * anything the link says; the entry waits for its page as the session's pending link.
   * Resolves to the window, or null when nothing opened.
   */
  async function openLink(text: string, fallback: Principal): Promise<BrowserWindow | null> {
    const plan = planDeepLink(text, (path) => options.recentFiles.list().includes(path));
    if (plan.kind === 'invalid') {
      dialog.showErrorBox('Could not open the link', plan.message);
      return null;
    }
    const { db, id, offset } = plan.link;
    const target: LinkTarget | null = id === undefined ? null : { id, ...(offset !== undefined ? { offset } : {}) };
    const showing = windowShowing(db);
    if (showing) {
      const [session, window] = showing;
      if (window.isMinimized()) window.restore();
      window.focus();
      if (target) session.emit('link:open', target);
      return window;
    }
    const focused = focusedSession();
    if (plan.confirm && !(await confirmLinkedFile(focused ? windows.get(focused) : undefined, db))) return null;
    return openWindow(db, focused?.principal ?? fallback, false, target);
  }

  return {
    openWindow,
    openLink,
    focusFirst: () => {
      const window = BrowserWindow.getAllWindows()[0];
      if (window?.isMinimized()) window.restore();
      window?.focus();
    },
    dispose: unregister,
  };
}
