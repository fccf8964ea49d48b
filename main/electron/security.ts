import type { Session as ElectronSession, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY_HEADER } from '../startup/csp';

/**
 * True when `url` is our own page: the file:// URL of dist/renderer/index.html (query and hash ignored).
 * Anything else (another file, http(s), about:blank, devtools) is foreign.
 */
export function isOwnPage(url: string | undefined | null, pageUrl: string): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.search = '';
    return parsed.protocol === 'file:' && parsed.href === new URL(pageUrl).href;
  } catch {
    return false;
  }
}

const ALLOWED_SCHEMES = new Set(['file:', 'blob:', 'data:', 'devtools:']);

/**
 * Session-wide policy, installed once on the default session: every permission request and check denied, the CSP
 * added to every response, and any request to a remote scheme (http, https, ws, ftp...) cancelled.
 */
export function installSessionPolicy(session: ElectronSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    let scheme = '';
    try {
      scheme = new URL(details.url).protocol;
    } catch {
      scheme = '';
    }
    callback({ cancel: !ALLOWED_SCHEMES.has(scheme) });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] } });
  });
}

/** Per-window guards: no navigation or redirect away from the page, no new windows, no webviews. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
