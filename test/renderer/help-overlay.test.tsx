import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { HelpOverlay, SHORTCUTS } from '../../renderer/src/components/HelpOverlay';

afterEach(cleanup);

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
  test('names Compare as its button reads ("Compare…") and opens with focus on Close, placed before the list', () => {
    render(<HelpOverlay onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.some((r) => r?.startsWith('Compare…In the entry header'))).toBe(true);
    expect(rows.some((r) => r?.includes('Compare with…'))).toBe(false);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    expect(close.compareDocumentPosition(within(dialog).getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
