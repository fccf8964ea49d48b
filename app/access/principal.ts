import { ScratchpadError } from '../contract';
import type { Principal } from '../contract';
import { MAX_NAME_LENGTH } from '../common/limits';

/**
 * Checks that `value` is a {@link Principal}: `{ kind: 'operator' }` or `{ kind: 'user', userId }` with a
 * non-empty userId of at most 256 characters. Returns it; INVALID_ARGUMENT otherwise.
 */
export function requirePrincipal(value: unknown): Principal {
  if (typeof value === 'object' && value !== null) {
    const p = value as { kind?: unknown; userId?: unknown };
    if (p.kind === 'operator') return { kind: 'operator' };
    if (p.kind === 'user' && typeof p.userId === 'string' && p.userId.length > 0 && p.userId.length <= MAX_NAME_LENGTH) {
      return { kind: 'user', userId: p.userId };
    }
  }
  throw new ScratchpadError(
    'INVALID_ARGUMENT',
    `principal must be { kind: "operator" } or { kind: "user", userId: non-empty string of at most ${MAX_NAME_LENGTH} characters }`,
  );
}

/** The user id a row gets as owner when `principal` puts it; INVALID_ARGUMENT for the operator (only users put). */
export function requireUser(principal: Principal, action: string): string {
  if (principal.kind !== 'user') throw new ScratchpadError('INVALID_ARGUMENT', `only a user principal may ${action}; the operator has no rows of its own`);
  return principal.userId;
}

/** Prefix that marks a user label which would otherwise read as the operator's (or as another prefixed one). */
export const USER_LABEL_PREFIX = 'user:';

/**
 * How a principal is named in the read log: `operator` for the operator, a user's id as is, except that a
 * user id equal to `operator` or starting with `user:` is written `user:<id>`, so the operator and every user
 * keep distinct labels ({@link principalOfLabel} reverses it). Logs written before this rule may hold a bare
 * `operator` written for a user of that id.
 */
export function principalLabel(principal: Principal): string {
  if (principal.kind === 'operator') return 'operator';
  const id = principal.userId;
  return id === 'operator' || id.startsWith(USER_LABEL_PREFIX) ? USER_LABEL_PREFIX + id : id;
}

/** The principal a {@link principalLabel} names. */
export function principalOfLabel(label: string): Principal {
  if (label === 'operator') return { kind: 'operator' };
  return { kind: 'user', userId: label.startsWith(USER_LABEL_PREFIX) ? label.slice(USER_LABEL_PREFIX.length) : label };
}
