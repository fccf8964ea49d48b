import { parseArgs } from 'node:util';
import type { Principal } from '../../app/contract';

/** What the command line asks for. `db` null: use the default file (see resolveDatabase). */
export interface LaunchOptions {
  readonly db: string | null;
  readonly principal: Principal;
}

/** Thrown for contradictory or empty flags; main shows it in a native error box and quits. */
export class LaunchArgsError extends Error {
  override readonly name = 'LaunchArgsError';
}

/**
 * Parses `--db PATH` (or a postgres:// URL, kept as given), `--owner ID` and `--operator` (the default principal) out of `argv` (without the executable
 * and app path). Unknown flags (Chromium switches) and positionals are ignored. `--owner` with `--operator`,
 * or an empty value, is a {@link LaunchArgsError}.
 */
export function parseLaunchArgs(argv: readonly string[]): LaunchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { db: { type: 'string' }, owner: { type: 'string' }, operator: { type: 'boolean' } },
    strict: false,
    allowPositionals: true,
  });
  const db = typeof values.db === 'string' ? values.db : null;
  const owner = typeof values.owner === 'string' ? values.owner : null;
  if (values.db === true || db === '') throw new LaunchArgsError('--db needs a file path or a postgres:// URL');
  if (values.owner === true || owner === '') throw new LaunchArgsError('--owner needs a user id');
  if (owner !== null && values.operator === true) throw new LaunchArgsError('--owner and --operator cannot be combined');
  if (owner !== null && owner.length > 256) throw new LaunchArgsError('--owner is longer than 256 characters');
  return { db, principal: owner === null ? { kind: 'operator' } : { kind: 'user', userId: owner } };
}
