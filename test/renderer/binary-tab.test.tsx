import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntryView } from '../../renderer/src/views/entry/EntryView';
import { fakeBridge, meta } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized hex dump renders rows.
const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});
afterEach(cleanup);

const SHA = 'c0ffee'.padEnd(64, '0');

function openBinary(bytes: Uint8Array) {
  const fake = fakeBridge([
    {
      meta: meta({ id: 'b1', kind: 'binary', sizeBytes: bytes.length, lengthCodePoints: null }),
      content: bytes,
      description: { sha256: SHA, detectedType: 'zip' },
    },
  ]);
  render(
    <ApiProvider api={createApi(fake.bridge)}>
      <EntryView id="b1" revision={0} now={1_700_000_100} />
    </ApiProvider>,
  );
  return fake;
}

const offsets = () => [...document.querySelectorAll('.virtual-row .hex-offset')].map((e) => e.textContent);

describe('Binary tab', () => {
  it('shows the full sha256 and detected type, and copies the hash', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    openBinary(new Uint8Array(40));
    fireEvent.click(await screen.findByRole('tab', { name: 'Binary' }));
    expect((await screen.findByText(SHA)).textContent).toBe(SHA);
    expect(screen.getByText('zip')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy sha256' }));
    await screen.findByRole('button', { name: 'Copied ✓' });
    expect(writeText).toHaveBeenCalledWith(SHA);
  });

  it('pages the hex dump by range reads in bytes', async () => {
    const bytes = new Uint8Array(100).map((_, i) => i);
    const { calls } = openBinary(bytes);
    fireEvent.click(await screen.findByRole('tab', { name: 'Binary' }));
    await waitFor(() => expect(offsets()).toEqual(['00000000', '00000010', '00000020', '00000030', '00000040', '00000050', '00000060']));
    fireEvent.change(screen.getByRole('textbox', { name: 'n (bytes)' }), { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(offsets()).toEqual(['00000000', '00000010']));
    fireEvent.click(screen.getByRole('button', { name: 'Next ▶' }));
    await waitFor(() => expect(offsets()).toEqual(['00000020', '00000030']));
    expect(document.querySelector('.virtual-row .hex-bytes')!.textContent).toBe('20 21 22 23 24 25 26 27  28 29 2a 2b 2c 2d 2e 2f');
    const reads = calls.filter((c) => c.method === 'entryRead').map((c) => c.request);
    expect(reads).toEqual([
      { id: 'b1', mode: 'range', start: 0, end: 100 },
      { id: 'b1', mode: 'range', start: 0, end: 32 },
      { id: 'b1', mode: 'range', start: 32, end: 64 },
    ]);
  });

  it('the mode menu says what is on screen: head after a head read, range after next or a jump, tail after a tail read', async () => {
    openBinary(new Uint8Array(200_000));
    fireEvent.click(await screen.findByRole('tab', { name: 'Binary' }));
    const mode = () => (screen.getByLabelText('Slice mode') as HTMLSelectElement).value;
    await waitFor(() => expect(offsets()[0]).toBe('00000000'));
    expect(mode()).toBe('head');
    fireEvent.click(screen.getByRole('button', { name: 'Next ▶' }));
    await waitFor(() => expect(mode()).toBe('range'));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'start (bytes)' }) as HTMLInputElement).value).toBe('65536'));
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'head' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(mode()).toBe('head'));
    await waitFor(() => expect(offsets()[0]).toBe('00000000'));
    fireEvent.change(screen.getByRole('textbox', { name: /Jump to offset/ }), { target: { value: '100000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(mode()).toBe('range'));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'start (bytes)' }) as HTMLInputElement).value).toBe('100000'));
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'tail' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'n (bytes)' }), { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(offsets()).toEqual(['00030d20', '00030d30']));
    expect(mode()).toBe('tail');
  });
});
