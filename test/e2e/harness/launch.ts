import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { EventName, EventPayload, Principal } from '../../../app/contract';
import { createConnectionPrompts } from '../../../main/ipc/connection';
import { createHandlers } from '../../../main/ipc/handlers';
import type { Dialogs, WindowSession } from '../../../main/ipc/session';
import type { StoreClient } from '../../../main/store/client';
import { openInProcessClient } from '../../../main/store/in-process';
import { watchExternalWrites } from '../../../main/startup/live-refresh';
import { bundleBridge, ensureRendererBuilt, ROOT } from './build';
import { answerStreams, newInvokeToken } from './answer-stream';
import { recordingDispatch, type InvokeRecord } from './dispatch';
import { bridgeInitScript, INVOKE_BINDING, PUSH_FUNCTION } from './init-script';
import { serveStatic } from './server';

export type { InvokeRecord } from './dispatch';

/** Debian's Chromium: the only browser these tests use (never a download). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The launch flags the machine's brief prescribes. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where every run saves its screenshots. */
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/** Options of {@link launchApp}. */
export interface LaunchOptions {
  /** The real SQLite file the session's store opens (v2 or metnos-v1). */
  readonly dbPath: string;
  /** Who the window views as (main's decision; the page never sends it). */
  readonly principal: Principal;
  /** Fixed clock in Unix seconds for the store and the page's Date; default the real clock. */
  readonly now?: number;
  /** Scripted answers of main's native dialogs; default: every dialog is cancelled. */
  readonly dialogs?: Partial<Dialogs>;
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
  /** Polling interval of main's live refresh (PRAGMA data_version), in ms. Default 200. */
  readonly pollMs?: number;
  /** Store open options passed to the in-process client (e.g. `maxReadLength`). */
  readonly storeOptions?: { readonly maxReadLength?: number; readonly expiringWindowSeconds?: number };
}

/** A running app: one Chromium window over the production renderer, bridged to main's handlers. */
export interface AppSession {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Main's session for this window (store client + principal). */
  readonly session: WindowSession;
  /** Page errors, console errors (CSP violations included) and native dialogs (alert/confirm) seen so far. */
  readonly problems: string[];
  /** Every call the page made through the bridge, in order: channel, request, and the envelope's outcome. */
  readonly invoked: InvokeRecord[];
  /** Saves `test-results/screenshots/<name>.png`; returns its path. */
  screenshot(name: string): Promise<string>;
  /** Delivers a push event to the page, as main's `webContents.send` would. */
  push<E extends EventName>(event: E, payload: EventPayload<E>): Promise<void>;
  /** What File › Open Connection… does in main: this window may now send a URL, and is asked for one. */
  askConnection(): Promise<void>;
  close(): Promise<void>;
}

const cancelAll: Dialogs = {
  chooseOpenPath: async () => null,
  chooseSavePath: async () => null,
  choosePrincipal: async () => null,
};

/** Calls the page's push function, as main's `webContents.send(event, payload)` reaches the preload. */
async function deliver(page: Page, event: string, payload: unknown): Promise<void> {
  await page.evaluate(([fn, e, p]) => (globalThis as unknown as Record<string, ((e: unknown, p: unknown) => void) | undefined>)[fn]?.(e, p), [
    PUSH_FUNCTION,
    event,
    payload,
  ] as const);
}

/** Throws a clear error when Debian's Chromium is not installed. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`e2e: ${CHROMIUM_PATH} is missing. Install Debian's Chromium (apt-get install -y chromium); never download a browser.`);
  }
}

/**
 * Launches the app for end-to-end tests: the production build of the renderer (built once per set of inputs,
 * see ensureRendererBuilt) served on 127.0.0.1 with main's CSP header; main's real handler table
 * (`createHandlers`) over a real store on `dbPath` and a session for `principal`, with main's live refresh
 * (`watchExternalWrites`); and Debian's Chromium (fresh user-data-dir) on a page whose `window.scratchpad` is
 * the preload's real `createBridge`, its transport sending each call through a Playwright binding (the sender
 * checked as main checks it) to those handlers (dispatch.ts), the answers coming back on the page's answer stream
 * (answer-stream.ts: one streamed HTTP response on the page's own origin, opened with a per-run token), events
 * pushed through CDP.
 * The store client is main's in-process one (main/store/in-process.ts), not the worker: the same StoreClient
 * contract, and it takes the fixed clock (`now`) the scenarios need. Resolves once the page has loaded.
 */
export async function launchApp(options: LaunchOptions): Promise<AppSession> {
  assertChromium();
  const [distDir, bundle] = await Promise.all([ensureRendererBuilt(), bundleBridge()]);
  const clock = options.now === undefined ? undefined : () => options.now as number;
  const openStore = (file: string): Promise<StoreClient> => openInProcessClient(file, { ...options.storeOptions, ...(clock ? { clock } : {}) });
  const recent: string[] = [];
  const connectionPrompts = createConnectionPrompts();
  const token = newInvokeToken();
  const streams = answerStreams(token);
  const server = await serveStatic(distDir, { route: streams.route });
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'scratchpad-e2e-profile-'));
  const problems: string[] = [];
  const invoked: InvokeRecord[] = [];
  let page: Page | undefined;
  let context: BrowserContext | undefined;
  let store: StoreClient | undefined;
  let stopWatching = () => {};
  // Pushes on their way to the page (an answer waits for them: recordingDispatch).
  const pushes = new Set<Promise<void>>();
  try {
    store = await openStore(options.dbPath);
    recent.push(store.path);
    const session: WindowSession = {
      store,
      principal: options.principal,
      emit: (event, payload) => {
        if (!page) return;
        const delivered = deliver(page, event, payload).catch(() => {});
        pushes.add(delivered);
        void delivered.finally(() => pushes.delete(delivered));
      },
    };
    const handlers = createHandlers({
      dialogs: { ...cancelAll, ...options.dialogs },
      recentFiles: {
        list: () => recent,
        add: (file) => {
          const i = recent.indexOf(file);
          if (i >= 0) recent.splice(i, 1);
          recent.unshift(file);
        },
      },
      openStore,
      connectionPrompts,
    });
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? { width: 1440, height: 900 },
      timezoneId: 'UTC',
      locale: 'en-US',
      colorScheme: options.colorScheme ?? 'light',
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    if (options.now !== undefined) await context.clock.setFixedTime(options.now * 1000);
    stopWatching = watchExternalWrites(session, options.pollMs ?? 200);
    const origin = new URL(server.url).origin;
    const dispatch = recordingDispatch(handlers, session, invoked, pushes);
    const refused = (message: string) => JSON.stringify({ ok: false, error: { code: 'FORBIDDEN', message } });
    await context.exposeBinding(INVOKE_BINDING, (source, channel: unknown, request: unknown, streamId: unknown, callId: unknown) => {
      // As main's sender check: only our own page's top frame may call (its answers go to its stream).
      if (source.frame !== source.page.mainFrame() || new URL(source.frame.url()).origin !== origin) return refused('sender is not the app page');
      if (typeof channel !== 'string' || typeof streamId !== 'string' || typeof callId !== 'number') return refused('malformed call');
      void dispatch(channel, request)
        .catch(() => ({ ok: false, error: { code: 'INTERNAL', message: 'the harness failed to run the call' } }))
        .then((envelope) => streams.answer(streamId, callId, envelope));
      return undefined;
    });
    await context.addInitScript({ content: bridgeInitScript(bundle, origin, token) });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
    settleAfterLookChanges(page);
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
    });
    page.on('dialog', (dialog) => {
      problems.push(`dialog(${dialog.type()}): ${dialog.message()}`);
      dialog.dismiss().catch(() => {});
    });
    await page.goto(server.url + 'index.html');
    const live = page;
    const liveContext = context;
    return {
      page: live,
      context: liveContext,
      session,
      problems,
      invoked,
      async screenshot(name) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${name}.png`);
        await live.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
        return file;
      },
      push: (event, payload) => deliver(live, event, payload),
      async askConnection() {
        connectionPrompts.ask(session);
        await deliver(live, 'connection:prompt', {});
      },
      async close() {
        stopWatching();
        await liveContext.close().catch(() => {});
        await server.close();
        await session.store.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    stopWatching();
    await context?.close().catch(() => {});
    await server.close();
    await store?.close();
    rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Makes `page.setViewportSize` and `page.emulateMedia` return only once the app has reacted to the new look.
 *
 * The renderer moves whole panes between columns when a media query flips (at the short window height of
 * `SHORT_WINDOW_QUERY` the entries pane stacks under the turns and is mounted anew). Chromium reports media
 * query changes at its next rendering step, and React commits the resulting state in a task after that, so a
 * test that measured right after the resize could read the old layout, or an element detached a moment later
 * (`getComputedStyle` of a detached element is all empty strings: CI saw `textOverflow` read as ''). The wait
 * is: one animation frame (the change events have fired), a task (React's scheduled render has committed),
 * then two frames (layout and paint of the new tree).
 */
function settleAfterLookChanges(page: Page): void {
  const settle = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = (next: () => void) => requestAnimationFrame(() => next());
          frame(() => setTimeout(() => frame(() => frame(resolve)), 0));
        }),
    );
  const setViewportSize = page.setViewportSize.bind(page);
  const emulateMedia = page.emulateMedia.bind(page);
  page.setViewportSize = async (size) => {
    await setViewportSize(size);
    await settle();
  };
  page.emulateMedia = async (options) => {
    await emulateMedia(options);
    await settle();
  };
}
