import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntryView } from '../../renderer/src/views/entry/EntryView';
import { MAX_SLICE } from '../../renderer/src/views/entry/slice';
import { FIRST_TREE_READ, TREE_READ } from '../../renderer/src/views/entry/json/useJsonOutline';
import { fakeBridge, meta } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized text renders rows.
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
});
afterEach(cleanup);

function open(entry: Parameters<typeof fakeBridge>[0][number]) {
  const fake = fakeBridge([entry]);
  render(
    <ApiProvider api={createApi(fake.bridge)}>
      <EntryView id={entry.meta.id} revision={0} now={1_700_000_100} />
    </ApiProvider>,
  );
  return fake;
}

const reads = (calls: { method: string; request: unknown }[]) => calls.filter((c) => c.method === 'entryRead').map((c) => c.request);

describe('Content tab', () => {
  it('reads head n, then pages forward and back by range reads of the same width', async () => {
    const text = 'abcdefghijklmnopqrstuvwxyz';
    const { calls } = open({ meta: meta({ id: 't1', sizeBytes: 26, lengthCodePoints: 26 }), content: text });
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    await screen.findByText(text);
    fireEvent.change(screen.getByRole('textbox', { name: 'n (code points)' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    await screen.findByText('abcdefghij');
    fireEvent.click(screen.getByRole('button', { name: 'Next ▶' }));
    await screen.findByText('klmnopqrst');
    fireEvent.click(screen.getByRole('button', { name: 'Next ▶' }));
    await screen.findByText('uvwxyz');
    expect((screen.getByRole('button', { name: 'Next ▶' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '◀ Previous' }));
    await screen.findByText('klmnopqrst');
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'range' } });
    const field = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
    expect([field('start (code points)'), field('end (code points)')]).toEqual(['10', '20']);
    expect(reads(calls)).toEqual([
      { id: 't1', mode: 'head', n: 65536 },
      { id: 't1', mode: 'head', n: 10 },
      { id: 't1', mode: 'range', start: 10, end: 20 },
      { id: 't1', mode: 'range', start: 20, end: 26 },
      { id: 't1', mode: 'range', start: 10, end: 20 },
    ]);
  });

  it('slices in code points: an emoji and accents count one each', async () => {
    const text = 'é😀ü-x';
    open({ meta: meta({ id: 't2', sizeBytes: 10, lengthCodePoints: 5 }), content: text });
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    fireEvent.change(await screen.findByLabelText('Slice mode'), { target: { value: 'range' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'start (code points)' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'end (code points)' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect((await screen.findByText('😀ü')).textContent).toBe('😀ü');
    expect(screen.getByText(/Showing/).textContent).toContain('Showing 1 – 3 of 5 code points');
  });

  it('shows a JSON tree for a structured observation that fits the window', async () => {
    const json = JSON.stringify({ ok: true, items: [{ name: 'first' }] }, null, 2);
    open({ meta: meta({ id: 's1', structured: true, sizeBytes: json.length, lengthCodePoints: json.length }), content: json });
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    const tree = await screen.findByLabelText('JSON tree');
    await waitFor(() => expect(tree.textContent).toContain('items'));
    // The tree draws the whole entry: no slice form, paging or jump, only the length and the view's toggles.
    expect(screen.queryByRole('form', { name: 'Read a slice' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Jump to offset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next ▶' })).toBeNull();
    expect(document.querySelector('.slice-window')!.textContent).toBe(`Length ${json.length} code points`);
    // Raw brings them back, reading the text's head.
    fireEvent.click(within(screen.getByRole('group', { name: 'JSON view' })).getByRole('button', { name: 'Raw' }));
    expect(await screen.findByRole('form', { name: 'Read a slice' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.slice-window')!.textContent).toBe(`Showing 0 – ${json.length} of ${json.length} code points`));
    fireEvent.click(within(screen.getByRole('group', { name: 'JSON view' })).getByRole('button', { name: 'Tree' }));
    await screen.findByLabelText('JSON tree');
    expect(screen.queryByRole('form', { name: 'Read a slice' })).toBeNull();
  });

  it('draws the tree of a large structured observation from its outline, reading only the blocks in view, and copies a path and a value', async () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({ i, name: `item-${i}` }));
    const text = JSON.stringify({ ok: true, items });
    expect(text.length).toBeGreaterThan(MAX_SLICE.code_points);
    // Blocks of 4,096 code points: the list is ~190 of them.
    const fake = fakeBridge([{ meta: meta({ id: 's2', structured: true, sizeBytes: text.length, lengthCodePoints: text.length }), content: text }], {
      outlineBlockCodePoints: 4096,
    });
    render(
      <ApiProvider api={createApi(fake.bridge)}>
        <EntryView id="s2" revision={0} now={1_700_000_100} />
      </ApiProvider>,
    );
    const { calls } = fake;
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    // A pointer over the Content tab starts the outline (once), before the tree mounts; the tree takes that answer.
    const contentTab = await screen.findByRole('tab', { name: 'Content' });
    fireEvent.pointerEnter(contentTab);
    fireEvent.pointerEnter(contentTab);
    expect(calls.filter((c) => c.method === 'entryJsonOutline')).toEqual([{ method: 'entryJsonOutline', request: { id: 's2' } }]);
    expect(screen.queryByLabelText('JSON tree')).toBeNull();
    fireEvent.click(contentTab);
    const tree = await screen.findByLabelText('JSON tree');
    await waitFor(() => expect(tree.textContent).toContain('items: [30,000 items]'));
    await waitFor(() => expect(tree.textContent).toContain('0: {2 keys}'));
    expect(screen.getByText('object of 2 keys')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'entryJsonOutline').length).toBe(1);
    // The first screen's blocks came with the outline: no read yet.
    expect(reads(calls)).toEqual([]);
    // The first item, opened: its keys and values as text.
    const first = await screen.findByText('0:');
    fireEvent.click(within(first.closest('[role="treeitem"]') as HTMLElement).getByRole('button', { name: 'Expand' }));
    await waitFor(() => expect(tree.textContent).toContain('name: "item-0"'));
    fireEvent.click(screen.getByText('"item-0"'));
    expect(screen.getByText('$.items[0].name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy path' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('$.items[0].name'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy value' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('"item-0"'));
    // Copy value of the list itself: its text read by range and pretty-printed.
    fireEvent.click(screen.getByText('[30,000 items]'));
    expect(screen.getByText('$.items')).toBeTruthy();
    // (Both buttons still say "Copied ✓" for two seconds: Copy value is the second.)
    fireEvent.click(screen.getAllByRole('button', { name: /^Copy (path|value)|^Copied/ })[1]!);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(JSON.stringify(items, null, 2)));
    // Expand all: any block the rows in view need beyond those given with the outline is read by range (each
    // at most a block; the e2e test scrolls to a list's end).
    const readsBefore = reads(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    await waitFor(() => expect(tree.textContent).toContain('i: 1name: "item-1"'));
    const ranges = reads(calls).slice(readsBefore) as { mode: string; start: number; end: number }[];
    expect(ranges.every((r) => r.mode === 'range' && r.end - r.start <= 4096)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(tree.textContent).toBe('ok: true▸items: [30,000 items]'));
  });

  it('parses the whole text when the outline cannot serve it (a string at the top), from bounded reads (a first of one window)', async () => {
    const text = JSON.stringify('x'.repeat(300_000));
    const { calls } = open({ meta: meta({ id: 's3', structured: true, sizeBytes: text.length, lengthCodePoints: text.length }), content: text });
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    await waitFor(() => expect(screen.getByLabelText('JSON tree').textContent).toContain('"xxxx'), { timeout: 10_000 });
    // The first read is one view window (262,144 code points), every later one at most four.
    const sizes = (reads(calls) as { n?: number; start?: number; end?: number }[]).map((r) => r.n ?? (r.end ?? 0) - (r.start ?? 0));
    expect(sizes[0]).toBe(MAX_SLICE.code_points);
    expect(FIRST_TREE_READ).toBe(262_144);
    expect(TREE_READ).toBe(4 * 262_144);
    expect(sizes.slice(1).every((n) => n > 0 && n <= TREE_READ)).toBe(true);
  });

  it("shows the engine's message for JSON whose structure outlines but whose scalars do not parse", async () => {
    const text = '{"a": [1, 2, tru]}';
    open({ meta: meta({ id: 's4', structured: true, sizeBytes: text.length, lengthCodePoints: text.length }), content: text });
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    expect((await screen.findByText(/The stored JSON does not parse/)).textContent).toMatch(/does not parse: .*JSON/);
  });

  it('opens the slice of a read from the read log in Content, and draws its coverage', async () => {
    const text = '0123456789abcdefghij';
    const entry = { meta: meta({ id: 'r1', turnId: 'turn-r', sizeBytes: 20, lengthCodePoints: 20 }), content: text };
    const log = [
      {
        entryId: 'r1',
        turnId: 'turn-r',
        principal: 'alice',
        mode: 'range' as const,
        unit: 'code_points' as const,
        start: 5,
        end: 10,
        truncated: false,
        at: 1_700_000_050,
      },
      {
        entryId: 'r1',
        turnId: 'turn-r',
        principal: 'alice',
        mode: 'head' as const,
        unit: 'code_points' as const,
        start: 0,
        end: 4,
        truncated: false,
        at: 1_700_000_010,
      },
    ];
    const fake = fakeBridge([entry], { readLog: log });
    render(
      <ApiProvider api={createApi(fake.bridge)}>
        <EntryView id="r1" revision={0} now={1_700_000_100} />
      </ApiProvider>,
    );
    expect((await screen.findByText(/The model read/)).textContent).toBe('The model read 9 of 20 code points (45.0 %) in 2 distinct ranges.');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('head 0 – 4 code points');
    expect(items[1]).toContain('range 5 – 10 code points');
    fireEvent.click(screen.getByRole('button', { name: /range 5 – 10/ }));
    expect((await screen.findByText('56789')).textContent).toBe('56789');
    expect(screen.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/Showing/).textContent).toContain('Showing 5 – 10 of 20 code points');
  });
});
