import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { primeSessionInfo } from '../../renderer/src/hooks/useSessionInfo';
import { primeFirstTurnsPage } from '../../renderer/src/views/turns/useTurns';
import { fakeBridge, meta } from './fakeBridge';

const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

// Live entries: an expired one would make the list refresh itself (TurnsPage), a load of its own.
const entries = [
  { meta: meta({ id: 'a'.repeat(44), turnId: 'turn-one', expiresAt: 4_000_000_000 }), content: 'one' },
  { meta: meta({ id: 'b'.repeat(44), turnId: 'turn-two', expiresAt: 4_000_000_000 }), content: 'two' },
];

describe('start-up answers (primeFirstTurnsPage, primeSessionInfo)', () => {
  it('renders the turn rows and the session in the first render when both answers arrived before it, asking main for neither again', async () => {
    const { bridge, calls } = fakeBridge(entries, { session: { file: '/data/heavy.db', principal: { kind: 'user', userId: 'u1' } } });
    const api = createApi(bridge);
    primeFirstTurnsPage(api);
    primeSessionInfo(api);
    await new Promise((r) => setTimeout(r, 0));
    render(
      <ApiProvider api={api}>
        <App />
      </ApiProvider>,
    );
    // No await since render(): what the first commit built.
    const rows = within(screen.getByRole('listbox', { name: 'Turns' })).getAllByRole('option');
    expect(rows.map((row) => row.querySelector('.mono')?.textContent)).toEqual(['turn-one', 'turn-two']);
    expect(screen.queryByText(/Loading turns/)).toBeNull();
    expect(screen.getByText('heavy.db')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'turnsList' || c.method === 'sessionInfo')).toEqual([
      { method: 'turnsList', request: { limit: 200, sort: 'lastCreated' } },
      { method: 'sessionInfo', request: {} },
    ]);
  });

  it('asks main again at the next load (a later mount of the list, a store refresh) instead of reusing the start-up answers', async () => {
    const { bridge, calls, emit } = fakeBridge(entries);
    const api = createApi(bridge);
    primeFirstTurnsPage(api);
    primeSessionInfo(api);
    await new Promise((r) => setTimeout(r, 0));
    render(
      <ApiProvider api={api}>
        <App />
      </ApiProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    const asked = () => calls.filter((c) => c.method === 'turnsList' || c.method === 'sessionInfo').map((c) => c.method);
    expect(asked()).toEqual(['turnsList', 'sessionInfo']);
    act(() => emit('store:changed', { reason: 'external-write' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(asked().slice(2).sort()).toEqual(['sessionInfo', 'turnsList']);
  });
});
