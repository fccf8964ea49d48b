import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { StoreRevisionProvider } from '../../renderer/src/hooks/useStoreRevision';
import { TurnsPage } from '../../renderer/src/views/turns/TurnsPage';
import { fakeBridge, meta } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized turns list renders rows.
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
});
afterEach(cleanup);

describe('turn expiry as time passes', () => {
  it('lists the turns again once the clock passes a turn’s first expiry, and the badge follows the clock', async () => {
    const t0 = 1_700_000_000;
    const fake = fakeBridge([
      { meta: meta({ id: 'a1', turnId: 'turn-a', expiresAt: t0 + 30 }), content: 'x' },
      { meta: meta({ id: 'a2', turnId: 'turn-a', stepNum: 2, expiresAt: t0 + 86_400 }), content: 'y' },
    ]);
    const api = createApi(fake.bridge);
    const page = (now: number) => (
      <ApiProvider api={api}>
        <StoreRevisionProvider>
          <TurnsPage session={undefined} now={now} selection={{ turnId: null, entryId: null }} onSelect={() => {}} active />
        </StoreRevisionProvider>
      </ApiProvider>
    );
    const { rerender } = render(page(t0));
    const badge = () =>
      within(screen.getByRole('listbox', { name: 'Turns' }))
        .getByRole('option')
        .querySelector('[data-state]')!;
    await waitFor(() => expect(badge().getAttribute('data-state')).toBe('expiring'));
    const lists = () => fake.calls.filter((c) => c.method === 'turnsList').length;
    await new Promise((r) => setTimeout(r, 300)); // past the filter's debounce
    const base = lists();
    expect(base).toBe(1);
    rerender(page(t0 + 29));
    await new Promise((r) => setTimeout(r, 20));
    expect(lists()).toBe(base);
    rerender(page(t0 + 31));
    await waitFor(() => expect(lists()).toBe(base + 1));
    expect(badge().getAttribute('data-state')).toBe('expired');
    // Once per moment: later ticks with the same (stale) summary do not list again.
    rerender(page(t0 + 32));
    await new Promise((r) => setTimeout(r, 20));
    expect(lists()).toBe(base + 1);
  });
});
