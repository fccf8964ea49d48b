import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatWindow, modeForWindow, SliceControls } from '../../renderer/src/views/entry/SliceControls';

afterEach(cleanup);

function setup(unit: 'code_points' | 'bytes', total: number | null = 1000) {
  const onRead = vi.fn();
  const onJump = vi.fn();
  const onNext = vi.fn();
  render(
    <SliceControls
      unit={unit}
      total={total}
      current={{ start: 0, end: 100 }}
      pending={false}
      onRead={onRead}
      onNext={onNext}
      onPrevious={null}
      onJump={onJump}
    />,
  );
  return { onRead, onJump, onNext };
}

describe('SliceControls', () => {
  it('shows the unit next to every input: code points for text', () => {
    setup('code_points');
    expect(screen.getByRole('textbox', { name: 'n (code points)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Jump to offset (code points)' })).toBeTruthy();
    expect(screen.getByText('Showing 0 – 100 of 1,000 code points', { exact: false })).toBeTruthy();
  });
  it('shows bytes for binary entries, also in range mode', () => {
    setup('bytes');
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'range' } });
    const labels = [...document.querySelectorAll('.slice-form label > span:first-child')].map((l) => l.textContent);
    expect(labels).toEqual(['start (bytes)', 'end (bytes)']);
  });
  it('reads a valid head slice', () => {
    const { onRead } = setup('code_points');
    fireEvent.change(screen.getByRole('textbox', { name: /^n/ }), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(onRead).toHaveBeenCalledWith({ mode: 'head', n: 250 });
  });
  it('reads a valid range', () => {
    const { onRead } = setup('bytes');
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'range' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^start/ }), { target: { value: '10' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^end/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(onRead).toHaveBeenCalledWith({ mode: 'range', start: 10, end: 20 });
  });
  it('refuses a negative n, shows why and marks the input invalid, without reading', () => {
    const { onRead } = setup('code_points');
    const input = screen.getByRole('textbox', { name: /^n/ });
    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(onRead).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('n must not be negative');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
  it('refuses start > end and a non-integer start', () => {
    const { onRead } = setup('bytes');
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'range' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^start/ }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^end/ }), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['end must not be before start']);
    fireEvent.change(screen.getByRole('textbox', { name: /^start/ }), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['start must be a whole number']);
    expect(onRead).not.toHaveBeenCalled();
  });
  it('refuses an end past the entry length', () => {
    const { onRead } = setup('code_points', 30);
    fireEvent.change(screen.getByLabelText('Slice mode'), { target: { value: 'range' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^start/ }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^end/ }), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read' }));
    expect(screen.getByRole('alert').textContent).toBe('end must be at most the length (30 code points)');
    expect(onRead).not.toHaveBeenCalled();
  });
  it('jumps to a valid offset and refuses one past the end', () => {
    const { onJump } = setup('bytes', 100);
    const offset = screen.getByRole('textbox', { name: /Jump to offset/ });
    fireEvent.change(offset, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('alert').textContent).toBe('offset must be below 100 bytes');
    fireEvent.change(offset, { target: { value: '64' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onJump).toHaveBeenCalledWith(64);
  });
  it('disables Previous at the start and runs Next', () => {
    const { onNext } = setup('bytes');
    expect((screen.getByRole('button', { name: '◀ Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next ▶' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});

describe('formatWindow', () => {
  it('writes the window with an en dash between the offsets, not a bracketed pair with commas', () => {
    expect(formatWindow({ start: 1_483_616, end: 1_549_152 }, 4_194_361, 'code points')).toBe('Showing 1,483,616 – 1,549,152 of 4,194,361 code points');
  });
  it('adds the lines when known', () => {
    expect(formatWindow({ start: 0, end: 5_000 }, 9_000, 'code points', { first: 1, last: 1_204 })).toBe(
      'Showing 0 – 5,000 of 9,000 code points · lines 1 – 1,204',
    );
  });
});

describe('modeForWindow', () => {
  it('says range for a head request whose window starts inside the entry (a jump, a link, next)', () => {
    expect(modeForWindow('head', { start: 1_000, end: 2_000 }, 5_000)).toBe('range');
    expect(modeForWindow('head', { start: 0, end: 2_000 }, 5_000)).toBe('head');
  });
  it('says range for a tail whose window ends before the end, and keeps a true tail', () => {
    expect(modeForWindow('tail', { start: 1_000, end: 2_000 }, 5_000)).toBe('range');
    expect(modeForWindow('tail', { start: 3_000, end: 5_000 }, 5_000)).toBe('tail');
  });
});

describe('SliceControls mode', () => {
  it('shows "range" with the window\'s offsets when the window on screen is in the middle', () => {
    render(
      <SliceControls
        unit="code_points"
        total={10_000}
        current={{ start: 4_000, end: 6_000 }}
        mode="head"
        pending={false}
        onRead={vi.fn()}
        onNext={null}
        onPrevious={null}
        onJump={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('Slice mode') as HTMLSelectElement).value).toBe('range');
    expect((screen.getByRole('textbox', { name: /^start/ }) as HTMLInputElement).value).toBe('4000');
    expect(screen.getByTitle(/up to, not including, 6,000/).textContent).toBe('Showing 4,000 – 6,000 of 10,000 code points');
  });
});
