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

/**
 * Response header present when the body is the envelope's JSON (its `value.content` null) followed by that
 * content as plain text: the header gives the JSON's length in UTF-16 code units. A read's content (up to a
 * window of text, often JSON itself) then crosses without being escaped by JSON.stringify and unescaped by
 * JSON.parse, as structured clone moves a string.
 */
export const CONTENT_SPLIT_HEADER = 'x-scratchpad-harness-envelope-length';

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

/** String.prototype.isWellFormed (Node 20; the project's TypeScript lib predates it). */
const wellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** A successful envelope whose value carries a string `content` that UTF-8 keeps exactly (no lone surrogate). */
function splitContent(body: unknown): { readonly json: string; readonly content: string } | null {
  if (!body || typeof body !== 'object' || !('ok' in body) || body.ok !== true || !('value' in body)) return null;
  const { value } = body;
  if (!value || typeof value !== 'object' || !('content' in value) || typeof value.content !== 'string' || !wellFormed(value.content)) return null;
  return { json: JSON.stringify({ ...body, value: { ...value, content: null } }), content: value.content };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  const split = splitContent(body);
  if (split) {
    const length = Buffer.byteLength(split.json) + Buffer.byteLength(split.content);
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': length, [CONTENT_SPLIT_HEADER]: split.json.length });
    res.write(split.json);
    res.end(split.content);
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(text) });
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
