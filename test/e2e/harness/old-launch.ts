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
import { bridgeInitScript, INVOKE_BINDING, PUSH_FUNCTION } from './old-init-script';
import { serveStatic } from './server';

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

/** One bridge call as main saw it. `contentLength` is the length of an `entry:read` answer's content string. */
export interface InvokeRecord {
  readonly channel: string;
  readonly request: unknown;
  readonly ok: boolean;
  readonly errorCode?: string;
  readonly contentLength?: number;
  /** Time main's handler took (ms, wall clock; for profiling the bench, never asserted). */
  readonly handlerMs?: number;
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
 * the preload's real `createBridge`, its transport going through `exposeBinding` to those handlers.
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
  const server = await serveStatic(distDir, {});
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'scratchpad-e2e-profile-'));
  const problems: string[] = [];
  const invoked: InvokeRecord[] = [];
  let page: Page | undefined;
  let context: BrowserContext | undefined;
  let store: StoreClient | undefined;
  let stopWatching = () => {};
  try {
    store = await openStore(options.dbPath);
    recent.push(store.path);
    const session: WindowSession = {
      store,
      principal: options.principal,
      emit: (event, payload) => {
        if (page) deliver(page, event, payload).catch(() => {});
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
    await context.exposeBinding(INVOKE_BINDING, async (source, channel: unknown, request: unknown) => {
      // As main's sender check: only our own page's top frame may call, and only contract channels.
      if (source.frame !== source.page.mainFrame() || new URL(source.frame.url()).origin !== origin) {
        return [JSON.stringify({ ok: false, error: { code: 'FORBIDDEN', message: 'sender is not the app page' } })];
      }
      if (typeof channel !== 'string' || !Object.hasOwn(handlers, channel)) {
        return [JSON.stringify({ ok: false, error: { code: 'FORBIDDEN', message: 'unknown channel' } })];
      }
      const started = performance.now();
      const envelope = await handlers[channel as keyof typeof handlers](session, request);
      const handlerMs = performance.now() - started;
      const value: unknown = envelope.ok ? envelope.value : undefined;
      const content = value && typeof value === 'object' && 'content' in value ? (value as { content: unknown }).content : undefined;
      invoked.push({
        channel,
        request,
        ok: envelope.ok,
        ...(envelope.ok ? {} : { errorCode: envelope.error.code }),
        ...(typeof content === 'string' ? { contentLength: content.length } : {}),
        handlerMs,
      });
      // As JSON text, decoded by the page's transport (init-script.ts): Playwright serialises a binding's
      // result value by value into its own tree format, which for a 6,000-turn gc preview took ~1 s, ten times
      // the handler, where Electron's IPC moves the same envelope by structured clone in milliseconds. The
      // contract's values are JSON-safe (null where a time is not finite), so the page gets the same envelope.
      // A read's content (up to a window of text) stays a separate string: as JSON inside JSON it would be
      // escaped twice on its way through the DevTools protocol.
      if (typeof content === 'string' && value && typeof value === 'object')
        return [JSON.stringify({ ...envelope, value: { ...value, content: null } }), content];
      return [JSON.stringify(envelope)];
    });
    await context.addInitScript({ content: bridgeInitScript(bundle) });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
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
