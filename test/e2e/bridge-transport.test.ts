import { describe, expect, test } from 'vitest';
import type { ScratchpadBridge } from '../../app/contract';
import { ANSWERS_PATH } from './harness/answer-stream';
import { appOnFile, fillStore } from './support/app-on-file';

// The harness's transport as the page sees it: calls through the binding, answers on the page's answer stream.
// What the real preload's IPC does must hold here too: content exact, events before the answer that follows
// them, an unsendable request refused, and nobody but the app page reading answers.
const NOW = 1_796_040_000;
const USER = { kind: 'user', userId: 'dev' } as const;
/** The page's window as the preload leaves it (types only: erased before page.evaluate sends the function). */
type BridgeWindow = { readonly scratchpad: ScratchpadBridge };
// Text of every UTF-8 length, a quote and a newline, long enough to span many stream chunks.
const TEXT = 'a"\n é 漢字 😀 \\u0000 '.repeat(40_000);

describe('the e2e harness’s bridge transport', () => {
  let entryId = '';
  const opened = appOnFile({
    file: 'transport.db',
    principal: USER,
    now: NOW,
    seed: (dbPath) =>
      fillStore(dbPath, NOW - 60, async (pad) => {
        entryId = (await pad.put(USER, { turnId: 'transport-turn', stepNum: 1, executorName: 'echo', observation: TEXT, ttlSeconds: 86_400 })).scratchpad_id;
      }),
  });

  test('reads come back exact, several in flight at once', async () => {
    const { page } = opened.app;
    const total = [...TEXT].length;
    const text = await page.evaluate(
      async ({ id, total }) => {
        const sp = (window as unknown as BridgeWindow).scratchpad;
        const step = 65_536;
        const reads = [];
        for (let start = 0; start < total; start += step) reads.push(sp.entryRead({ id, mode: 'range', start, end: Math.min(total, start + step) }));
        const answers = await Promise.all(reads);
        return answers.map((a) => (a.ok ? a.value.content : `!${a.error.code}`)).join('');
      },
      { id: entryId, total },
    );
    expect(text.length).toBe(TEXT.length);
    expect(text === TEXT).toBe(true);
  });

  test('the events a handler emits arrive before its answer', async () => {
    const seen = await opened.app.page.evaluate(async () => {
      const sp = (window as unknown as BridgeWindow).scratchpad;
      const log: string[] = [];
      const off = sp.on('work:progress', (p) => log.push(`progress ${p.task} ${p.done}/${p.total}`));
      const stats = await sp.statsGet({});
      log.push(`answer ${stats.ok}`);
      off();
      return log;
    });
    expect(seen).toEqual(['progress stats 0/1', 'progress stats 1/1', 'answer true']);
  });

  test('a request Electron’s IPC could not clone is refused in the page, as the preload refuses it', async () => {
    const answer = await opened.app.page.evaluate(async () => {
      const sp = (window as unknown as { scratchpad: Record<string, (r: unknown) => Promise<unknown>> }).scratchpad;
      return sp.entryDescribe!({ id: () => 'x' });
    });
    expect(answer).toEqual({ ok: false, error: { code: 'INVALID_ARGUMENT', message: 'the request for entry:describe cannot be sent to the main process' } });
  });

  test('the page’s own scripts cannot open an answer stream (no token), and a reload gets a working bridge', async () => {
    const { page } = opened.app;
    const before = opened.app.problems.length;
    const status = await page.evaluate(
      async (path) => (await fetch(path + 'stream-from-page-0001', { method: 'POST', headers: { 'x-scratchpad-harness-token': 'guess' } })).status,
      ANSWERS_PATH,
    );
    expect(status).toBe(403);
    // Chromium logs the refusal as a console error: expected here, so drop it from the run's problem list.
    await expect
      .poll(() => opened.app.problems.slice(before))
      .toEqual(['console.error: Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    opened.app.problems.splice(before);
    await page.reload();
    const info = await page.evaluate(() => (window as unknown as BridgeWindow).scratchpad.sessionInfo({}));
    expect(info).toMatchObject({ ok: true, value: { principal: USER } });
    expect(opened.app.problems).toEqual([]);
  });
});
