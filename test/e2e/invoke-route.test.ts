import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTENT_SPLIT_HEADER, INVOKE_PATH, invokeRoute, MAX_REQUEST_BYTES, newInvokeToken, TOKEN_HEADER } from './harness/invoke-route';
import { APP_CSP, serveStatic, type StaticServer } from './harness/server';

// The harness's invoke route on its own (no browser): who may call it, and what reaches the dispatch.
type Answer = { readonly status: number; readonly body: unknown; readonly csp?: string; readonly split?: string; readonly text?: string };

function call(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const csp = res.headers['content-security-policy'];
        const split = res.headers[CONTENT_SPLIT_HEADER];
        if (typeof split === 'string') resolve({ status: res.statusCode ?? 0, body: null, split, text });
        else resolve({ status: res.statusCode ?? 0, body: text === '' ? null : JSON.parse(text), ...(typeof csp === 'string' ? { csp } : {}) });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('invokeRoute', () => {
  const token = newInvokeToken();
  const dispatched: Array<{ channel: string; request: unknown }> = [];
  const root = mkdtempSync(path.join(tmpdir(), 'scratchpad-route-'));
  let server: StaticServer;
  let origin: string;
  const pageHeaders = () => ({ origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [TOKEN_HEADER]: token });

  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
    server = await serveStatic(root, {
      route: invokeRoute(token, async (channel, request) => {
        dispatched.push({ channel, request });
        if (channel === 'entry:read') return { ok: true, value: { meta: { start: 0, end: 3 }, content: (request as { content: string }).content } };
        return { ok: true, value: { channel, echo: request } };
      }),
    });
    origin = new URL(server.url).origin;
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('a same-origin call with the token reaches the dispatch with its channel and parsed request', async () => {
    dispatched.length = 0;
    const answer = await call(`${origin}${INVOKE_PATH}${encodeURIComponent('entry:describe')}`, {
      headers: pageHeaders(),
      body: JSON.stringify({ id: 'e1', mode: 'head', n: 5 }),
    });
    expect(answer).toEqual({ status: 200, body: { ok: true, value: { channel: 'entry:describe', echo: { id: 'e1', mode: 'head', n: 5 } } } });
    expect(dispatched).toEqual([{ channel: 'entry:describe', request: { id: 'e1', mode: 'head', n: 5 } }]);
  });

  test('a read’s content comes as plain text after the envelope’s JSON, whose length the header gives', async () => {
    const content = '{"emoji": "😀", "cjk": "漢字", "quote": "\\"", "nl": "a\nb"}';
    const answer = await call(`${origin}${INVOKE_PATH}entry%3Aread`, { headers: pageHeaders(), body: JSON.stringify({ content }) });
    const json = JSON.stringify({ ok: true, value: { meta: { start: 0, end: 3 }, content: null } });
    expect(answer).toEqual({ status: 200, body: null, split: String(json.length), text: json + content });
    // A lone surrogate would not survive UTF-8: that answer is all JSON instead.
    const lone = await call(`${origin}${INVOKE_PATH}entry%3Aread`, { headers: pageHeaders(), body: JSON.stringify({ content: 'a\ud800b' }) });
    expect(lone).toEqual({ status: 200, body: { ok: true, value: { meta: { start: 0, end: 3 }, content: 'a\ud800b' } } });
  });

  test('a wrong or missing token, a foreign or missing origin, a cross-site fetch get FORBIDDEN and run nothing', async () => {
    dispatched.length = 0;
    const url = `${origin}${INVOKE_PATH}session%3Ainfo`;
    const { [TOKEN_HEADER]: _omitted, ...withoutToken } = pageHeaders();
    const { origin: _noOrigin, ...withoutOrigin } = pageHeaders();
    const cases = [
      { ...pageHeaders(), [TOKEN_HEADER]: newInvokeToken() },
      { ...pageHeaders(), [TOKEN_HEADER]: token.slice(1) },
      withoutToken,
      withoutOrigin,
      { ...pageHeaders(), origin: 'http://evil.example' },
      { ...pageHeaders(), origin: origin.replace('127.0.0.1', 'localhost') },
      { ...pageHeaders(), 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cases) {
      const answer = await call(url, { headers, body: '{}' });
      expect(answer).toEqual({ status: 403, body: { ok: false, error: { code: 'FORBIDDEN', message: 'sender is not the app page' } } });
    }
    expect(dispatched).toEqual([]);
  });

  test('only POST of JSON up to the size limit is taken; bad bodies are INVALID_ARGUMENT', async () => {
    dispatched.length = 0;
    const url = `${origin}${INVOKE_PATH}session%3Ainfo`;
    expect((await call(url, { method: 'GET', headers: pageHeaders() })).status).toBe(405);
    expect(await call(url, { headers: { ...pageHeaders(), 'content-type': 'text/plain' }, body: '{}' })).toMatchObject({ status: 415, body: { ok: false } });
    expect(await call(url, { headers: pageHeaders(), body: '{not json' })).toEqual({
      status: 400,
      body: { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'the request is not JSON' } },
    });
    const big = JSON.stringify({ pad: 'x'.repeat(MAX_REQUEST_BYTES) });
    expect(await call(url, { headers: pageHeaders(), body: big })).toMatchObject({ status: 413, body: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
    expect(dispatched).toEqual([]);
  });

  test('files are still served, with the app’s CSP unchanged', async () => {
    const page = await call(`${origin}/index.html`, { method: 'HEAD' });
    expect(page).toEqual({ status: 200, body: null, csp: APP_CSP });
    expect(APP_CSP).toContain("connect-src 'self'");
  });
});
