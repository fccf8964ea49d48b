import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScratchpadError } from '../../app/contract';
import { ErrorBox } from '../../renderer/src/components/States';

afterEach(cleanup);

describe('ErrorBox', () => {
  it('says what the code means (the table the CLI exits by), then the code and the message', () => {
    render(<ErrorBox error={new ScratchpadError('BUSY', 'database is locked')} what="turns" />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('strong')?.textContent).toBe('Could not load turns: The database is busy');
    expect(alert.querySelector('.error-code')?.textContent).toBe('BUSY');
    expect(alert.querySelector('.error-message')?.textContent).toBe('database is locked');
  });

  it('titles a failure that is not a load by its meaning alone', () => {
    render(<ErrorBox error={new ScratchpadError('NOT_FOUND', 'no entry with that id')} />);
    expect(screen.getByRole('alert').querySelector('strong')?.textContent).toBe('Not found (missing, deleted by gc, or not yours)');
  });
});
