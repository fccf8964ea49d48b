import { BrowserWindow } from 'electron';
import { hardenWebContents } from './security';

/** Files the window loads: the bundled preload and the renderer's index.html. */
export interface WindowFiles {
  readonly preloadPath: string;
  readonly indexFile: string;
}

/**
 * The one window factory: sandboxed renderer, isolated context, no Node anywhere, web security on, no webview,
 * no insecure content, no experimental features or auxclick; guards against navigation, new
 * windows and webviews; `beforeLoad` (main registers the window's session there), then loads our own page. Shown when ready so no blank frame flashes.
 */
export function createAppWindow(files: WindowFiles, beforeLoad: (window: BrowserWindow) => void = () => {}, title = 'Scratchpad Inspector'): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title,
    backgroundColor: '#1e1e1e',
    // Written out literally (not built by a helper) so electronegativity's static checks can see every flag.
    webPreferences: {
      preload: files.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle click would open links in a new window; there is none to open.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  hardenWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  beforeLoad(window);
  void window.loadFile(files.indexFile);
  return window;
}
