import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How main's answers reach the page in the e2e harness (harness only: the app itself uses Electron's IPC).
 * The page sends each call through a Playwright binding (small: a channel and a request), and main answers on
 * one streamed HTTP response the page opened at start, `POST /__harness/answers/<stream id>` on the page's own
 * origin (the static server on 127.0.0.1, so the CSP's `connect-src 'self'` already allows it: the app's CSP
 * is served unchanged). A binding's answer would cross the DevTools protocol as a JSON string inside a JSON
 * message (~500 ms of message handling for a 6.9 MB JSON entry read in windows), and a request per call
 * costs Chromium's network stack some milliseconds each; a frame on an open stream costs neither.
 *
 * Frame: `<call id> <json length> <content length>\n<json><content>`, lengths in UTF-16 code units of the
 * decoded text. `json` is the envelope; when its value's `content` is a string that UTF-8 keeps exactly (no
 * lone surrogate), that content follows as plain text (`json` has `content: null`; structured clone also moves
 * a string as it is), else content length is -1 and the JSON is the whole envelope.
 */
export const ANSWERS_PATH = '/__harness/answers/';

/** Header carrying the run's token ({@link newInvokeToken}); only the harness's init script knows it. */
export const TOKEN_HEADER = 'x-scratchpad-harness-token';

/** How long an answer waits for its stream to open (the page opens it before its first call), in ms. */
export const STREAM_WAIT_MS = 10_000;

/** A fresh per-run token: 32 random bytes, base64url (43 characters). */
export function newInvokeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A route of the static server: handles the request and returns true, or returns false to let it serve files. */
export type Route = (req: IncomingMessage, res: ServerResponse, origin: string) => boolean;

/** The answer streams of one app page: the server route that opens them, and the writer of answers. */
export interface AnswerStreams {
  readonly route: Route;
  /**
   * Writes `envelope` as the answer to call `callId` on stream `streamId`, waiting up to {@link STREAM_WAIT_MS}
   * for that stream to open. Resolves false when the stream is gone or never opened (a page reloaded or closed
   * meanwhile: nobody waits for that answer any more).
   */
  answer(streamId: string, callId: number, envelope: unknown): Promise<boolean>;
}

const STREAM_ID = /^[A-Za-z0-9-]{16,64}$/;

/** String.prototype.isWellFormed (Node 20; the project's TypeScript lib predates it). */
const wellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** The frame of one answer (see {@link ANSWERS_PATH}). */
export function answerFrame(callId: number, envelope: unknown): string {
  const value = envelope && typeof envelope === 'object' && 'ok' in envelope && envelope.ok === true && 'value' in envelope ? envelope.value : undefined;
  const content = value && typeof value === 'object' && 'content' in value && typeof value.content === 'string' ? value.content : undefined;
  if (content === undefined || !wellFormed(content)) {
    const json = JSON.stringify(envelope);
    return `${callId} ${json.length} -1\n${json}`;
  }
  const json = JSON.stringify({ ...(envelope as object), value: { ...(value as object), content: null } });
  return `${callId} ${json.length} ${content.length}\n${json}${content}`;
}

function sameToken(sent: string | string[] | undefined, token: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The answer streams for a run with `token`. The route opens a stream only for a `fetch` POST from the app's
 * own origin (Origin header and Sec-Fetch-Site) carrying the token, on a fresh id of 16-64 letters, digits or
 * dashes (the init script gives the token only to the app page's top frame); anything else gets 403 (405 for a
 * method other than POST, 409 for an id already used) and opens nothing. An open stream stays open until the page
 * goes (reload, close).
 */
export function answerStreams(token: string): AnswerStreams {
  const open = new Map<string, ServerResponse>();
  const ended = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();
  const wake = (id: string) => {
    for (const w of waiting.get(id) ?? []) w();
    waiting.delete(id);
  };
  const route: Route = (req, res, origin) => {
    const { pathname } = new URL(req.url ?? '/', origin);
    if (!pathname.startsWith(ANSWERS_PATH)) return false;
    req.resume();
    const id = pathname.slice(ANSWERS_PATH.length);
    const refuse = (status: number) => res.writeHead(status, { 'Cache-Control': 'no-store' }).end();
    if (req.method !== 'POST') refuse(405);
    else if (
      req.headers.origin !== origin ||
      req.headers['sec-fetch-site'] !== 'same-origin' ||
      !sameToken(req.headers[TOKEN_HEADER], token) ||
      !STREAM_ID.test(id)
    )
      refuse(403);
    else if (open.has(id) || ended.has(id)) refuse(409);
    else {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.flushHeaders();
      open.set(id, res);
      res.on('close', () => {
        open.delete(id);
        ended.add(id);
        wake(id);
      });
      wake(id);
    }
    return true;
  };
  const answer = async (streamId: string, callId: number, envelope: unknown): Promise<boolean> => {
    if (!open.has(streamId) && !ended.has(streamId)) {
      await new Promise<void>((resolve) => {
        const list = waiting.get(streamId) ?? [];
        const woken = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          list.splice(list.indexOf(woken), 1);
          if (list.length === 0) waiting.delete(streamId);
          resolve();
        }, STREAM_WAIT_MS);
        timer.unref();
        list.push(woken);
        waiting.set(streamId, list);
      });
    }
    const res = open.get(streamId);
    if (!res || res.writableEnded) return false;
    res.write(answerFrame(callId, envelope));
    return true;
  };
  return { route, answer };
}
