import { expiryState, turnExpiresAt, type ExpiryState, type TurnSummary } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { formatBytes, formatRelative, oneLine } from '../format';
import type { CliIo } from '../io';
import { renderTable } from '../table';
import { printJson, stdoutPaint, type CommonArgs } from './common';
import { MAX_TURNS_LIMIT } from '../../common/limits';

/** Arguments of `turns`. */
export interface TurnsArgs extends CommonArgs {
  /** At most this many turns (default: all). */
  readonly limit?: number;
  /** Filter on turn id or executor name (the store's `query`). */
  readonly query?: string;
  readonly sort?: 'lastCreated' | 'totalBytes';
}

const PAGE = MAX_TURNS_LIMIT;

/** What a user viewing a Metnos v1 file is told (on stderr for every command, and by an empty `turns`). */
export const V1_USER_NOTE = 'the rows of a Metnos v1 file have no owner, so a user sees none of them; only the operator view shows them (--operator)';

/** Every turn the principal may see (following the store's cursor), up to `limit`. */
export async function collectTurns(store: Scratchpad, args: TurnsArgs): Promise<TurnSummary[]> {
  const turns: TurnSummary[] = [];
  let cursor: string | undefined;
  do {
    const want = args.limit === undefined ? PAGE : Math.min(PAGE, args.limit - turns.length);
    const page = await store.listTurns(args.principal, { limit: want, cursor, query: args.query, sort: args.sort });
    turns.push(...page.turns);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && (args.limit === undefined || turns.length < args.limit));
  return turns;
}

/** `turns`: the turns list, most recent first. JSON: `TurnSummary[]`. */
export async function runTurns(store: Scratchpad, args: TurnsArgs, io: CliIo): Promise<void> {
  const turns = await collectTurns(store, args);
  if (args.json) return printJson(io, turns);
  if (turns.length === 0) {
    io.stdout.write(store.format === 'metnos-v1' && args.principal.kind === 'user' ? `No turns: ${V1_USER_NOTE}.\n` : 'No turns.\n');
    return;
  }
  const paint = stdoutPaint(io);
  const now = io.now();
  const operator = args.principal.kind === 'operator';
  const paintExpiry = (state: ExpiryState, text: string) => (state === 'live' ? text : paint(state === 'expired' ? 'red' : 'yellow', text));
  const columns = [
    { header: 'TURN' },
    { header: 'ENTRIES', align: 'right' as const },
    { header: 'SIZE', align: 'right' as const },
    { header: 'EXPIRED', align: 'right' as const },
    { header: 'LAST ACTIVITY' },
    { header: 'NEXT EXPIRY' },
    ...(operator ? [{ header: 'OWNERS' }] : []),
    { header: 'EXECUTORS' },
  ];
  const rows = turns.map((t) => [
    t.turnId,
    String(t.entryCount),
    formatBytes(t.totalBytes),
    t.expiredCount > 0 ? paint('red', String(t.expiredCount)) : '0',
    formatRelative(t.lastCreatedAt, now),
    paintExpiry(expiryState(turnExpiresAt(t), now), formatRelative(turnExpiresAt(t), now)),
    ...(operator ? [t.owners.join(', ') || '-'] : []),
    oneLine(t.executors.join(', '), 60),
  ]);
  io.stdout.write(renderTable(columns, rows, paint));
}
