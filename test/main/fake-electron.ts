// A fake `electron` module for tests (no Electron binary here): records what main asks of Electron.
import { EventEmitter } from 'node:events';

type Invoke = (event: unknown, ...args: unknown[]) => unknown;

/** ipcMain: `handle` records handlers by channel; `on` is recorded too so tests can see nothing else is registered. */
export const ipcMain = {
  handlers: new Map<string, Invoke>(),
  listeners: new Map<string, unknown>(),
  handle(channel: string, fn: Invoke) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, fn);
  },
  handleOnce(channel: string, fn: Invoke) {
    this.handle(channel, fn);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
  on(channel: string, fn: unknown) {
    this.listeners.set(channel, fn);
  },
};

let nextId = 1;

/** A webContents with a main frame at `url`, recording sends, listeners and the window-open handler. */
export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  windowOpenHandler: ((details: unknown) => unknown) | null = null;
  destroyed = false;
  readonly mainFrame: { url: string; parent: null };
  constructor(url = 'about:blank') {
    super();
    this.mainFrame = { url, parent: null };
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  setWindowOpenHandler(fn: (details: unknown) => unknown) {
    this.windowOpenHandler = fn;
  }
  isDestroyed() {
    return this.destroyed;
  }
}

/** BrowserWindow: keeps the constructor options and the loaded file. */
export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loadedFile: string | null = null;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }
  loadFile(file: string) {
    this.loadedFile = file;
    this.webContents.mainFrame.url = new URL(`file://${file}`).href;
    return Promise.resolve();
  }
  show() {}
  focus() {}
  isMinimized() {
    return false;
  }
  static getFocusedWindow() {
    return null;
  }
  static getAllWindows() {
    return BrowserWindow.created;
  }
}

type Callback = (...args: unknown[]) => void;

/** A session whose handlers tests can call. */
export function fakeSession() {
  return {
    permissionRequestHandler: null as null | ((c: unknown, p: string, cb: (ok: boolean) => void) => void),
    permissionCheckHandler: null as null | ((...a: unknown[]) => boolean),
    beforeRequest: null as null | ((d: { url: string }, cb: Callback) => void),
    headersReceived: null as null | ((d: { responseHeaders?: Record<string, string[]> }, cb: Callback) => void),
    setPermissionRequestHandler(fn: never) {
      this.permissionRequestHandler = fn;
    },
    setPermissionCheckHandler(fn: never) {
      this.permissionCheckHandler = fn;
    },
    webRequest: {
      owner: null as unknown,
      onBeforeRequest(fn: never) {
        (session.defaultSession as ReturnType<typeof fakeSession>).beforeRequest = fn;
      },
      onHeadersReceived(fn: never) {
        (session.defaultSession as ReturnType<typeof fakeSession>).headersReceived = fn;
      },
    },
  };
}

export const session = { defaultSession: fakeSession() };

export const dialog = {
  showErrorBox: () => {},
  showMessageBox: async () => ({ response: 0 }),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showSaveDialog: async () => ({ canceled: true }),
};

export const Menu = {
  template: null as unknown,
  buildFromTemplate(template: unknown) {
    this.template = template;
    return { template };
  },
  setApplicationMenu() {},
};

export const app = { isPackaged: false, getPath: () => '/tmp' };
export const contextBridge = { exposeInMainWorld: () => {} };
export const ipcRenderer = { invoke: async () => undefined, on: () => {}, removeListener: () => {} };
