import { expiryState, type ExpiryState } from '../../../app/contract';

const LABELS: Record<ExpiryState, string> = { live: 'live', expiring: 'expiring', expired: 'expired · awaiting gc' };
const TITLES: Record<ExpiryState, string> = {
  live: 'Live: expires later than the expiring window.',
  expiring: 'Expiring: expires within the next 5 minutes.',
  expired: 'Expired (expiresAt <= now): still stored until gc runs.',
};

/**
 * Badge of a row's expiry state at `now`, by the contract's one rule ({@link expiryState}: expired when
 * expiresAt <= now). Both times in Unix seconds. `label` overrides the text (e.g. "2/5 expired").
 */
export function ExpiryBadge({ expiresAt, now, label }: { expiresAt: number; now: number; label?: string }) {
  const state = expiryState(expiresAt, now);
  return (
    <span className={`badge badge-${state}`} data-state={state} title={TITLES[state]}>
      {label ?? LABELS[state]}
    </span>
  );
}
