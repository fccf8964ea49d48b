import { ScratchpadError } from '../../contract';
import { stripVTControlCharacters } from 'node:util';
import { entryExpiresAt, type EntryMeta } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { coverageOf, formatCoverage } from '../coverage';
import { formatBytes, formatExpiry, formatRelative, oneLine } from '../format';
import type { CliIo } from '../io';
import { renderTable } from '../table';
import { outputWidth, printJson, stdoutPaint, type CommonArgs } from './common';

/** Arguments of `ls`. */
export interface LsArgs extends CommonArgs {
  readonly turnId: string;
}

/** Widest `ls` table, in columns (terminal or not). */
export const LS_MAX_WIDTH = 100;

/** Shortest id prefix shown by `ls`; longer where two ids of the table would otherwise look the same. */
export const SHORT_ID_LENGTH = 12;

/**
 * Each id cut to the shortest prefix of at least `min` characters that no other id of `ids` shares, so the
 * shortened ids of one table stay distinct (ids start with their random part: app/scratchpad/ids.ts).
 */
export function distinctPrefixes(ids: readonly string[], min = SHORT_ID_LENGTH): string[] {
  return ids.map((id) => {
    let n = Math.min(min, id.length);
    while (n < id.length && ids.some((other) => other !== id && other.startsWith(id.slice(0, n)))) n++;
    return id.slice(0, n);
  });
}

/**
 * `ls TURN_ID`: a turn's entries ordered by step, at most {@link LS_MAX_WIDTH} columns wide: ids shortened to
 * distinct prefixes (JSON keeps them whole), the READS column counting the model's reads and their coverage.
 * JSON: `EntryMeta[]`. A turn with no entry the principal may see is NOT_FOUND (exit 1), so a foreign turn
 * looks exactly like a missing one.
 */
export async function runLs(store: Scratchpad, args: LsArgs, io: CliIo): Promise<void> {
  const entries: EntryMeta[] = await store.listForTurn(args.principal, args.turnId);
  if (entries.length === 0) throw new ScratchpadError('NOT_FOUND', `turn ${args.turnId} not found`);
  if (args.json) return printJson(io, entries);
  const paint = stdoutPaint(io);
  const now = io.now();
  const log = await store.readLog(args.principal, { turnId: args.turnId });
  const ids = distinctPrefixes(entries.map((e) => e.id));
  const rows = entries.map((e, i) => [
    ids[i] as string,
    e.stepNum === null ? '-' : String(e.stepNum),
    oneLine(e.executorName ?? '-', 16),
    e.structured ? 'json' : e.kind,
    formatBytes(e.sizeBytes),
    `${formatExpiry(e.expiry, paint)} ${formatRelative(entryExpiresAt(e), now)}`,
    formatCoverage(
      coverageOf(
        e.id,
        e.kind === 'binary' ? 'bytes' : 'code_points',
        e.kind === 'binary' ? e.sizeBytes : (e.lengthCodePoints ?? 0),
        log.filter((r) => r.entryId === e.id),
      ),
    ),
    e.summary,
  ]);
  const columns = [
    { header: 'ID' },
    { header: 'STEP', align: 'right' as const },
    { header: 'EXECUTOR' },
    { header: 'KIND' },
    { header: 'SIZE', align: 'right' as const },
    { header: 'EXPIRY' },
    { header: 'READS', align: 'right' as const },
    { header: 'SUMMARY' },
  ];
  // The summary gets what the other columns leave of the line: rendered once, then cut by the overflow.
  const last = columns.length - 1;
  const width = Math.min(LS_MAX_WIDTH, outputWidth(io));
  const summaries = rows.map((r) => r[last] as string);
  const render = (max: number) => {
    rows.forEach((r, i) => (r[last] = oneLine(summaries[i] as string, max)));
    return renderTable(columns, rows, paint);
  };
  let max = width;
  let table = render(max);
  const widest = (t: string) => Math.max(...t.split('\n').map((line) => [...stripVTControlCharacters(line)].length));
  while (widest(table) > width && max > 'SUMMARY'.length) {
    max = Math.max('SUMMARY'.length, max - (widest(table) - width));
    table = render(max);
  }
  io.stdout.write(table);
}
