import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScratchpadError, ApiProvider, createApi } from '../../renderer/src/api';
import { App } from '../../renderer/src/App';
import { ConnectionDialog } from '../../renderer/src/components/ConnectionDialog';
import { fakeBridge, meta } from './fakeBridge';

const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

describe('ConnectionDialog', () => {
  it('sends the URL and the masked password apart, offering the recent connections (files left out)', async () => {
    const sent: [string, string | undefined][] = [];
    render(
      <ConnectionDialog
        recent={['/data/a.db', 'postgres://alice@db:5432/scratch']}
        onConnect={async (url, pw) => void sent.push([url, pw])}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Open connection' });
    const url = within(dialog).getByLabelText('Connection URL') as HTMLInputElement;
    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect([url.value, password.type]).toEqual(['postgres://alice@db:5432/scratch', 'password']);
    expect([...dialog.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual(['postgres://alice@db:5432/scratch']);
    fireEvent.change(url, { target: { value: ' postgres://bob@other:5433/db ' } });
    fireEvent.change(password, { target: { value: 'hunter2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(sent).toEqual([['postgres://bob@other:5433/db', 'hunter2']]));
    expect(dialog.textContent).not.toContain('hunter2');
  });

  it('shows an unreachable server by its code with what to do, keeps the form, and closes on Escape', async () => {
    let closed = 0;
    render(
      <ConnectionDialog
        recent={[]}
        onConnect={async () => {
          throw new ScratchpadError('UNAVAILABLE', 'postgres://alice@db:5432/scratch: cannot reach the server (ECONNREFUSED)');
        }}
        onClose={() => closed++}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Open connection' });
    fireEvent.change(within(dialog).getByLabelText('Connection URL'), { target: { value: 'postgres://alice@db:5432/scratch' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'hunter2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not connect UNAVAILABLEpostgres://alice@db:5432/scratch: cannot reach the server (ECONNREFUSED)The database server cannot be reached: check that it is running and that the host and port are right, then retry.',
    );
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('hunter2');
    expect((within(dialog).getByRole('button', { name: 'Connect' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(closed).toBe(1);
  });
});

describe('App and File › Open connection…', () => {
  it('opens the dialog when main asks, connects through connection:open and shows the new session', async () => {
    const { bridge, calls, emit } = fakeBridge([{ meta: meta({ id: 'a1', turnId: 'turn-a' }), content: 'aaa' }]);
    render(
      <ApiProvider api={createApi(bridge)}>
        <App />
      </ApiProvider>,
    );
    expect(await screen.findByText('turn-a')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => emit('connection:prompt', {}));
    const dialog = await screen.findByRole('dialog', { name: 'Open connection' });
    fireEvent.change(within(dialog).getByLabelText('Connection URL'), { target: { value: 'postgres://alice@db:5432/scratch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'connectionOpen').map((c) => c.request)).toEqual([{ url: 'postgres://alice@db:5432/scratch' }]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'sessionInfo').length).toBeGreaterThan(1));
  });
});
