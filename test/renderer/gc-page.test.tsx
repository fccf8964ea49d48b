import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GcResult, SessionInfo } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { StoreRevisionProvider } from '../../renderer/src/hooks/useStoreRevision';
import { GcPage } from '../../renderer/src/views/gc/GcPage';
import { fakeBridge } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized gc table renders rows.
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 300 }));
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
});
afterEach(cleanup);

const result = (dryRun: boolean, now: number, extra = 0): GcResult => ({
  deletedRows: 3 + extra,
  deletedBytes: 3072 + extra * 1024,
  now,
  dryRun,
  turns: [
    { turnId: 'turn-a', owner: 'alice', rows: 2 + extra, bytes: 2048 + extra * 1024 },
    { turnId: 'turn-b', owner: 'bob', rows: 1, bytes: 1024 },
  ],
});
const session: SessionInfo = { file: '/tmp/a.db', format: 'v2', readonly: false, principal: { kind: 'operator' }, knownOwners: [], recentFiles: [] };

/** `extraRows[i]`: rows expired since, for the i-th preview (default none). */
function setup(sessionInfo: SessionInfo = session, extraRows: number[] = []) {
  const { bridge, calls } = fakeBridge([]);
  let previews = 0;
  const gcBridge = {
    ...bridge,
    gcPreview: (r: { now?: number }) => {
      calls.push({ method: 'gcPreview', request: r });
      const extra = extraRows[previews++] ?? extraRows[extraRows.length - 1] ?? 0;
      return Promise.resolve({ ok: true as const, value: result(true, r.now ?? 1_800_000_000, extra) });
    },
    gcRun: (r: unknown) => {
      calls.push({ method: 'gcRun', request: r });
      return Promise.resolve({ ok: true as const, value: result(false, 1_800_000_001) });
    },
  };
  render(
    <ApiProvider api={createApi(gcBridge)}>
      <StoreRevisionProvider>
        <GcPage session={sessionInfo} />
      </StoreRevisionProvider>
    </ApiProvider>,
  );
  return calls;
}

describe('GcPage', () => {
  it('previews, asks for confirmation, and only then runs gc', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Preview gc now' }));
    expect((await screen.findByText(/gc would delete/)).textContent).toBe('gc would delete 3 rows, 3 KiB (3,072 bytes) in 2 turns.');
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['TurnOwnerRowsBytes', '▸turn-aalice22 KiB', '▸turn-bbob11 KiB']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete expired rows…' }));
    expect(calls.map((c) => c.method)).toEqual(['gcPreview']);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByText(/gc deleted/)).textContent).toBe('gc deleted 3 rows, 3 KiB (3,072 bytes) in 2 turns.');
    // The confirmation checks the rows are still the previewed ones right before the run.
    expect(calls.map((c) => c.method)).toEqual(['gcPreview', 'gcPreview', 'gcRun']);
  });

  it('when more rows expired since the preview, says how many and asks again before deleting', async () => {
    const calls = setup(session, [0, 2]);
    fireEvent.click(screen.getByRole('button', { name: 'Preview gc now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete expired rows…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByText(/more rows expired since the preview/)).textContent).toBe(
      '2 more rows expired since the preview: the list above now shows what gc deletes.',
    );
    expect(screen.getByText(/gc would delete/).textContent).toBe('gc would delete 5 rows, 5 KiB (5,120 bytes) in 2 turns.');
    expect(calls.map((c) => c.method)).toEqual(['gcPreview', 'gcPreview']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText(/gc deleted/);
    expect(calls.map((c) => c.method)).toEqual(['gcPreview', 'gcPreview', 'gcPreview', 'gcRun']);
  });

  it('expands a turn to its expired entries and opens a turn by its id', async () => {
    const opened: string[] = [];
    const { bridge } = fakeBridge([]);
    const entries = [
      {
        id: 'e-old',
        turnId: 'turn-a',
        stepNum: 1,
        executorName: 'read_files',
        kind: 'text',
        structured: false,
        sizeBytes: 2048,
        lengthCodePoints: 2048,
        summary: '',
        createdAt: 1,
        expiresAt: 1_700_000_000,
        expiry: 'expired',
        owner: 'alice',
        actor: null,
        channel: null,
      },
      {
        id: 'e-live',
        turnId: 'turn-a',
        stepNum: 2,
        executorName: 'web_fetch',
        kind: 'text',
        structured: false,
        sizeBytes: 10,
        lengthCodePoints: 10,
        summary: '',
        createdAt: 2,
        expiresAt: 1_900_000_000,
        expiry: 'live',
        owner: 'alice',
        actor: null,
        channel: null,
      },
    ] as const;
    render(
      <ApiProvider
        api={createApi({
          ...bridge,
          gcPreview: () => Promise.resolve({ ok: true as const, value: result(true, 1_800_000_000) }),
          turnEntries: () => Promise.resolve({ ok: true as const, value: [...entries] }),
        })}
      >
        <StoreRevisionProvider>
          <GcPage session={session} onOpenTurn={(id) => opened.push(id)} />
        </StoreRevisionProvider>
      </ApiProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview gc now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show the entries of turn-a' }));
    const list = await screen.findByRole('list', { name: 'Entries of turn-a gc deletes' });
    expect([...list.querySelectorAll('li')].map((li) => li.querySelector('.mono')?.textContent)).toEqual(['e-old']);
    fireEvent.click(screen.getByRole('button', { name: 'turn-b' }));
    expect(opened).toEqual(['turn-b']);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Preview gc now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete expired rows…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(calls.map((c) => c.method)).toEqual(['gcPreview']);
  });

  it('disables the run on a read-only file', async () => {
    setup({ ...session, readonly: true });
    fireEvent.click(screen.getByRole('button', { name: 'Preview gc now' }));
    expect(((await screen.findByRole('button', { name: 'Delete expired rows…' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('simulates expiry at a picked future time with gcPreview({ now })', async () => {
    const calls = setup();
    const input = screen.getByLabelText('Expires at or before (local date and time)');
    fireEvent.change(input, { target: { value: '2030-01-02T03:04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    await screen.findByText(/Expired then:/);
    expect(calls).toEqual([{ method: 'gcPreview', request: { now: new Date('2030-01-02T03:04').getTime() / 1000 } }]);
  });
});
