import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntryView } from '../../renderer/src/views/entry/EntryView';
import { fakeBridge, meta } from './fakeBridge';

const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
});
afterEach(cleanup);

// 10,000 lines of 10 code points: line k (1-based) starts at code point (k - 1) * 10.
const TEXT = Array.from({ length: 10_000 }, (_, k) => `row ${String(k + 1).padStart(5, '0')}\n`).join('');
const ENTRY = { meta: meta({ id: 'n', sizeBytes: TEXT.length, lengthCodePoints: TEXT.length }), content: TEXT };

function open(lines: boolean) {
  const fake = fakeBridge([ENTRY], { lines });
  render(
    <ApiProvider api={createApi(fake.bridge)}>
      <EntryView id="n" revision={0} now={1_700_000_100} />
    </ApiProvider>,
  );
  return fake;
}

const firstLabel = () => document.querySelector('.slice-text .line .ln')?.textContent;
const firstText = () => document.querySelector('.slice-text .line .lt')?.textContent;

async function jumpTo(offset: number) {
  fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
  await screen.findByRole('document', { name: 'Slice content' });
  const jump = screen.getByRole('form', { name: 'Jump to offset' });
  fireEvent.change(jump.querySelector('input[name="offset"]')!, { target: { value: String(offset) } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
}

describe('line numbers in Content', () => {
  it("number the entry's lines from the read's startLine, not the slice's", async () => {
    open(true);
    await jumpTo(20_000);
    await waitFor(() => expect(firstText()).toBe('row 02001'));
    expect(firstLabel()).toBe('2001');
    expect(screen.queryByText(/Line numbers count from offset/)).toBeNull();
  });

  it('count within the window (and say so) when the store gives no startLine', async () => {
    open(false);
    await jumpTo(20_000);
    await waitFor(() => expect(firstText()).toBe('row 02001'));
    expect(firstLabel()).toBe('1');
    expect(screen.getByText(/Line numbers count from offset 20,000/)).toBeTruthy();
  });

  it('go to line reads that line with a lines read and opens the window there', async () => {
    const { calls } = open(true);
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    await screen.findByRole('document', { name: 'Slice content' });
    const form = screen.getByRole('form', { name: 'Go to line' });
    const field = form.querySelector('input[name="line"]') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.submit(form);
    expect((await screen.findByRole('alert')).textContent).toBe('lines count from 1');
    fireEvent.change(field, { target: { value: '10002' } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('the entry has 10,001 lines'));
    fireEvent.change(field, { target: { value: '8000' } });
    fireEvent.submit(form);
    await waitFor(() => expect(calls.some((c) => c.method === 'entryRead' && (c.request as { mode: string }).mode === 'lines')).toBe(true));
    expect(calls.find((c) => (c.request as { mode?: string }).mode === 'lines')!.request).toEqual({ id: 'n', mode: 'lines', start: 7999, end: 8000 });
    // Line 8,000 starts at 79,990, past the first window: a full window ending at the entry's end opens, its lines
    // numbered from its start (34,464 is inside line 3,447).
    await waitFor(() => expect(calls.at(-1)!.request).toEqual({ id: 'n', mode: 'range', start: 34_464, end: 100_000 }));
    await waitFor(() => expect(firstLabel()).toBe('3447'));
  });
});
