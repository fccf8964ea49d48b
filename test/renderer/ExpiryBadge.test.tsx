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
    expect(stateAt(now, now)).toEqual({ state: 'expired', text: 'expired just now' });
  });
  it('is expiring a millisecond before expiry', () => {
    expect(stateAt(now + 0.001, now)).toEqual({ state: 'expiring', text: 'expiring' });
  });
  it('is still expiring exactly at the window edge and live just past it', () => {
    expect(stateAt(now + DEFAULT_EXPIRING_WINDOW_SECONDS, now).state).toBe('expiring');
    expect(stateAt(now + DEFAULT_EXPIRING_WINDOW_SECONDS + 0.01, now)).toEqual({ state: 'live', text: 'live' });
  });
  it('is expired long after expiry and says since when', () => {
    expect(stateAt(now - 2 * 86_400 - 5, now)).toEqual({ state: 'expired', text: 'expired 2d ago' });
    expect(stateAt(now - 3 * 3600, now).text).toBe('expired 3h ago');
    expect(stateAt(now - 90, now).text).toBe('expired 1m ago');
  });
  it('changes state as time passes (re-rendered with a later now)', () => {
    const { container, rerender } = render(<ExpiryBadge expiresAt={now + 10} now={now} />);
    expect(container.querySelector('.badge')!.getAttribute('data-state')).toBe('expiring');
    rerender(<ExpiryBadge expiresAt={now + 10} now={now + 10} />);
    expect(container.querySelector('.badge')!.textContent).toBe('expired just now');
  });
  it('keeps the state but shows a custom label', () => {
    const { container } = render(<ExpiryBadge expiresAt={now - 1} now={now} label="2/5 expired" />);
    expect(container.querySelector('.badge')!.textContent).toBe('2/5 expired');
    expect(container.querySelector('.badge')!.getAttribute('data-state')).toBe('expired');
  });
});
