import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { EntryView } from '../../renderer/src/views/entry/EntryView';
import { fakeBridge, meta } from './fakeBridge';

// jsdom has no layout: give elements a height so the virtualized text renders rows.
const savedHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (savedHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', savedHeight);
});
afterEach(cleanup);

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';

function renderEntry() {
  const entry = meta({ id: 'e1', sizeBytes: HOSTILE.length, lengthCodePoints: HOSTILE.length, summary: HOSTILE });
  const { bridge } = fakeBridge([
    {
      meta: entry,
      content: `first line\n${HOSTILE}\nlast line`,
      description: {
        handle: { ok: true, scratchpad_id: 'e1', step_num: 1, size_bytes: HOSTILE.length, kind: 'text', summary: HOSTILE, ref_hint: 'scratchpad_read("e1")' },
      },
    },
  ]);
  return render(
    <ApiProvider api={createApi(bridge)}>
      <EntryView id="e1" revision={0} now={1_700_000_100} />
    </ApiProvider>,
  );
}

describe('literal display of untrusted observation content', () => {
  it('shows HTML in the content as text and creates no element from it', async () => {
    const { container } = renderEntry();
    fireEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    const line = await screen.findByText(HOSTILE);
    expect(line.textContent).toBe(HOSTILE);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    const lines = [...container.querySelectorAll('.slice-text .line')].map((l) => [l.querySelector('.ln')?.textContent, l.querySelector('.lt')?.textContent]);
    expect(lines).toEqual([
      ['1', 'first line'],
      ['2', HOSTILE],
      ['3', 'last line'],
    ]);
  });

  it('shows HTML in the synthetic handle as text', async () => {
    const { container } = renderEntry();
    const handle = await screen.findByText((_, el) => el?.classList.contains('handle') ?? false);
    expect(JSON.parse(handle.textContent ?? '').summary).toBe(HOSTILE);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows HTML in the summary (Details) as text', async () => {
    const { container } = renderEntry();
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(await screen.findByText(HOSTILE)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
