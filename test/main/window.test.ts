import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../main/startup/csp';

vi.mock('electron', () => import('./fake-electron'));

const electron = await import('./fake-electron');
const { createAppWindow } = await import('../../main/electron/window');
const { installSessionPolicy, isOwnPage } = await import('../../main/electron/security');

describe('createAppWindow', () => {
  beforeEach(() => {
    electron.BrowserWindow.created.length = 0;
  });

  it('hardens webPreferences', () => {
    const window = createAppWindow({ preloadPath: '/app/dist/main/preload.cjs', indexFile: '/app/dist/renderer/index.html' }) as unknown as InstanceType<
      typeof electron.BrowserWindow
    >;
    expect(window.options.webPreferences).toEqual({
      preload: '/app/dist/main/preload.cjs',
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
      disableBlinkFeatures: 'Auxclick',
    });
    expect(window.loadedFile).toBe('/app/dist/renderer/index.html');
  });

  it('denies navigation, redirects, webviews and new windows', () => {
    const window = createAppWindow({ preloadPath: '/p.cjs', indexFile: '/i.html' }) as unknown as InstanceType<typeof electron.BrowserWindow>;
    const contents = window.webContents;
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      contents.emit(name, event, 'https://example.com/');
      expect(event.preventDefault, name).toHaveBeenCalledTimes(1);
    }
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });
});

describe('installSessionPolicy', () => {
  const ses = electron.session.defaultSession;
  installSessionPolicy(ses as never);

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      ses.permissionRequestHandler!(null, permission, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(ses.permissionCheckHandler!(null, 'media')).toBe(false);
  });

  it('adds the CSP header to every response', () => {
    let result: unknown;
    ses.headersReceived!({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (result = r));
    expect(result).toEqual({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] } });
  });

  it('cancels remote requests and lets local ones through', () => {
    const cancel = (url: string) => {
      let result: { cancel: boolean } | undefined;
      ses.beforeRequest!({ url }, (r) => (result = r as { cancel: boolean }));
      return result?.cancel;
    };
    expect(['https://example.com/x.png', 'http://127.0.0.1/', 'ws://h/', 'ftp://h/', 'not a url'].map(cancel)).toEqual([true, true, true, true, true]);
    expect(['file:///app/dist/renderer/index.html', 'blob:file:///1', 'data:image/png;base64,AA=='].map(cancel)).toEqual([false, false, false]);
  });
});

describe('isOwnPage', () => {
  const page = 'file:///app/dist/renderer/index.html';
  it('accepts the page with a hash or query', () => {
    expect([page, `${page}#/turns/1`, `${page}?x=1`].map((u) => isOwnPage(u, page))).toEqual([true, true, true]);
  });
  it("refuses remote pages, another host's file and look-alike paths", () => {
    fc.assert(fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => !isOwnPage(url, page)));
    const lookAlikes = [
      'file://evil.host/app/dist/renderer/index.html',
      'file:///app/dist/renderer/index.html/..',
      'file:///app/dist/renderer/index.htm',
      'file:///app/dist/renderer/index.html.evil',
    ];
    expect(lookAlikes.map((u) => isOwnPage(u, page))).toEqual(lookAlikes.map(() => false));
    fc.assert(fc.property(fc.string(), (suffix) => isOwnPage(`${page}#${suffix}`, page)));
  });

  it('refuses every other url', () => {
    const others = [
      'file:///app/dist/renderer/other.html',
      'file:///tmp/index.html',
      'https://evil.example/index.html',
      'about:blank',
      'devtools://devtools/',
      '',
      null,
      'garbage',
    ];
    expect(others.map((u) => isOwnPage(u, page))).toEqual(others.map(() => false));
  });
});
