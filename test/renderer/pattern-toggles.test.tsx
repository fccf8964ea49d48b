import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PatternToggles } from '../../renderer/src/components/PatternToggles';

describe('PatternToggles', () => {
  it('shows each option as a pressed state and flips only that option, keeping the rest of the query', () => {
    const onChange = vi.fn();
    const query = { pattern: 'needle', caseSensitive: true, regex: false };
    render(<PatternToggles value={query} onChange={onChange} />);
    const matchCase = screen.getByRole('button', { name: 'Aa' });
    const regex = screen.getByRole('button', { name: '.*' });
    expect([matchCase.getAttribute('aria-pressed'), regex.getAttribute('aria-pressed')]).toEqual(['true', 'false']);
    fireEvent.click(matchCase);
    fireEvent.click(regex);
    expect(onChange.mock.calls).toEqual([
      [{ pattern: 'needle', caseSensitive: false, regex: false }],
      [{ pattern: 'needle', caseSensitive: true, regex: true }],
    ]);
  });
});
