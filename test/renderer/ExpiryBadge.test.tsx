import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPIRING_WINDOW_SECONDS } from '../../app/contract';
import { ExpiryBadge, expiryText } from '../../renderer/src/components/ExpiryBadge';
import { turnBadge } from '../../renderer/src/views/turns/TurnsList';
import type { TurnSummary } from '../../app/contract';

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

describe('expiryText', () => {
  const now = 1_800_000_000;
  it('says when a row expired, or how long it has left up to 30 days, then the date', () => {
    expect(expiryText(now - 2 * 86_400 - 5, now)).toBe('expired 2d ago');
    expect(expiryText(now, now)).toBe('expired just now');
    expect(expiryText(now + 299, now)).toBe('expires in 4m 59s');
    expect(expiryText(now + 3 * 3600 + 5 * 60, now)).toBe('expires in 3h 5m');
    expect(expiryText(now + 2 * 86_400 + 3 * 3600, now)).toBe('expires in 2d 3h');
    expect(expiryText(now + 30 * 86_400, now)).toBe('expires in 30d 0h');
    // 50 years ahead (the original runtime's sample): the date, not "18249d 23h left".
    const far = new Date(2075, 11, 20, 12).getTime() / 1000;
    expect(expiryText(far, now)).toBe('expires 2075-12-20');
    expect(expiryText(Number.POSITIVE_INFINITY, now)).toBe('never expires');
  });
  it('is the badge text with withTime, the state keeping its colour', () => {
    const { container } = render(<ExpiryBadge expiresAt={now + 3600} now={now} withTime />);
    expect(container.querySelector('.badge')!.textContent).toBe('expires in 1h 0m');
    expect(container.querySelector('.badge')!.className).toBe('badge badge-live');
  });
});

describe('turnBadge', () => {
  const now = 1_800_000_000;
  const turn = (entryCount: number, expiredCount: number, earliestExpiresAt: number): TurnSummary => ({
    turnId: 't',
    entryCount,
    totalBytes: 10,
    firstCreatedAt: now - 5 * 86_400,
    lastCreatedAt: now - 4 * 86_400,
    earliestExpiresAt,
    expiredCount,
    executors: [],
    owners: [],
  });
  it('counts the expired rows of a partly expired turn, drawn as an outline (partial)', () => {
    expect(turnBadge(turn(3, 1, now - 60), now)).toEqual({ label: '1/3 expired', partial: true });
    const { container } = render(<ExpiryBadge expiresAt={now - 60} now={now} {...turnBadge(turn(3, 1, now - 60), now)} />);
    expect(container.querySelector('.badge')!.className).toBe('badge badge-partial');
    expect(container.querySelector('.badge')!.getAttribute('data-state')).toBe('expired');
  });
  it('says "all N expired" for a turn whose rows all expired, not the first expiry as the turn’s', () => {
    const first = now - 3 * 86_400 - 30;
    const { label, title, partial } = turnBadge(turn(2, 2, first), now);
    expect([label, partial]).toEqual(['all 2 expired', undefined]);
    expect(title).toMatch(/^Every entry of the turn has expired \(the first 3d ago, at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\); still stored until gc runs\.$/);
  });
  it('leaves a one-row or a live turn to the badge’s own words', () => {
    expect(turnBadge(turn(1, 1, now - 2 * 86_400), now)).toEqual({});
    expect(turnBadge(turn(4, 0, now + 3600), now)).toEqual({});
  });
});
