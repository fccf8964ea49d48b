import type { Scratchpad } from '../../scratchpad/types';
import { formatBytes, formatTime } from '../format';
import type { CliIo } from '../io';
import { renderTable } from '../table';
import { printJson, stdoutPaint, type CommonArgs } from './common';
import { ownerLabel } from '../../common/principal';

/** Arguments of `gc`. */
export interface GcArgs extends CommonArgs {
  /** Count what would be deleted without deleting. */
  readonly dryRun: boolean;
  /** Unix seconds to collect at (rows with expiresAt <= now); default the clock. */
  readonly now?: number;
}

/**
 * `gc`: deletes (or counts, with dryRun) the expired rows: the user's own, or every owner's for the
 * operator. JSON: the store's `GcResult`. On a Metnos v1 file gc deletes too (the only change it makes there);
 * a file opened read-only fails with READ_ONLY unless dryRun.
 */
export async function runGc(store: Scratchpad, args: GcArgs, io: CliIo): Promise<void> {
  const result = await store.gc(args.principal, { dryRun: args.dryRun, ...(args.now === undefined ? {} : { now: args.now }) });
  if (args.json) return printJson(io, result);
  const paint = stdoutPaint(io);
  const verb = result.dryRun ? 'Would delete' : 'Deleted';
  io.stdout.write(
    `${verb} ${paint('bold', String(result.deletedRows))} expired ${result.deletedRows === 1 ? 'row' : 'rows'} (${formatBytes(result.deletedBytes)}) ` +
      `in ${result.turns.length} ${result.turns.length === 1 ? 'turn' : 'turns'}, at ${formatTime(result.now)}\n`,
  );
  if (result.turns.length === 0) return;
  const rows = result.turns.map((t) => [t.turnId, ownerLabel(t.owner), String(t.rows), formatBytes(t.bytes)]);
  io.stdout.write(
    '\n' + renderTable([{ header: 'TURN' }, { header: 'OWNER' }, { header: 'ROWS', align: 'right' }, { header: 'SIZE', align: 'right' }], rows, paint),
  );
}
