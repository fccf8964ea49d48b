import { BrowserWindow } from 'electron';
import { hardenWebContents, secureWebPreferences } from './security';

/** Files the window loads: the bundled preload and the renderer's index.html. */
export interface WindowFiles {
  readonly preloadPath: string;
  readonly indexFile: string;
}

/**
 * The one window factory: hardened webPreferences (see secureWebPreferences), guards against navigation, new
 * windows and webviews, then loads our own page. Shown when ready so no blank frame flashes.
 */
export function createAppWindow(files: WindowFiles, title = 'Scratchpad Inspector'): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title,
    backgroundColor: '#1e1e1e',
    webPreferences: secureWebPreferences(files.preloadPath),
  });
  hardenWebContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadFile(files.indexFile);
  return window;
}
