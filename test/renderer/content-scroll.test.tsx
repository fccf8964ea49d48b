import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntryView } from '../../renderer/src/views/entry/EntryView';
import { SCROLL_CHUNK } from '../../renderer/src/views/entry/textWindow';
import { fakeBridge, meta } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized text renders rows.
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 500 }));
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
});
afterEach(cleanup);

/** Gives the scrolling text a scroll geometry (jsdom has no layout) and returns a setter for its scrollTop. */
function geometry(panel: HTMLElement, scrollHeight: number, clientHeight: number) {
  let top = 0;
  Object.defineProperty(panel, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(panel, 'clientHeight', { configurable: true, get: () => clientHeight });
  Object.defineProperty(panel, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
  return (value: number, userInput: boolean) => {
    if (userInput) fireEvent.wheel(panel, { deltaY: value - top });
    top = value;
    fireEvent.scroll(panel);
  };
}

describe('Content scrolling', () => {
  const total = 5_000;
  const text = Array.from({ length: total / 10 }, (_, i) => String(i).padStart(9, '0') + '\n').join('');

  it('reads the next chunk when the user scrolls to the bottom edge, not on programmatic scrolls', async () => {
    const fake = fakeBridge([{ meta: meta({ id: 'big', sizeBytes: total, lengthCodePoints: total }), content: text }]);
    render(
      <ApiProvider api={createApi(fake.bridge)}>
        <EntryView id="big" revision={0} now={1_700_000_100} />
      </ApiProvider>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'n (code points)' }), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await screen.findByText(/Showing 0 – 1,000 of/, undefined, { timeout: 10_000 });
    const scrollTo = geometry(document.querySelector('.slice-text') as HTMLElement, 2000, 500);
    scrollTo(1400, false); // programmatic: no read
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.calls.filter((c) => c.method === 'entryRead')).toHaveLength(2);
    scrollTo(1450, true);
    await screen.findByText(/Showing 0 – 5,000 of/, undefined, { timeout: 10_000 });
    expect(fake.calls.filter((c) => c.method === 'entryRead').at(-1)?.request).toEqual({
      id: 'big',
      mode: 'range',
      start: 1000,
      end: Math.min(total, 1000 + SCROLL_CHUNK),
    });
    // The window now holds all 500 lines (and the empty one after the last newline); the rows in the DOM are
    // the lines at their places, the joined chunks with no line lost or doubled at the seam (line 99 | 100).
    const shown = document.querySelector('.slice-text') as HTMLElement;
    expect(shown.dataset.rows).toBe('501');
    const rows = [...shown.querySelectorAll<HTMLElement>('.line')].map((row) => [Number(row.dataset.line), row.querySelector('.lt')?.textContent]);
    expect(rows.length).toBeGreaterThan(0);
    for (const [line, content] of rows) expect(content).toBe(line === 500 ? '' : String(line).padStart(9, '0'));
  });

  it('reads the previous chunk when the user scrolls up to the top edge', async () => {
    const fake = fakeBridge([{ meta: meta({ id: 'big', sizeBytes: total, lengthCodePoints: total }), content: text }]);
    render(
      <ApiProvider api={createApi(fake.bridge)}>
        <EntryView id="big" revision={0} now={1_700_000_100} />
      </ApiProvider>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    fireEvent.change(await screen.findByLabelText('Slice mode'), { target: { value: 'range' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'start (code points)' }), { target: { value: '4000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'end (code points)' }), { target: { value: '4500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await screen.findByText(/Showing 4,000 – 4,500 of/, undefined, { timeout: 10_000 });
    const scrollTo = geometry(document.querySelector('.slice-text') as HTMLElement, 2000, 500);
    scrollTo(600, false);
    scrollTo(100, true);
    await waitFor(() => expect(screen.getByText(/Showing/).textContent).toContain('Showing 0 – 4,500 of'), { timeout: 10_000 });
    expect(fake.calls.filter((c) => c.method === 'entryRead').at(-1)?.request).toEqual({
      id: 'big',
      mode: 'range',
      start: Math.max(0, 4000 - SCROLL_CHUNK),
      end: 4000,
    });
  });
});
