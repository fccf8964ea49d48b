import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { STORAGE_PREFIX } from '../../renderer/src/hooks/useStoredState';
import { fakeBridge, meta } from './fakeBridge';

const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const ENTRIES = [
  { meta: meta({ id: 'a1', turnId: 'turn-a', stepNum: 1, executorName: 'web_fetch', createdAt: 100 }), content: 'x' },
  { meta: meta({ id: 'a2', turnId: 'turn-a', stepNum: 2, executorName: 'tail_logs', createdAt: 110 }), content: 'y' },
];

function renderApp() {
  const { bridge } = fakeBridge(ENTRIES);
  return render(
    <ApiProvider api={createApi(bridge)}>
      <App />
    </ApiProvider>,
  );
}

const template = (el: Element) => (el as HTMLElement).style.gridTemplateColumns;

describe('resizable table columns', () => {
  it('a turns column resized by keyboard changes the header and every row, and is remembered across restarts', async () => {
    const first = renderApp();
    const list = await screen.findByRole('listbox', { name: 'Turns' });
    const header = document.querySelector('.turns-list .list-header')!;
    // Operator view: turn (fills), owners, entries, size, first, last, expiry.
    expect(template(header)).toBe('minmax(124px, 1fr) 90px 56px 66px 92px 92px 116px');
    const size = screen.getByRole('separator', { name: 'Resize the Size column' });
    expect(size.getAttribute('aria-valuenow')).toBe('66');
    fireEvent.keyDown(size, { key: 'ArrowRight' });
    fireEvent.keyDown(size, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(template(header)).toBe('minmax(124px, 1fr) 90px 56px 114px 92px 92px 116px'));
    expect(within(list).getAllByRole('option').map(template)).toEqual(['minmax(124px, 1fr) 90px 56px 114px 92px 92px 116px']);
    expect(JSON.parse(window.localStorage.getItem(`${STORAGE_PREFIX}columns.turns`)!)).toEqual({ size: 114 });
    // Not below the column's minimum.
    for (let i = 0; i < 5; i++) fireEvent.keyDown(size, { key: 'ArrowLeft', shiftKey: true });
    await waitFor(() => expect(size.getAttribute('aria-valuenow')).toBe('48'));
    fireEvent.keyDown(size, { key: 'ArrowRight' });
    first.unmount();

    renderApp();
    await screen.findByRole('listbox', { name: 'Turns' });
    expect(template(document.querySelector('.turns-list .list-header')!)).toBe('minmax(124px, 1fr) 90px 56px 56px 92px 92px 116px');
    // Double click resets the column to its default and forgets it.
    fireEvent.doubleClick(screen.getByRole('separator', { name: 'Resize the Size column' }));
    await waitFor(() => expect(template(document.querySelector('.turns-list .list-header')!)).toBe('minmax(124px, 1fr) 90px 56px 66px 92px 92px 116px'));
    expect(JSON.parse(window.localStorage.getItem(`${STORAGE_PREFIX}columns.turns`)!)).toEqual({});
  });

  it('an entries column resized by keyboard changes the header and both rows, and is remembered', async () => {
    renderApp();
    fireEvent.click(await screen.findByRole('option', { name: /turn-a/ }));
    const table = await screen.findByRole('listbox', { name: 'Entries of turn turn-a' });
    const executor = within(table).getByRole('separator', { name: 'Resize the Executor column' });
    fireEvent.keyDown(executor, { key: 'ArrowRight', shiftKey: true });
    const expected = '58px minmax(136px, 1fr) 86px 66px 100px 92px 140px';
    await waitFor(() => expect(template(table.querySelector('.list-header')!)).toBe(expected));
    expect(within(table).getAllByRole('option').map(template)).toEqual([expected, expected]);
    expect(JSON.parse(window.localStorage.getItem(`${STORAGE_PREFIX}columns.entries`)!)).toEqual({ executor: 136 });
  });
});
