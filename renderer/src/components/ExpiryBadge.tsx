import type { ExpiryState } from '../../../app/contract';
import { expiryState } from '../../../app/contract/expiry';
import { formatAgo, formatTime } from '../../../app/common/format';

const TITLES: Record<ExpiryState, string> = {
  live: 'Live: expires later than the expiring window.',
  expiring: 'Expiring: expires within the next 5 minutes.',
  expired: 'Expired (expiresAt <= now): still stored until gc runs.',
};

/**
 * Badge of a row's expiry state at `now`, by the contract's one rule ({@link expiryState}: expired when
 * expiresAt <= now). Both times in Unix seconds; the parent re-renders it as `now` advances, so it changes
 * state as time passes. An expired row says when it expired ("expired 2d ago"). `label` overrides the text
 * (e.g. "1/3 expired"). +Infinity reads "never expires", -Infinity "expired always" (contract expiry.ts).
 */
export function ExpiryBadge({ expiresAt, now, label }: { expiresAt: number; now: number; label?: string }) {
  const state = expiryState(expiresAt, now);
  const never = expiresAt === Number.POSITIVE_INFINITY;
  const text = label ?? (state === 'expired' ? `expired ${formatAgo(expiresAt, now)}` : never ? 'never expires' : state);
  return (
    <span className={`badge badge-${state}`} data-state={state} title={`${TITLES[state]} Expires at ${formatTime(expiresAt)}.`}>
      {text}
    </span>
  );
}
