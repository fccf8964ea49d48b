// Entry of the Electron main process (bundled to dist/main/main.js by scripts/start.mjs).
import { app, BrowserWindow, dialog, session as electronSession } from 'electron';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appUserDataDir, PRODUCT_NAME } from '../app/config/default-db';
import { DEEP_LINK_SCHEME } from '../app/contract';
import { deepLinkFromArgv } from './startup/deep-link';
import { createAppController } from './electron/app-controller';
import { hardenWebContents, installSessionPolicy } from './electron/security';
import { openWorkerClient } from './store/worker-client';
import { parseLaunchArgs, type LaunchOptions } from './startup/args';
import { resolveDatabase } from './startup/default-db';
import { createRecentFiles } from './startup/recent-files';

const distMain = dirname(fileURLToPath(import.meta.url));
const indexFile = join(distMain, '..', 'renderer', 'index.html');
const files = { preloadPath: join(distMain, 'preload.cjs'), indexFile };
// Packaged, the worker is unpacked from the asar (electron-builder.yml) so it and better-sqlite3 load from real files.
const workerUrl = pathToFileURL(join(distMain, 'store-worker.js').replace(/\bapp\.asar([\\/])/, 'app.asar.unpacked$1'));
// The Electron-ABI build of better-sqlite3 made by scripts/start.mjs; packaged apps carry a rebuilt module instead.
const nativeBinding = process.env.SCRATCHPAD_NATIVE_BINDING || undefined;

function launchArgs(argv: readonly string[]): LaunchOptions {
  return parseLaunchArgs(argv.slice(app.isPackaged ? 1 : 2));
}

async function offerDemoData(path: string): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'question',
    buttons: ['Start empty', 'Fill with demo data'],
    defaultId: 1,
    cancelId: 0,
    message: 'No scratchpad file yet',
    detail: `Scratchpad Inspector will create ${path}. Fill it with demo turns from three owners to explore the app?`,
  });
  return response === 1;
}

// The same userData folder the CLI assumes (app/config/default-db.ts), in development and when packaged.
app.setName(PRODUCT_NAME);
app.setPath('userData', appUserDataDir());
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

// scratchpad-inspector:// links open in this app (the OS passes them as an argument or, on macOS, as open-url).
app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  // macOS delivers clicked links as open-url, possibly before the app is ready: kept until the controller exists.
  let openLink: ((link: string) => void) | undefined;
  const earlyLinks: string[] = [];
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (openLink) openLink(url);
    else earlyLinks.push(url);
  });
  app.whenReady().then(async () => {
    installSessionPolicy(electronSession.defaultSession);
    let launch: LaunchOptions;
    try {
      launch = launchArgs(process.argv);
    } catch (err) {
      dialog.showErrorBox('Scratchpad Inspector', err instanceof Error ? err.message : String(err));
      app.exit(2);
      return;
    }
    const controller = createAppController({
      files,
      pageUrl: pathToFileURL(indexFile).href,
      openStore: (path, demo) => openWorkerClient(path, nativeBinding ? { nativeBinding } : {}, { url: workerUrl }, demo),
      recentFiles: createRecentFiles(join(app.getPath('userData'), 'recent-files.json')),
      downloadsDir: () => app.getPath('downloads'),
      log: (line) => console.warn(`[main] ${line}`),
    });
    openLink = (link) => void controller.openLink(link, launch.principal);
    app.on('second-instance', (_event, argv) => {
      const link = deepLinkFromArgv(argv.slice(1));
      if (link !== null) {
        openLink?.(link);
        return;
      }
      try {
        const again = parseLaunchArgs(argv.slice(1));
        if (again.db !== null) void controller.openWindow(again.db, again.principal);
        else controller.focusFirst();
      } catch {
        controller.focusFirst();
      }
    });
    const firstLink = launch.open ?? deepLinkFromArgv(process.argv.slice(app.isPackaged ? 1 : 2)) ?? earlyLinks.shift() ?? null;
    if (firstLink !== null) {
      const linked = await controller.openLink(firstLink, launch.principal);
      for (const link of earlyLinks.splice(0)) openLink(link);
      if (linked) return;
    }
    const choice = resolveDatabase(launch.db, { env: process.env, homeDir: homedir(), userDataDir: app.getPath('userData'), exists: existsSync });
    // The store refuses a missing folder (nothing created by a typo), so the app makes its own user-data folder.
    // If that fails, opening the file says why in the window (NOT_FOUND naming the folder).
    if (choice.source === 'app') {
      try {
        mkdirSync(dirname(choice.path), { recursive: true, mode: 0o700 });
      } catch (error) {
        console.warn(`[main] cannot create ${dirname(choice.path)}: ${(error as Error).message}`);
      }
    }
    const demo = choice.firstRun ? await offerDemoData(choice.path) : false;
    const window = await controller.openWindow(choice.path, launch.principal, demo);
    if (!window) app.exit(1);
    // macOS keeps the app alive without windows: the dock icon opens one again.
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void controller.openWindow(choice.path, launch.principal);
      else controller.focusFirst();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
