import { ScratchpadError } from '../../contract';
import type { EntryMeta, ReadLogEntry } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { coverageOf, type Coverage } from '../coverage';
import { formatRelative, formatTime } from '../format';
import type { CliIo } from '../io';
import { renderTable } from '../table';
import { printJson, stdoutPaint, type CommonArgs } from './common';

/** Arguments of `reads`: exactly one of an entry id or a turn id. */
export interface ReadsArgs extends CommonArgs {
  readonly id?: string;
  readonly turnId?: string;
}

/** What `reads` prints as JSON: the log, oldest first, and the coverage of each entry concerned. */
export interface ReadsResult {
  readonly reads: ReadLogEntry[];
  readonly coverage: Coverage[];
}

/** The length of an entry in its read unit: code points (text) or bytes (binary); a zero-length read where unknown (v1). */
async function lengthOf(store: Scratchpad, args: ReadsArgs, meta: EntryMeta): Promise<number> {
  if (meta.kind === 'binary') return meta.sizeBytes;
  return meta.lengthCodePoints ?? (await store.read(args.principal, meta.id, { mode: 'range', start: 0, end: 0 })).meta.totalLength;
}

/** The read log of an entry or turn plus each entry's coverage; NOT_FOUND for a missing or foreign id or turn. */
export async function collectReads(store: Scratchpad, args: ReadsArgs): Promise<ReadsResult> {
  if ((args.id === undefined) === (args.turnId === undefined)) throw new ScratchpadError('USAGE', 'give an entry id or --turn TURN_ID (one of them)');
  let entries: EntryMeta[];
  let reads: ReadLogEntry[];
  if (args.id !== undefined) {
    entries = [(await store.describe(args.principal, args.id)).meta];
    reads = await store.readLog(args.principal, { id: args.id });
  } else {
    entries = await store.listForTurn(args.principal, args.turnId as string);
    if (entries.length === 0) throw new ScratchpadError('NOT_FOUND', `turn ${args.turnId} not found`);
    reads = await store.readLog(args.principal, { turnId: args.turnId as string });
  }
  const coverage: Coverage[] = [];
  for (const e of entries) {
    coverage.push(
      coverageOf(
        e.id,
        e.kind === 'binary' ? 'bytes' : 'code_points',
        await lengthOf(store, args, e),
        reads.filter((r) => r.entryId === e.id),
      ),
    );
  }
  return { reads, coverage };
}

/**
 * `reads ID` / `reads --turn TURN_ID`: the scratchpad_read calls the model made (time, entry, mode, range,
 * unit, truncated, who), oldest first, then each entry's coverage in per cent of its length. JSON:
 * {@link ReadsResult}. Metnos v1 files keep no read log (every entry shows as never read).
 */
export async function runReads(store: Scratchpad, args: ReadsArgs, io: CliIo): Promise<void> {
  const result = await collectReads(store, args);
  if (args.json) return printJson(io, result);
  const paint = stdoutPaint(io);
  const now = io.now();
  const turn = args.turnId !== undefined;
  let out = '';
  if (result.reads.length === 0) out += store.format === 'metnos-v1' ? 'No reads (Metnos v1 files keep no read log).\n' : 'No reads.\n';
  else {
    const columns = [
      { header: 'TIME' },
      ...(turn ? [{ header: 'ENTRY' }] : []),
      { header: 'MODE' },
      { header: 'RANGE' },
      { header: 'UNIT' },
      { header: 'TRUNCATED' },
      { header: 'WHO' },
    ];
    const rows = result.reads.map((r) => [
      `${formatTime(r.at)} (${formatRelative(r.at, now)})`,
      ...(turn ? [r.entryId] : []),
      r.mode,
      `[${r.start}, ${r.end})`,
      r.unit === 'bytes' ? 'bytes' : 'code points',
      r.truncated ? paint('yellow', 'yes') : 'no',
      r.principal,
    ]);
    out += renderTable(columns, rows, paint);
  }
  const unit = (c: Coverage) => (c.unit === 'bytes' ? 'bytes' : 'code points');
  const coverage = result.coverage.map((c) => [c.entryId, `${c.percent}%`, `${c.coveredLength} of ${c.totalLength} ${unit(c)}`, String(c.reads)]);
  out +=
    '\n' + renderTable([{ header: 'ENTRY' }, { header: 'COVERAGE', align: 'right' }, { header: 'READ' }, { header: 'READS', align: 'right' }], coverage, paint);
  io.stdout.write(out);
}
