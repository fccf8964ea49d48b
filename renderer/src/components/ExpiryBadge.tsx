import type { ExpiryState } from '../../../app/contract';
import { expiryState } from '../../../app/contract/expiry';
import { formatAgo, formatDuration, formatTime } from '../../../app/common/format';

const TITLES: Record<ExpiryState, string> = {
  live: 'Live: expires later than the expiring window.',
  expiring: 'Expiring: expires within the next 5 minutes.',
  expired: 'Expired (expiresAt <= now): still stored until gc runs.',
};

/** Beyond this many seconds ahead an expiry reads as its date ("expires 2075-12-19"), not a countdown. */
export const EXPIRY_DATE_AFTER_SECONDS = 30 * 86_400;

/**
 * The words of an expiry at `now` (both Unix seconds), for a cell that shows the time with the state:
 * "expired 2d ago" once expiresAt <= now, "expires in 4m 59s" / "expires in 3h 5m" / "expires in 2d 3h" up to
 * 30 days ahead, then the local date ("expires 2075-12-19"); +Infinity reads "never expires".
 */
export function expiryText(expiresAt: number, now: number): string {
  if (expiresAt === Number.POSITIVE_INFINITY) return 'never expires';
  if (expiryState(expiresAt, now) === 'expired') return `expired ${formatAgo(expiresAt, now)}`;
  if (expiresAt - now > EXPIRY_DATE_AFTER_SECONDS) return `expires ${formatTime(expiresAt).slice(0, 10)}`;
  return `expires in ${formatDuration(expiresAt - now)}`;
}

type Props = {
  /** Unix seconds; ±Infinity as in the contract (expiry.ts). */
  expiresAt: number;
  /** Unix seconds. */
  now: number;
  /** Text instead of the state's own (e.g. "1/3 expired"). */
  label?: string;
  /** Say the time with the state ({@link expiryText}) instead of "live" / "expiring". */
  withTime?: boolean;
  /**
   * Only some of the rows it stands for have expired (a turn's "1/3 expired"): an outlined badge in the expired
   * red instead of the filled one, which means every row has expired. Still the `expired` state (data-state).
   */
  partial?: boolean;
  /** The tooltip instead of the state's explanation and the expiry time. */
  title?: string;
};

/**
 * Badge of a row's expiry state at `now`, by the contract's one rule ({@link expiryState}: expired when
 * expiresAt <= now). Both times in Unix seconds; the parent re-renders it as `now` advances, so it changes
 * state as time passes. An expired row says when it expired ("expired 2d ago"). `label` overrides the text
 * (e.g. "1/3 expired"). +Infinity reads "never expires", -Infinity "expired always" (contract expiry.ts).
 * Colours: green live, amber expiring (within the window), filled red expired (all it stands for), red outline
 * on no fill for `partial` (some expired: gc will remove those rows, the rest stay).
 */
export function ExpiryBadge({ expiresAt, now, label, withTime = false, partial = false, title }: Props) {
  const state = expiryState(expiresAt, now);
  const never = expiresAt === Number.POSITIVE_INFINITY;
  const text = label ?? (withTime || state === 'expired' ? expiryText(expiresAt, now) : never ? 'never expires' : state);
  const kind = partial && state === 'expired' ? 'partial' : state;
  return (
    <span
      className={`badge badge-${kind}`}
      data-state={state}
      title={title ?? `${TITLES[state]} ${never ? 'Never expires.' : `Expires at ${formatTime(expiresAt)}.`}`}
    >
      {text}
    </span>
  );
}
