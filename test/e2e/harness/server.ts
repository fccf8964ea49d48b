import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../main/startup/csp';

/**
 * The app's Content-Security-Policy, exactly as main sends it as a response header (main/startup/csp.ts), so
 * the page runs under the same rules as in the Electron window.
 */
export const APP_CSP = CONTENT_SECURITY_POLICY_HEADER;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** A static server over one folder on 127.0.0.1 (random port). */
export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `root` (read-only, GET/HEAD, no directory listing) with {@link APP_CSP} on every response. */
export async function serveStatic(root: string, csp: string = APP_CSP): Promise<StaticServer> {
  const base = path.resolve(root);
  const server: Server = createServer((req, res) => {
    const headers = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = path.resolve(base, '.' + (pathname.endsWith('/') ? pathname + 'index.html' : pathname));
    if (pathname === '/favicon.ico' && !existsSync(file)) {
      res.writeHead(204, headers).end(); // Chromium asks for it unprompted; not an app resource
      return;
    }
    if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
