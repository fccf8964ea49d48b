import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { fakeBridge, meta } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized turns list renders rows.
const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

describe('App', () => {
  it('opens a turn with the keyboard and keeps the selection when main pushes store:changed', async () => {
    const entries = [
      { meta: meta({ id: 'a1', turnId: 'turn-a', createdAt: 100, executorName: 'web_fetch' }), content: 'aaa' },
      { meta: meta({ id: 'b1', turnId: 'turn-b', createdAt: 200, executorName: 'mail_read' }), content: 'bbb' },
    ];
    const { bridge, calls, emit } = fakeBridge(entries);
    render(
      <ApiProvider api={createApi(bridge)}>
        <App />
      </ApiProvider>,
    );
    const list = await screen.findByRole('listbox', { name: 'Turns' });
    expect(await screen.findByText('turn-b')).toBeTruthy();
    expect(screen.getByText('Viewing as', { exact: false }).textContent).toBe('Viewing as operator (all owners)');
    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    const entriesList = await screen.findByRole('listbox', { name: 'Entries of turn turn-b' });
    expect(entriesList.textContent).toContain('mail_read');
    const turnListCalls = calls.filter((c) => c.method === 'turnsList').length;

    act(() => emit('store:changed', { reason: 'external-write' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'turnsList').length).toBe(turnListCalls + 1));
    await waitFor(() => expect(screen.getByText(/another process wrote/)).toBeTruthy());
    const selected = within(screen.getByRole('listbox', { name: 'Turns' })).getAllByRole('option', { selected: true });
    expect(selected.map((o) => o.textContent?.slice(0, 6))).toEqual(['turn-b']);
    expect(screen.getByRole('listbox', { name: 'Entries of turn turn-b' })).toBeTruthy();
  });

  it('filters and sorts on the server: query from the filter box, sort from the Size header and the s key', async () => {
    const { bridge, calls } = fakeBridge([{ meta: meta({ id: 'a1', turnId: 'turn-a' }), content: 'a' }]);
    render(
      <ApiProvider api={createApi(bridge)}>
        <App />
      </ApiProvider>,
    );
    await screen.findByText('turn-a');
    fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'turnsList').at(-1)?.request).toEqual({ limit: 200, sort: 'totalBytes' }));
    // The header shows the new sort once the sorted page has come back (the list shows Loading until then).
    expect(await screen.findByRole('button', { name: 'Size ▼' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter turns by turn id or executor'), { target: { value: ' web_fetch ' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'turnsList').at(-1)?.request).toEqual({ limit: 200, sort: 'totalBytes', query: 'web_fetch' }));
    fireEvent.keyDown(document.body, { key: 's' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'turnsList').at(-1)?.request).toEqual({ limit: 200, sort: 'lastCreated', query: 'web_fetch' }));
  });

  it('shows long store work pushed by main while it runs', async () => {
    const { bridge, emit } = fakeBridge([]);
    render(
      <ApiProvider api={createApi(bridge)}>
        <App />
      </ApiProvider>,
    );
    await screen.findByText('Viewing as', { exact: false });
    act(() => emit('work:progress', { task: 'gc', done: 40, total: 100 }));
    const bar = screen.getByRole('progressbar', { name: 'gc progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([40, 100]);
    act(() => emit('work:progress', { task: 'gc', done: 100, total: 100 }));
    expect(screen.queryByRole('progressbar', { name: 'gc progress' })).toBeNull();
  });

  it('shows the typed error when the session cannot be read', async () => {
    const { bridge } = fakeBridge([]);
    const failing = {
      ...bridge,
      sessionInfo: () => Promise.resolve({ ok: false as const, error: { code: 'CORRUPT' as const, message: 'file is not a database' } }),
    };
    render(
      <ApiProvider api={createApi(failing)}>
        <App />
      </ApiProvider>,
    );
    const alert = await screen.findByText('file is not a database', { exact: false });
    expect(alert.textContent).toContain('CORRUPT');
  });
});
