import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GcResult, SessionInfo } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { StoreRevisionProvider } from '../../renderer/src/hooks/useStoreRevision';
import { GcPage } from '../../renderer/src/views/gc/GcPage';
import { fakeBridge } from './fakeBridge';

afterEach(cleanup);

const result = (dryRun: boolean, now: number): GcResult => ({
  deletedRows: 3,
  deletedBytes: 3072,
  now,
  dryRun,
  turns: [
    { turnId: 'turn-a', owner: 'alice', rows: 2, bytes: 2048 },
    { turnId: 'turn-b', owner: 'bob', rows: 1, bytes: 1024 },
  ],
});
const session: SessionInfo = { file: '/tmp/a.db', format: 'v2', readonly: false, principal: { kind: 'operator' }, knownOwners: [], recentFiles: [] };

function setup(sessionInfo: SessionInfo = session) {
  const { bridge, calls } = fakeBridge([]);
  const gcBridge = {
    ...bridge,
    gcPreview: (r: { now?: number }) => {
      calls.push({ method: 'gcPreview', request: r });
      return Promise.resolve({ ok: true as const, value: result(true, r.now ?? 1_800_000_000) });
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
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['TurnOwnerRowsBytes', 'turn-aalice22 KiB', 'turn-bbob11 KiB']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete expired rows…' }));
    expect(calls.map((c) => c.method)).toEqual(['gcPreview']);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByText(/gc deleted/)).textContent).toBe('gc deleted 3 rows, 3 KiB (3,072 bytes) in 2 turns.');
    expect(calls.map((c) => c.method)).toEqual(['gcPreview', 'gcRun']);
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
    const input = screen.getByLabelText('At (local time)');
    fireEvent.change(input, { target: { value: '2030-01-02T03:04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    await screen.findByText(/Expired then:/);
    expect(calls).toEqual([{ method: 'gcPreview', request: { now: new Date('2030-01-02T03:04').getTime() / 1000 } }]);
  });
});
