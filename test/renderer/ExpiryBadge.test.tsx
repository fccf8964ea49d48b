import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPIRING_WINDOW_SECONDS } from '../../app/contract';
import { ExpiryBadge } from '../../renderer/src/components/ExpiryBadge';

afterEach(cleanup);

function stateAt(expiresAt: number, now: number) {
  const { container } = render(<ExpiryBadge expiresAt={expiresAt} now={now} />);
  const badge = container.querySelector('.badge')!;
  return { state: badge.getAttribute('data-state'), text: badge.textContent };
}

describe('ExpiryBadge', () => {
  const now = 1_800_000_000.25;
  it('is expired exactly at expiresAt == now (awaiting gc)', () => {
    expect(stateAt(now, now)).toEqual({ state: 'expired', text: 'expired · awaiting gc' });
  });
  it('is expiring a millisecond before expiry', () => {
    expect(stateAt(now + 0.001, now)).toEqual({ state: 'expiring', text: 'expiring' });
  });
  it('is still expiring exactly at the window edge and live just past it', () => {
    expect(stateAt(now + DEFAULT_EXPIRING_WINDOW_SECONDS, now).state).toBe('expiring');
    expect(stateAt(now + DEFAULT_EXPIRING_WINDOW_SECONDS + 0.01, now)).toEqual({ state: 'live', text: 'live' });
  });
  it('is expired long after expiry', () => {
    expect(stateAt(now - 86_400, now).state).toBe('expired');
  });
  it('keeps the state but shows a custom label', () => {
    const { container } = render(<ExpiryBadge expiresAt={now - 1} now={now} label="2/5 expired" />);
    expect(container.querySelector('.badge')!.textContent).toBe('2/5 expired');
    expect(container.querySelector('.badge')!.getAttribute('data-state')).toBe('expired');
  });
});
