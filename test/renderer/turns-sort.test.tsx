import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TurnSummary } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { nextOrder } from '../../renderer/src/views/turns/SortHeader';
import { fakeBridge } from './fakeBridge';

const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

const turn = (turnId: string): TurnSummary => ({
  turnId,
  entryCount: 1,
  totalBytes: 10,
  firstCreatedAt: 1_700_000_000,
  lastCreatedAt: 1_700_000_000,
  earliestExpiresAt: 4_000_000_000,
  expiredCount: 0,
  executors: [],
  owners: [],
});

describe('nextOrder', () => {
  it('reverses the active column and starts another in its first direction', () => {
    expect(nextOrder({ sort: 'lastCreated', direction: 'desc' }, 'lastCreated')).toEqual({ sort: 'lastCreated', direction: 'asc' });
    expect(nextOrder({ sort: 'lastCreated', direction: 'asc' }, 'lastCreated')).toEqual({ sort: 'lastCreated', direction: 'desc' });
    expect(nextOrder({ sort: 'lastCreated', direction: 'asc' }, 'turnId')).toEqual({ sort: 'turnId', direction: 'asc' });
    expect(nextOrder({ sort: 'turnId', direction: 'asc' }, 'entryCount')).toEqual({ sort: 'entryCount', direction: 'desc' });
  });
});

describe('turns list headers', () => {
  it('sort on the server by every column, a second click reverses, and the footer shows the total', async () => {
    const { bridge } = fakeBridge([]);
    const requests: unknown[] = [];
    const paged = {
      ...bridge,
      turnsList: (r: unknown) => {
        requests.push(r);
        return Promise.resolve({ ok: true as const, value: { turns: [turn('t1'), turn('t2')], nextCursor: 'c1', total: 10_001 } });
      },
    };
    render(
      <ApiProvider api={createApi(paged)}>
        <App />
      </ApiProvider>,
    );
    await screen.findByText('t1');
    await waitFor(() => expect(screen.getByText(/10,001 turns/).textContent).toMatch(/^10,001 turns · \d+ loaded · more on scroll$/));
    const last = () => requests.at(-1);
    for (const [name, sort, direction] of [
      ['Turn', 'turnId', 'asc'],
      ['Entries', 'entryCount', 'desc'],
      ['Size', 'totalBytes', 'desc'],
      ['Expiry', 'earliestExpires', 'desc'],
    ] as const) {
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}( [▲▼])?$`) }));
      await waitFor(() => expect(last()).toEqual({ limit: 200, sort, ...(direction === 'asc' ? { direction } : {}) }));
    }
    fireEvent.click(await screen.findByRole('button', { name: /^Expiry/ }));
    await waitFor(() => expect(last()).toEqual({ limit: 200, sort: 'earliestExpires', direction: 'asc' }));
    expect(await screen.findByRole('button', { name: 'Expiry ▲' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^First/ }));
    await waitFor(() => expect(last()).toEqual({ limit: 200, sort: 'firstCreated' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Last/ }));
    await waitFor(() => expect(last()).toEqual({ limit: 200, sort: 'lastCreated' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Last/ }));
    await waitFor(() => expect(last()).toEqual({ limit: 200, sort: 'lastCreated', direction: 'asc' }));
  });
});
