import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntriesTable } from '../../renderer/src/views/turns/EntriesTable';
import { fakeBridge, meta } from './fakeBridge';

afterEach(cleanup);

// jsdom has no layout: every element is 290 px tall (the table shows 10 rows of 29 px), a scroller's content is
// as tall as its virtual space, and scrollTo moves scrollTop and fires the scroll event the virtualizer listens
// to, as a browser does.
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const savedScrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
const savedScrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 290 });
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      const space = this.querySelector<HTMLElement>(':scope > .virtual-space');
      return space ? Number.parseFloat(space.style.height) : 290;
    },
  });
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    value(this: Element, options: ScrollToOptions) {
      if (options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    },
  });
});
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
  if (savedScrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', savedScrollHeight);
  if (savedScrollTo) Object.defineProperty(Element.prototype, 'scrollTo', savedScrollTo);
  else delete (Element.prototype as { scrollTo?: unknown }).scrollTo;
});

const ENTRIES = Array.from({ length: 300 }, (_, i) =>
  meta({ id: `e${i + 1}`, turnId: 'turn-big', stepNum: i + 1, executorName: `tool_${i + 1}`, createdAt: 1_700_000_000 + i }),
);

function renderTable(selectedId: string | null = null, onSelect = vi.fn()) {
  const { bridge } = fakeBridge(ENTRIES.slice(0, 3).map((m) => ({ meta: m, content: 'x' })));
  const props = { turnId: 'turn-big', entries: ENTRIES, status: 'ok', error: undefined, now: 1_700_000_500, onSelect, onRetry: () => {} } as const;
  const view = render(
    <ApiProvider api={createApi(bridge)}>
      <EntriesTable {...props} selectedId={selectedId} />
    </ApiProvider>,
  );
  const rerender = (id: string | null) =>
    view.rerender(
      <ApiProvider api={createApi(bridge)}>
        <EntriesTable {...props} selectedId={id} />
      </ApiProvider>,
    );
  return { list: screen.getByRole('listbox', { name: 'Entries of turn turn-big' }), onSelect, rerender };
}

/** Steps of the rows in the DOM, in DOM order, and each row's place as it announces it. */
const built = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('option')
    .map((row) => Number(row.getAttribute('aria-posinset')));
const activeStep = (list: HTMLElement) => document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.getAttribute('aria-posinset');

describe('EntriesTable virtualized', () => {
  it('builds only the rows near the view, each saying its place among all 300', () => {
    const { list } = renderTable();
    const rows = within(list).getAllByRole('option');
    // 10 rows in view and 10 of overscan below them.
    expect(built(list)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.every((row) => row.getAttribute('aria-setsize') === '300')).toBe(true);
    expect(rows[0]!.textContent).toContain('tool_1');
    // The scroll space is as tall as all the rows.
    expect((list.querySelector('.virtual-space') as HTMLElement).style.height).toBe(`${300 * 29}px`);
  });

  it('End, Home, PageDown and arrows move the active row and scroll it into view', async () => {
    const user = userEvent.setup();
    const { list } = renderTable();
    list.focus();
    await user.keyboard('{End}');
    expect(activeStep(list)).toBe('300');
    // Scrolled to the end: the last row is built, the first ones are not.
    expect(list.scrollTop).toBe(300 * 29 - 290);
    expect(built(list)).toContain(300);
    expect(built(list)).not.toContain(1);
    await user.keyboard('{Home}');
    expect(activeStep(list)).toBe('1');
    expect(list.scrollTop).toBe(0);
    expect(built(list)).not.toContain(300);
    // A page is the 10 rows in view less one.
    await user.keyboard('{PageDown}');
    expect(activeStep(list)).toBe('10');
    await user.keyboard('{PageDown}{PageDown}{ArrowDown}');
    expect(activeStep(list)).toBe('29');
    expect(list.scrollTop).toBe(29 * 29 - 290);
    expect(within(list).getByText('tool_29')).toBeTruthy();
  });

  it('keeps the selection across scrolling and opens the active row with Enter', async () => {
    const user = userEvent.setup();
    const { list, onSelect, rerender } = renderTable();
    list.focus();
    await user.keyboard('{PageDown}{PageDown}{PageDown}{PageDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('e37');
    rerender('e37');
    await user.keyboard('{Home}');
    expect(built(list)).not.toContain(37);
    await user.keyboard('{End}');
    act(() => list.scrollTo({ top: 30 * 29 }));
    const row = document.getElementById('entry-row-36')!;
    expect(row.getAttribute('aria-selected')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .filter((r) => r.getAttribute('aria-selected') === 'true'),
    ).toEqual([row]);
  });

  it('scrolls a selection made elsewhere (a deep link) into view', () => {
    const { list, rerender } = renderTable();
    expect(built(list)).not.toContain(250);
    rerender('e250');
    expect(activeStep(list)).toBe('250');
    expect(list.scrollTop).toBe(250 * 29 - 290);
    expect(document.getElementById('entry-row-249')!.getAttribute('aria-selected')).toBe('true');
  });

  it("keeps the active row built while the view is elsewhere (its id is the list's active descendant)", async () => {
    const user = userEvent.setup();
    const { list } = renderTable();
    list.focus();
    // Focus makes the first row active, the arrows the third.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    act(() => list.scrollTo({ top: 200 * 29 }));
    expect(built(list)).toContain(3);
    expect(built(list)).toContain(201);
    expect(built(list)).not.toContain(4);
    expect(activeStep(list)).toBe('3');
  });
});
