import type { Principal } from '../contract';

/*
 * Principals and owners in words, for people: one wording in the app's session bar and dialogs and in the
 * CLI's tables. (The read log's stored label is another thing: app/access principalLabel, an encoding.)
 */

/** Who a window or command acts as: "operator (all owners)" or "owner alice". */
export function describePrincipal(principal: Principal): string {
  return principal.kind === 'operator' ? 'operator (all owners)' : `owner ${principal.userId}`;
}

/** What the operator sees for a row with no owner (a metnos-v1 row): shown in place of an owner id. */
export const NO_OWNER_LABEL = '(no owner)';

/** An owner id as shown in a table or chart: the id itself, or {@link NO_OWNER_LABEL} for a row with none (null). */
export function ownerLabel(owner: string | null): string {
  return owner ?? NO_OWNER_LABEL;
}
