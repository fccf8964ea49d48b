import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompareSide, CompareView as Comparison } from '../../app/contract';
import { CompareView } from '../../renderer/src/views/compare/CompareView';

afterEach(cleanup);

const side = (id: string): CompareSide => ({
  id,
  turnId: 'turn-a',
  stepNum: 1,
  executorName: 'read_logs',
  kind: 'binary',
  structured: false,
  sizeBytes: 4,
  sha256: 'a'.repeat(64),
  expiry: 'live',
});

describe('CompareView', () => {
  it('marks a comparison cut short with a neutral badge, not the expiring amber (it says nothing of expiry)', () => {
    const comparison: Comparison = {
      left: side('e1'),
      right: side('e2'),
      sameEntry: false,
      identical: false,
      mode: 'binary',
      text: null,
      json: null,
      binary: { firstDifferenceOffset: null, left: null, right: null },
      truncated: true,
      truncatedReason: 'time budget',
      summary: 'no difference found before the budget ran out',
      notes: [],
      elapsedMs: 5,
      sideBySide: [],
    };
    render(<CompareView comparison={comparison} />);
    const badge = screen.getByText('truncated: time budget');
    expect(badge.className).toBe('badge badge-neutral');
  });
});
