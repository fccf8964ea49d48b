import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../../main/startup/csp';
import type { Route } from './answer-stream';

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

/** Options of {@link serveStatic}. */
export interface ServeOptions {
  /** The Content-Security-Policy header of every file served; default {@link APP_CSP}. */
  readonly csp?: string;
  /** Asked first for every request (with the server's origin); what it does not handle is served as a file. */
  readonly route?: Route;
}

/**
 * Serves `root` (read-only, GET/HEAD, no directory listing) with the CSP header on every response, and
 * `options.route` (the harness's answer streams) on the same origin.
 */
export async function serveStatic(root: string, options: ServeOptions = {}): Promise<StaticServer> {
  const { csp = APP_CSP, route } = options;
  const base = path.resolve(root);
  let origin = '';
  const server: Server = createServer((req, res) => {
    if (route?.(req, res, origin)) return;
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
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
