import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntriesTable } from '../../renderer/src/views/turns/EntriesTable';
import { fakeBridge, meta } from './fakeBridge';

afterEach(cleanup);
// jsdom has no layout: the virtualized table is given a height (it builds only the rows in view).
const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
});

const ENTRIES = [1, 2, 3].map((step) => meta({ id: `e${step}`, turnId: 'turn-a', stepNum: step, executorName: `tool_${step}`, createdAt: 100 + step }));

function renderTable(onSelect = vi.fn()) {
  const { bridge } = fakeBridge(ENTRIES.map((m) => ({ meta: m, content: 'x' })));
  render(
    <ApiProvider api={createApi(bridge)}>
      <EntriesTable
        turnId="turn-a"
        entries={ENTRIES}
        status="ok"
        error={undefined}
        now={1_700_000_000}
        selectedId={null}
        onSelect={onSelect}
        onRetry={() => {}}
      />
    </ApiProvider>,
  );
  return { list: screen.getByRole('listbox', { name: 'Entries of turn turn-a' }), onSelect };
}

const pickedLabels = (list: HTMLElement) =>
  within(list)
    .getAllByRole('checkbox')
    .filter((b) => b.getAttribute('aria-checked') === 'true')
    .map((b) => b.getAttribute('aria-label'));

describe('EntriesTable picks by keyboard', () => {
  it('Space on the list picks the active row, and Tab then reaches Compare', async () => {
    const user = userEvent.setup();
    const { list, onSelect } = renderTable();
    list.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(pickedLabels(list)).toEqual(['Pick tool_1 step 1 to compare', 'Pick tool_3 step 3 to compare']);
    expect(screen.getByRole('toolbar', { name: 'Picked entries' }).textContent).toContain('2 of 2 picked');
    // Picking opens nothing.
    expect(onSelect).not.toHaveBeenCalled();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Compare' }));
    expect((document.activeElement as HTMLButtonElement).disabled).toBe(false);
  });

  it("the active row's pick box is the one in the Tab order; Space on it toggles it, arrows move to the next row's box", async () => {
    const user = userEvent.setup();
    const { list } = renderTable();
    list.focus();
    await user.keyboard('{ArrowDown}');
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes.map((b) => b.tabIndex)).toEqual([-1, 0, -1]);
    // Tab from the list passes the header's buttons and lands on the active row's box, never another row's.
    for (let i = 0; i < 30 && document.activeElement !== boxes[1]; i++) {
      await user.tab();
      expect(boxes.filter((b) => b !== boxes[1])).not.toContain(document.activeElement);
    }
    expect(document.activeElement).toBe(boxes[1]);
    await user.keyboard(' ');
    expect(pickedLabels(list)).toEqual(['Pick tool_2 step 2 to compare']);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(list).getAllByRole('checkbox')[2]);
    await user.keyboard(' ');
    expect(pickedLabels(list)).toEqual(['Pick tool_2 step 2 to compare', 'Pick tool_3 step 3 to compare']);
    await user.keyboard(' ');
    expect(pickedLabels(list)).toEqual(['Pick tool_2 step 2 to compare']);
  });
});
