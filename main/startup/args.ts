import { parseArgs } from 'node:util';
import { parseDeepLink, ScratchpadError, type Principal } from '../../app/contract';
import { MAX_NAME_LENGTH } from '../../app/common/limits';

/** What the command line asks for. `db` null: use the default file (see resolveDatabase). */
export interface LaunchOptions {
  readonly db: string | null;
  readonly principal: Principal;
  /** A `scratchpad-inspector://open?…` link given with `--open` (already checked), or null. */
  readonly open: string | null;
}

/** The error of contradictory or empty flags (USAGE); main shows it in a native error box and quits. */
function usage(message: string): ScratchpadError {
  return new ScratchpadError('USAGE', message);
}

/**
 * Parses `--db PATH` (or a postgres:// URL, kept as given), `--owner ID`, `--operator` (the default principal) and `--open LINK` out of `argv` (without
 * the executable and app path). Unknown flags (Chromium switches) and positionals are ignored. `--owner` with
 * `--operator`, an empty value, a link that does not parse (app/contract/deep-link.ts) or `--open` with `--db`
 * (the link names its file) is a ScratchpadError with code USAGE.
 */
export function parseLaunchArgs(argv: readonly string[]): LaunchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { db: { type: 'string' }, owner: { type: 'string' }, operator: { type: 'boolean' }, open: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const db = typeof values.db === 'string' ? values.db : null;
  const owner = typeof values.owner === 'string' ? values.owner : null;
  if (values.db === true || db === '') throw usage('--db needs a file path or a postgres:// URL');
  if (values.owner === true || owner === '') throw usage('--owner needs a user id');
  if (owner !== null && values.operator === true) throw usage('--owner and --operator cannot be combined');
  if (owner !== null && owner.length > MAX_NAME_LENGTH) throw usage(`--owner is longer than ${MAX_NAME_LENGTH} characters`);
  if (values.open === true || values.open === '') throw usage('--open needs a scratchpad-inspector:// link');
  const open = typeof values.open === 'string' ? values.open : null;
  if (open !== null) {
    const parsed = parseDeepLink(open);
    if (!parsed.ok) throw usage(`--open: ${parsed.message}`);
    if (db !== null) throw usage('--open and --db cannot be combined (the link names its file)');
  }
  return { db, open, principal: owner === null ? { kind: 'operator' } : { kind: 'user', userId: owner } };
}
