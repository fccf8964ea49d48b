import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANSWERS_PATH, answerFrame, answerStreams, newInvokeToken, TOKEN_HEADER, type AnswerStreams } from './harness/answer-stream';
import { APP_CSP, serveStatic, type StaticServer } from './harness/server';

// The harness's answer streams on their own (no browser): who may open one, and the frames main writes on it.
function open(url: string, method: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads `res` as UTF-8 text until it holds at least `length` code units. */
function readText(res: IncomingMessage, length: number): Promise<string> {
  res.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let text = '';
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= length) resolve(text);
    });
    res.on('error', reject);
  });
}

describe('answerFrame', () => {
  test('a read’s content follows the envelope’s JSON as plain text, lengths in UTF-16 code units', () => {
    const content = '{"emoji": "😀", "cjk": "漢字", "quote": "\\"", "nl": "a\nb"}';
    const frame = answerFrame(7, { ok: true, value: { meta: { start: 0, end: 40 }, content } });
    const json = '{"ok":true,"value":{"meta":{"start":0,"end":40},"content":null}}';
    expect(frame).toBe(`7 ${json.length} ${content.length}\n${json}${content}`);
  });

  test('an answer without string content, a failure, or a content UTF-8 cannot keep (lone surrogate) is all JSON', () => {
    expect(answerFrame(1, { ok: true, value: [1, 2] })).toBe('1 25 -1\n{"ok":true,"value":[1,2]}');
    const failure = { ok: false, error: { code: 'NOT_FOUND', message: 'no such entry' } };
    expect(answerFrame(2, failure)).toBe(`2 ${JSON.stringify(failure).length} -1\n${JSON.stringify(failure)}`);
    const lone = { ok: true, value: { content: 'a\ud800b' } };
    expect(answerFrame(3, lone)).toBe(`3 ${JSON.stringify(lone).length} -1\n${JSON.stringify(lone)}`);
    expect(JSON.parse(answerFrame(3, lone).split('\n')[1]!)).toEqual(lone);
  });
});

describe('answerStreams', () => {
  const token = newInvokeToken();
  const root = mkdtempSync(path.join(tmpdir(), 'scratchpad-answers-'));
  let streams: AnswerStreams;
  let server: StaticServer;
  let origin: string;
  const pageHeaders = () => ({ origin, 'sec-fetch-site': 'same-origin', [TOKEN_HEADER]: token });

  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
    streams = answerStreams(token);
    server = await serveStatic(root, { route: streams.route });
    origin = new URL(server.url).origin;
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('a stream opened from the page’s origin with the token carries the answers written for it, in order', async () => {
    const id = 'stream-aaaaaaaaaaaa-1';
    const res = await open(`${origin}${ANSWERS_PATH}${id}`, 'POST', pageHeaders());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const first = answerFrame(1, { ok: true, value: { content: 'x'.repeat(100_000) + '😀' } });
    const second = answerFrame(2, { ok: false, error: { code: 'NOT_FOUND', message: 'gone' } });
    const text = readText(res, first.length + second.length);
    expect(await streams.answer(id, 1, { ok: true, value: { content: 'x'.repeat(100_000) + '😀' } })).toBe(true);
    expect(await streams.answer(id, 2, { ok: false, error: { code: 'NOT_FOUND', message: 'gone' } })).toBe(true);
    expect(await text).toBe(first + second);
    res.destroy();
  });

  test('an answer waits for its stream to open, and is dropped once the stream closed', async () => {
    const id = 'stream-bbbbbbbbbbbb-2';
    const written = streams.answer(id, 5, { ok: true, value: 1 });
    const res = await open(`${origin}${ANSWERS_PATH}${id}`, 'POST', pageHeaders());
    const frame = answerFrame(5, { ok: true, value: 1 });
    expect(await readText(res, frame.length)).toBe(frame);
    expect(await written).toBe(true);
    const closed = new Promise((resolve) => res.on('close', resolve));
    res.destroy();
    await closed;
    await expect.poll(() => streams.answer(id, 6, { ok: true, value: 2 })).toBe(false);
    // The same id cannot be opened again.
    expect((await open(`${origin}${ANSWERS_PATH}${id}`, 'POST', pageHeaders())).statusCode).toBe(409);
  });

  test('a wrong or missing token, a foreign or missing origin, a cross-site fetch, a bad id or GET open nothing', async () => {
    const { [TOKEN_HEADER]: _omitted, ...withoutToken } = pageHeaders();
    const { origin: _noOrigin, ...withoutOrigin } = pageHeaders();
    const refused: Array<[string, Record<string, string>, string, number]> = [
      ['stream-cccccccccccc-1', { ...pageHeaders(), [TOKEN_HEADER]: newInvokeToken() }, 'POST', 403],
      ['stream-cccccccccccc-2', { ...pageHeaders(), [TOKEN_HEADER]: token.slice(1) }, 'POST', 403],
      ['stream-cccccccccccc-3', withoutToken, 'POST', 403],
      ['stream-cccccccccccc-4', withoutOrigin, 'POST', 403],
      ['stream-cccccccccccc-5', { ...pageHeaders(), origin: 'http://evil.example' }, 'POST', 403],
      ['stream-cccccccccccc-6', { ...pageHeaders(), origin: origin.replace('127.0.0.1', 'localhost') }, 'POST', 403],
      ['stream-cccccccccccc-7', { ...pageHeaders(), 'sec-fetch-site': 'cross-site' }, 'POST', 403],
      ['short', pageHeaders(), 'POST', 403],
      ['stream-cccccccccccc-8', pageHeaders(), 'GET', 405],
    ];
    for (const [id, headers, method, status] of refused) {
      const res = await open(`${origin}${ANSWERS_PATH}${id}`, method, headers);
      expect([id, res.statusCode]).toEqual([id, status]);
      res.resume();
    }
    // None of them opened: an answer for the first finds no stream (it waits, then gives up; not awaited here).
    const late = await open(`${origin}${ANSWERS_PATH}stream-cccccccccccc-1`, 'POST', pageHeaders());
    expect(late.statusCode).toBe(200);
    late.destroy();
  });

  test('files are still served, with the app’s CSP unchanged', async () => {
    const res = await open(`${origin}/index.html`, 'HEAD', {});
    expect([res.statusCode, res.headers['content-security-policy']]).toEqual([200, APP_CSP]);
    expect(APP_CSP).toContain("connect-src 'self'");
  });
});
