import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { HelpOverlay, SHORTCUTS } from '../../renderer/src/components/HelpOverlay';

describe('HelpOverlay', () => {
  test('lists the compare view keys and the maximize key, each once', () => {
    render(<HelpOverlay onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('n / p (Compare)Next / previous change');
    expect(rows).toContain('u / s (Compare)Unified / side-by-side diff');
    expect(rows).toContain('Esc (Compare)Close the compare view');
    expect(rows.some((r) => r?.startsWith('fMaximize or restore the entry view'))).toBe(true);
    const keys = SHORTCUTS.map(([k]) => k);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
