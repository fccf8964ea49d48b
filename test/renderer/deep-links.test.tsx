import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LinkTarget } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { fakeBridge, meta, type FakeEntry } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized lists render rows.
const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

const LONG = Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join('\n');
const BYTES = new Uint8Array(100_000).map((_, i) => i % 251);
const ENTRIES: FakeEntry[] = [
  { meta: meta({ id: 'a1', turnId: 'turn-a', stepNum: 1, executorName: 'web_fetch', createdAt: 100, lengthCodePoints: 5, sizeBytes: 5 }), content: 'hello' },
  {
    meta: meta({ id: 'b1', turnId: 'turn-b', stepNum: 1, executorName: 'tail_logs', createdAt: 200, lengthCodePoints: LONG.length, sizeBytes: LONG.length }),
    content: LONG,
  },
  {
    meta: meta({
      id: 'b2',
      turnId: 'turn-b',
      stepNum: 2,
      executorName: 'fetch_zip',
      kind: 'binary',
      createdAt: 210,
      lengthCodePoints: null,
      sizeBytes: BYTES.length,
    }),
    content: BYTES,
  },
];

function renderApp(pendingLink?: LinkTarget) {
  const fake = fakeBridge(ENTRIES, pendingLink ? { pendingLink } : {});
  render(
    <ApiProvider api={createApi(fake.bridge)}>
      <App />
    </ApiProvider>,
  );
  return fake;
}

/** Resolves once the app has subscribed to link:open (it asks for the pending link right after), so an event is not lost. */
const listening = (fake: ReturnType<typeof fakeBridge>) => waitFor(() => expect(fake.calls.some((c) => c.method === 'linkPending')).toBe(true));
const reads = (fake: ReturnType<typeof fakeBridge>, id: string) =>
  fake.calls.filter((c) => c.method === 'entryRead' && (c.request as { id: string }).id === id).map((c) => c.request);

describe('deep links in the renderer', () => {
  it('opens the pending link of a new window: its turn, its entry, Content at the offset', async () => {
    const fake = renderApp({ id: 'b1', offset: 100_000 });
    await screen.findByRole('listbox', { name: 'Entries of turn turn-b' });
    await screen.findByRole('tab', { name: 'Content', selected: true });
    expect(screen.getByRole('option', { name: /tail_logs/, selected: true })).toBeTruthy();
    // The window read opens a quarter of its width (64 Ki code points) before the offset, and the row scrolls there.
    await waitFor(() => expect(reads(fake, 'b1')[0]).toEqual({ id: 'b1', mode: 'range', start: 100_000 - 16_384, end: 100_000 - 16_384 + 65_536 }));
    expect(fake.calls.filter((c) => c.method === 'linkPending')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("follows link:open while it runs, and opens a binary entry's hex dump at the byte", async () => {
    const fake = renderApp();
    await screen.findByRole('listbox', { name: 'Turns' });
    await listening(fake);
    fake.emit('link:open', { id: 'b2', offset: 4_100 });
    await screen.findByRole('tab', { name: 'Binary', selected: true });
    // 4,100 is in the 16-byte row at 4,096 (0x1000): the page starts there and that byte is marked.
    await waitFor(() => expect(reads(fake, 'b2')).toEqual([{ id: 'b2', mode: 'range', start: 4_096, end: 4_096 + 65_536 }]));
    await waitFor(() => expect(document.querySelector('.hex-dump mark')?.closest('.hex-row')?.querySelector('.hex-offset')?.textContent).toBe('00001000'));
    expect(document.querySelector('.hex-dump mark')!.textContent).toBe((4_100 % 251).toString(16).padStart(2, '0'));
    // A second link to another turn's entry, without offset: selected, opened on What the model saw.
    fake.emit('link:open', { id: 'a1' });
    await screen.findByRole('listbox', { name: 'Entries of turn turn-a' });
    await screen.findByRole('tab', { name: 'What the model saw', selected: true });
    expect(screen.getByRole('option', { name: /web_fetch/, selected: true })).toBeTruthy();
  });

  it('says "not found" in the app for an id the window cannot see, and keeps what was open', async () => {
    const fake = renderApp({ id: 'a1' });
    await screen.findByRole('tab', { name: 'What the model saw', selected: true });
    fake.emit('link:open', { id: 'bob-secret-row', offset: 3 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Link: entry not found. This file has no entry bob-secret-row that you may see: it may have been deleted by gc, or belong to another owner.Dismiss',
    );
    expect(screen.getByRole('option', { name: /web_fetch/, selected: true })).toBeTruthy();
    expect(document.querySelector('.entry-view')?.getAttribute('aria-label')).toBe('Entry a1');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a pending link to an unknown id shows the message, not a blank pane', async () => {
    renderApp({ id: 'gone' });
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('strong')!.textContent).toBe('Link: entry not found.');
    expect(alert.querySelector('code')!.textContent).toBe('gone');
    expect(screen.getByRole('listbox', { name: 'Turns' })).toBeTruthy();
  });
});
