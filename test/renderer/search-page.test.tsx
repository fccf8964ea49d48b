import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, SearchRequest, SearchResult } from '../../app/contract';
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
  { meta: meta({ id: 'a2', turnId: 'turn-a', stepNum: 2, executorName: 'tail_logs', createdAt: 110, expiresAt: 1_600_000_000, expiry: 'expired', lengthCodePoints: TEXTS.a2.length }), content: TEXTS.a2 },
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
    expect(calls.filter((c) => c.method === 'searchQuery').map((c) => c.request)).toEqual([{ pattern: 'timeout', caseSensitive: false, regex: false, limit: 200 }]);
    const turns = screen.getAllByRole('region', { name: /^Turn / });
    expect(turns.map((t) => t.getAttribute('aria-label'))).toEqual(['Turn turn-a', 'Turn turn-c']);
    const groups = within(turns[0]!).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Hits in web_fetch step 1', 'Hits in tail_logs step 2']);
    expect(within(groups[0]!).getAllByRole('button').map((b) => b.textContent)).toEqual(['line 1first timeout here↵second line ti', 'line 2ut here↵second line timeout']);
    expect(within(groups[0]!).queryByText('expired')).toBeNull();
    expect(within(groups[1]!).getByText('expired')).toBeTruthy();
    expect(Array.from(groups[1]!.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['Timeout']);
  });

  it('a click on a hit opens the entry in Content at the hit, the match highlighted', async () => {
    const { bridge, calls } = fakeBridge(ENTRIES);
    renderApp(bridge);
    await searchFor('timeout');
    const group = await screen.findByRole('group', { name: 'Hits in sql_query step 7' });
    fireEvent.click(within(group).getByRole('button'));
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

  it('shows an invalid regex as the store\'s error', async () => {
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
