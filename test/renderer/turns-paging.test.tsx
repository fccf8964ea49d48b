import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TurnSummary } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
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
  executors: ['web_fetch'],
  owners: [],
});

describe('turns paging', () => {
  it('loads the next cursor page when the list end is in view, and stops retrying a failed page until asked', async () => {
    const { bridge } = fakeBridge([]);
    const requests: unknown[] = [];
    let failNext = true;
    const paged = {
      ...bridge,
      turnsList: (r: { cursor?: string }) => {
        requests.push(r);
        if (!r.cursor) return Promise.resolve({ ok: true as const, value: { turns: [turn('t1'), turn('t2')], nextCursor: 'c1' } });
        if (failNext) return Promise.resolve({ ok: false as const, error: { code: 'BUSY' as const, message: 'database is locked' } });
        return Promise.resolve({ ok: true as const, value: { turns: [turn('t3')], nextCursor: null } });
      },
    };
    render(
      <ApiProvider api={createApi(paged)}>
        <App />
      </ApiProvider>,
    );
    expect((await screen.findByText(/database is locked/)).textContent).toBe('BUSY database is locked');
    await new Promise((r) => setTimeout(r, 100));
    expect(requests).toEqual([
      { limit: 200, sort: 'lastCreated' },
      { limit: 200, sort: 'lastCreated', cursor: 'c1' },
    ]);
    failNext = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('t3');
    await waitFor(() => expect(screen.getByText(/turns loaded/).textContent).toBe('3 turns loaded'));
    expect(requests).toHaveLength(3);
  });
});
