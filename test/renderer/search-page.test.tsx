import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, SearchHit, SearchRequest, SearchResult } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { fakeBridge, meta } from './fakeBridge';
import { referenceHits } from './fakeSearch';

const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

const TEXTS = { a1: 'first timeout here\nsecond line timeout', a2: 'Timeout!', b1: 'no match', c1: 'x'.repeat(500) + ' timeout at the end' };
const ENTRIES = [
  { meta: meta({ id: 'a1', turnId: 'turn-a', stepNum: 1, executorName: 'web_fetch', createdAt: 100, lengthCodePoints: TEXTS.a1.length }), content: TEXTS.a1 },
  {
    meta: meta({
      id: 'a2',
      turnId: 'turn-a',
      stepNum: 2,
      executorName: 'tail_logs',
      createdAt: 110,
      expiresAt: 1_600_000_000,
      expiry: 'expired',
      lengthCodePoints: TEXTS.a2.length,
    }),
    content: TEXTS.a2,
  },
  { meta: meta({ id: 'b1', turnId: 'turn-b', stepNum: 4, executorName: 'mail_read', createdAt: 200, lengthCodePoints: TEXTS.b1.length }), content: TEXTS.b1 },
  { meta: meta({ id: 'c1', turnId: 'turn-c', stepNum: 7, executorName: 'sql_query', createdAt: 300, lengthCodePoints: TEXTS.c1.length }), content: TEXTS.c1 },
];

function renderApp(bridge: ReturnType<typeof fakeBridge>['bridge']) {
  render(
    <ApiProvider api={createApi(bridge)}>
      <App />
    </ApiProvider>,
  );
}

/** Text of each row of the hit list on screen, top to bottom. */
const rowTexts = () => screen.getAllByRole('listitem').map((row) => row.textContent);
const statusText = () => document.querySelector('.search-status')?.textContent ?? '';
const waitForStatus = (re: RegExp) => waitFor(() => expect(statusText()).toMatch(re), { timeout: 20_000 });

async function searchFor(pattern: string) {
  await screen.findByRole('listbox', { name: 'Turns' });
  fireEvent.keyDown(window, { key: '4' });
  const field = await screen.findByRole('searchbox', { name: 'Search pattern' });
  fireEvent.change(field, { target: { value: pattern } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('Search view', () => {
  it('groups hits by turn and entry with executor, step and the expired mark', async () => {
    const { bridge, calls } = fakeBridge(ENTRIES);
    renderApp(bridge);
    await searchFor('timeout');
    await waitForStatus(/4 hits in 3 entries/);
    expect(calls.filter((c) => c.method === 'searchQuery').map((c) => c.request)).toEqual([
      { pattern: 'timeout', caseSensitive: false, regex: false, limit: 200, previewContext: 100 },
    ]);
    // One flat list: each turn's heading, then each entry's heading (executor, step, kind, count, expired) and its hits.
    expect(rowTexts()).toEqual([
      'Turn turn-a',
      'web_fetch · step 1 · text · 2 hits',
      'line 1first timeout here↵second line ti',
      'line 2…here↵second line timeout',
      'tail_logs · step 2 · text · 1 hitexpired',
      'line 1Timeout!',
      'Turn turn-c',
      'sql_query · step 7 · text · 1 hit',
      `line 1…${'x'.repeat(19)} timeout at the end`,
    ]);
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.badge-expired') !== null)).toEqual([false, false, false, false, true, false, false, false, false]);
    expect(Array.from(rows[5]!.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['Timeout']);
  });

  it('a click on a hit opens the entry in Content at the hit, the match highlighted', async () => {
    const { bridge, calls } = fakeBridge(ENTRIES);
    renderApp(bridge);
    await searchFor('timeout');
    fireEvent.click(await screen.findByRole('button', { name: /timeout at the end/ }));
    await screen.findByRole('tab', { name: 'Content', selected: true });
    await waitFor(() => expect(document.querySelector('mark.find-hit.current')?.textContent).toBe('timeout'));
    const reads = calls.filter((c) => c.method === 'entryRead').map((c) => c.request);
    // The hit is at code point 501: the window opens a quarter-width before it, clamped to the entry.
    expect(reads[0]).toEqual({ id: 'c1', mode: 'range', start: 0, end: TEXTS.c1.length });
    expect(screen.getByRole('listbox', { name: 'Entries of turn turn-c' })).toBeTruthy();
    // Back to the Search view: the hits are still there.
    fireEvent.click(screen.getByRole('button', { name: /^Search/ }));
    await waitForStatus(/4 hits in 3 entries/);
  });

  it('pages with the cursor (More) and Cancel stops asking for pages', async () => {
    const many = [{ meta: meta({ id: 'm1', turnId: 'turn-m', executorName: 'big_log' }), content: 'hit\n'.repeat(450) }];
    const { bridge } = fakeBridge(many);
    const all = referenceHits(many, { pattern: 'hit' });
    expect(Array.isArray(all) && all.length).toBe(450);
    // Pages of the real fake, except that the fourth call never answers (a scan still running).
    const inner = (bridge as unknown as { searchQuery: (r: SearchRequest) => Promise<Envelope<SearchResult>> }).searchQuery;
    let count = 0;
    const asked: SearchRequest[] = [];
    const slow = { ...bridge, searchQuery: (r: SearchRequest) => (asked.push(r), ++count === 3 ? new Promise<never>(() => {}) : inner(r)) } as typeof bridge;
    renderApp(slow);
    await searchFor('hit');
    await waitForStatus(/200 hits in 1 entry · scanned 100 B · more to scan/);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await waitForStatus(/400 hits in 1 entry/);
    expect(asked.map((r) => r.cursor)).toEqual([undefined, '200']);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await waitForStatus(/· searching…/);
    expect(screen.getByRole('progressbar', { name: 'Search progress' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitForStatus(/400 hits in 1 entry · scanned 200 B · cancelled/);
    expect(asked.map((r) => r.cursor)).toEqual([undefined, '200', '400']);
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  }, 60_000);

  it('keeps only the rows on screen in the DOM, and scrolling shows the later hits', async () => {
    const many = [
      { meta: meta({ id: 'm1', turnId: 'turn-m', executorName: 'big_log' }), content: Array.from({ length: 150 }, (_, i) => `hit ${i}`).join('\n') },
    ];
    const { bridge } = fakeBridge(many);
    renderApp(bridge);
    await searchFor('hit');
    await waitForStatus(/150 hits in 1 entry · scanned \d+ B · done/);
    // 152 rows (turn, entry, 150 hits) of 24-32 px in a 600 px box: the first screenful plus overscan only.
    const first = rowTexts();
    expect(first.slice(0, 3)).toEqual(['Turn turn-m', 'big_log · step 1 · text · 150 hits', 'line 1hit 0↵hit 1↵hit 2↵hit 3']);
    expect(first.length).toBeGreaterThan(20);
    expect(first.length).toBeLessThan(60);
    const results = document.querySelector<HTMLElement>('.search-results')!;
    Object.defineProperty(results, 'scrollTop', { configurable: true, get: () => 152 * 24 });
    fireEvent.scroll(results);
    await waitFor(() => expect(rowTexts().at(-1)).toMatch(/^line 150.*hit 149$/));
    expect(rowTexts()).not.toContain('Turn turn-m');
  });

  it("a binary hit opens the hex dump at the hit's byte, the matched bytes highlighted", async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 256);
    bytes.set([0x50, 0x4b, 0x03, 0x04], 200);
    const entries = [
      {
        meta: meta({ id: 'z1', turnId: 'turn-z', executorName: 'fetch_zip', kind: 'binary', sizeBytes: bytes.length, lengthCodePoints: null }),
        content: bytes,
      },
    ];
    const { bridge, calls } = fakeBridge(entries);
    // The fake searches text only: this bridge answers with the one binary hit the store would give for "PK\x03\x04".
    const hit: SearchHit = {
      id: 'z1',
      turnId: 'turn-z',
      stepNum: 1,
      executorName: 'fetch_zip',
      kind: 'binary',
      offset: 200,
      length: 4,
      line: null,
      preview: { text: 'PK..', matchStart: 0, matchLength: 4 },
      expired: false,
    };
    const binary = {
      ...bridge,
      searchQuery: (r: SearchRequest) => (
        calls.push({ method: 'searchQuery', request: r }),
        Promise.resolve({ ok: true as const, value: { hits: [hit], nextCursor: null, scannedBytes: 70_000, truncated: false } })
      ),
    } as typeof bridge;
    renderApp(binary);
    await searchFor('PK');
    fireEvent.click(await screen.findByRole('button', { name: /^byte 200/ }));
    await screen.findByRole('tab', { name: 'Binary', selected: true });
    // The 64 KiB page starts at the hit's 16-byte row (192 = 0xc0); the hit's four bytes are marked in hex and ASCII.
    await waitFor(() => expect(Array.from(document.querySelectorAll('.hex-dump mark'), (m) => m.textContent)).toEqual(['50 4b 03 04', 'PK..']));
    expect(calls.filter((c) => c.method === 'entryRead').map((c) => c.request)).toEqual([{ id: 'z1', mode: 'range', start: 192, end: 192 + 65_536 }]);
    const row = document.querySelector('.hex-dump mark')!.closest('.hex-row')!;
    expect(row.querySelector('.hex-offset')!.textContent).toBe('000000c0');
    expect(row.querySelector('.hex-bytes')!.textContent).toBe('c0 c1 c2 c3 c4 c5 c6 c7  50 4b 03 04 cc cd ce cf');
  });

  it("shows an invalid regex as the store's error", async () => {
    const { bridge } = fakeBridge(ENTRIES);
    renderApp(bridge);
    await screen.findByRole('listbox', { name: 'Turns' });
    fireEvent.keyDown(window, { key: 'F', ctrlKey: true, shiftKey: true });
    fireEvent.click(await screen.findByRole('button', { name: '.*' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search pattern' }), { target: { value: 'a[' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    const expected = referenceHits(ENTRIES, { pattern: 'a[', regex: true, caseSensitive: false }) as { error: string };
    expect(alert.querySelector('.error-message')?.textContent).toBe(expected.error);
    expect(alert.querySelector('.error-code')?.textContent).toBe('INVALID_ARGUMENT');
  });
});
