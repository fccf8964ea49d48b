import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntryView } from '../../renderer/src/views/entry/EntryView';
import { fakeBridge, meta } from './fakeBridge';
import { referenceHits } from './fakeSearch';

// jsdom has no layout: give elements a height and a settable scrollTop so the virtualized text renders rows
// and a reveal can be followed (a browser fires the scroll event itself; the test fires it).
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const savedTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
const tops = new WeakMap<Element, number>();
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get() {
      return tops.get(this) ?? 0;
    },
    set(v: number) {
      tops.set(this, v);
    },
  });
});
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
  delete (HTMLElement.prototype as { scrollTop?: number }).scrollTop;
  void savedTop;
});
const sliceText = () => screen.getByRole('document', { name: 'Slice content' });
afterEach(cleanup);

// 12,000 lines of 20 code points (240,000 in all); NEEDLE on lines 10, 6,000 and 11,000 (the last two beyond the
// first 65,536-code-point window), "needle" in lower case once on line 20.
const LINES = 12_000;
const lineText = (k: number) =>
  k === 10 || k === 6_000 || k === 11_000
    ? `l${String(k).padStart(5, '0')} NEEDLE here.\n`
    : k === 20
      ? `l${String(k).padStart(5, '0')} needle here.\n`
      : `l${String(k).padStart(5, '0')} ............\n`;
const TEXT = Array.from({ length: LINES }, (_, k) => lineText(k)).join('');
const ENTRY = { meta: meta({ id: 'big', sizeBytes: TEXT.length, lengthCodePoints: TEXT.length }), content: TEXT };

function open(content = ENTRY) {
  const fake = fakeBridge([content]);
  render(
    <ApiProvider api={createApi(fake.bridge)}>
      <EntryView id={content.meta.id} revision={0} now={1_700_000_100} />
    </ApiProvider>,
  );
  return fake;
}

const findStatus = () => document.getElementById('find-status')!;
const currentMark = () => document.querySelector('mark.find-hit.current');

describe('find in the entry', () => {
  it('Ctrl+F opens Content with find; the count covers the whole entry and next jumps across slices', async () => {
    const { calls } = open();
    await screen.findByRole('tab', { name: 'What the model saw', selected: true });
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    await screen.findByRole('tab', { name: 'Content', selected: true });
    const field = await screen.findByRole('searchbox', { name: 'Find in entry' });
    fireEvent.change(field, { target: { value: 'needle' } });
    await waitFor(() => expect(findStatus().textContent).toBe('1 of 4'));
    expect(calls.filter((c) => c.method === 'searchQuery').map((c) => c.request)).toEqual([
      { pattern: 'needle', caseSensitive: false, regex: false, id: 'big', limit: 1000 },
    ]);
    expect(currentMark()?.textContent).toBe('NEEDLE');
    expect(currentMark()?.closest('.line')?.textContent).toContain('l00010 NEEDLE here');

    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    await waitFor(() => expect(findStatus().textContent).toBe('2 of 4'));
    expect(currentMark()?.textContent).toBe('needle');
    // The third match (line 6,000 at code point 120,007) is outside the first window: a range read around it.
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(findStatus().textContent).toBe('3 of 4'));
    const offset = 6_000 * 20 + 7;
    // Row 819 of the window [103,623, 169,159) (its first row is the tail of line 5,181) goes to a third of the view.
    await waitFor(() => expect(sliceText().scrollTop).toBe(819 * 18 - 200));
    fireEvent.scroll(sliceText());
    await waitFor(() => expect(currentMark()?.closest('.line')?.textContent).toContain('l06000 NEEDLE here'));
    const last = calls.filter((c) => c.method === 'entryRead').at(-1)!.request as { mode: string; start: number; end: number };
    expect(last).toEqual({ id: 'big', mode: 'range', start: offset - 16_384, end: offset - 16_384 + 65_536 });

    // Shift+Enter goes back, and previous from the first wraps to the last.
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    await waitFor(() => expect(findStatus().textContent).toBe('2 of 4'));
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    await waitFor(() => expect(findStatus().textContent).toBe('4 of 4'));
    await waitFor(() => expect(sliceText().scrollTop).toBeGreaterThan(0));
    fireEvent.scroll(sliceText());
    await waitFor(() => expect(currentMark()?.closest('.line')?.textContent).toContain('l11000 NEEDLE here'));

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('search', { name: 'Find in entry' })).toBeNull();
    expect(document.querySelector('mark.find-hit')).toBeNull();
  });

  it('the case toggle narrows to exact case; every visible match is marked', async () => {
    open();
    await screen.findByRole('tab', { name: 'What the model saw', selected: true });
    fireEvent.keyDown(window, { key: 'f', metaKey: true });
    const field = await screen.findByRole('searchbox', { name: 'Find in entry' });
    fireEvent.change(field, { target: { value: 'NEEDLE' } });
    await waitFor(() => expect(findStatus().textContent).toBe('1 of 4'));
    // Both matches of the first window are marked, the first as current.
    expect(Array.from(document.querySelectorAll('mark.find-hit'), (m) => m.textContent)).toEqual(['NEEDLE', 'needle']);
    fireEvent.click(screen.getByRole('button', { name: 'Aa' }));
    await waitFor(() => expect(findStatus().textContent).toBe('1 of 3'));
    expect(Array.from(document.querySelectorAll('mark.find-hit'), (m) => m.textContent)).toEqual(['NEEDLE']);
  });

  it("an invalid regex shows the store's message and marks the field invalid", async () => {
    open();
    await screen.findByRole('tab', { name: 'What the model saw', selected: true });
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    const field = await screen.findByRole('searchbox', { name: 'Find in entry' });
    fireEvent.click(screen.getByRole('button', { name: '.*' }));
    fireEvent.change(field, { target: { value: 'NEE(DLE' } });
    const expected = referenceHits([ENTRY], { pattern: 'NEE(DLE', regex: true, caseSensitive: false });
    expect('error' in expected).toBe(true);
    await waitFor(() => expect(findStatus().textContent).toBe((expected as { error: string }).error));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'NEE(D|X)LE' } });
    await waitFor(() => expect(findStatus().textContent).toBe('1 of 4'));
  });

  it('/ inside the entry view opens find; matches of markup are shown as text', async () => {
    const html = 'before <b onclick="x()">bold</b> after <b>again</b>';
    open({ meta: meta({ id: 'h', sizeBytes: html.length, lengthCodePoints: html.length }), content: html });
    const view = await screen.findByLabelText('Entry h');
    fireEvent.keyDown(view, { key: '/' });
    const field = await screen.findByRole('searchbox', { name: 'Find in entry' });
    fireEvent.change(field, { target: { value: '<b' } });
    await waitFor(() => expect(findStatus().textContent).toBe('1 of 2'));
    const text = screen.getByRole('document', { name: 'Slice content' });
    expect(Array.from(text.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['<b', '<b']);
    expect(text.querySelector('b')).toBeNull();
    expect(within(text).getByText('bold</b> after', { exact: false })).toBeTruthy();
  });
});
