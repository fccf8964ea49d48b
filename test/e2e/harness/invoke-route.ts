import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The page's way to main's handlers in the e2e harness (harness only: the app itself uses Electron's IPC).
 * `POST /__harness/invoke/<channel>` on the page's own origin (the static server on 127.0.0.1, so the CSP's
 * `connect-src 'self'` already allows it: the app's CSP is served unchanged), the request as JSON text, the
 * envelope back as JSON text. Playwright's binding carried the same bytes as a DevTools-protocol message: ~500 ms
 * for a 6.9 MB read, where Electron's structured clone takes tens of ms and a loopback HTTP body about as much.
 */
export const INVOKE_PATH = '/__harness/invoke/';

/** Header carrying the run's token ({@link newInvokeToken}); only the harness's init script knows it. */
export const TOKEN_HEADER = 'x-scratchpad-harness-token';

/** Largest request body accepted, in bytes (requests are a few hundred bytes; a read's answer can be MBs). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** A fresh per-run token: 32 random bytes, base64url (43 characters). */
export function newInvokeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Runs one call on a channel name the page sent (untrusted) with its parsed request (untrusted). */
export type Dispatch = (channel: string, request: unknown) => Promise<unknown>;

/** A route of the static server: handles the request and returns true, or returns false to let it serve files. */
export type Route = (req: IncomingMessage, res: ServerResponse, origin: string) => boolean;

const forbidden = (message: string) => ({ ok: false, error: { code: 'FORBIDDEN', message } });

function sameToken(sent: string | string[] | undefined, token: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

/**
 * The invoke route. As main's sender check: only a `fetch` from the app's own origin (Origin header and
 * Sec-Fetch-Site) carrying the run's `token` reaches `dispatch` (the init script gives the token only to the app
 * page's top frame); anything else gets a FORBIDDEN envelope (HTTP 403) and runs nothing. The body must be JSON
 * (`application/json`, at most {@link MAX_REQUEST_BYTES}); it is parsed and handed on as `unknown`: the
 * handlers validate it with the contract's schemas and take the principal from the session, never from it.
 * Answers `dispatch`'s envelope as JSON (200).
 */
export function invokeRoute(token: string, dispatch: Dispatch): Route {
  return (req, res, origin) => {
    const url = new URL(req.url ?? '/', origin);
    if (!url.pathname.startsWith(INVOKE_PATH)) return false;
    if (req.method !== 'POST') {
      send(res, 405, forbidden('the invoke route takes POST only'));
      return true;
    }
    if (req.headers.origin !== origin || req.headers['sec-fetch-site'] !== 'same-origin' || !sameToken(req.headers[TOKEN_HEADER], token)) {
      req.resume();
      send(res, 403, forbidden('sender is not the app page'));
      return true;
    }
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
      req.resume();
      send(res, 415, forbidden('the request must be application/json'));
      return true;
    }
    const channel = decodeURIComponent(url.pathname.slice(INVOKE_PATH.length));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES) {
        send(res, 413, { ok: false, error: { code: 'INVALID_ARGUMENT', message: `the request is larger than ${MAX_REQUEST_BYTES} bytes` } });
        return;
      }
      let request: unknown;
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        send(res, 400, { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'the request is not JSON' } });
        return;
      }
      dispatch(channel, request).then(
        (envelope) => send(res, 200, envelope),
        () => send(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'the harness failed to run the call' } }),
      );
    });
    return true;
  };
}
