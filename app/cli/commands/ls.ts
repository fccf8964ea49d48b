import { stripVTControlCharacters } from 'node:util';
import type { EntryMeta } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { CliError } from '../exit-codes';
import { formatBytes, formatExpiry, formatRelative, oneLine } from '../format';
import type { CliIo } from '../io';
import { renderTable } from '../table';
import { outputWidth, printJson, stdoutPaint, type CommonArgs } from './common';

/** Arguments of `ls`. */
export interface LsArgs extends CommonArgs {
  readonly turnId: string;
}

/**
 * `ls TURN_ID`: a turn's entries ordered by step. JSON: `EntryMeta[]`. A turn with no entry the principal
 * may see is NOT_FOUND (exit 1), so a foreign turn looks exactly like a missing one.
 */
export async function runLs(store: Scratchpad, args: LsArgs, io: CliIo): Promise<void> {
  const entries: EntryMeta[] = await store.listForTurn(args.principal, args.turnId);
  if (entries.length === 0) throw new CliError('NOT_FOUND', `turn ${args.turnId} not found`);
  if (args.json) return printJson(io, entries);
  const paint = stdoutPaint(io);
  const now = io.now();
  const rows = entries.map((e) => [
    e.id,
    e.stepNum === null ? '-' : String(e.stepNum),
    e.executorName ?? '-',
    e.structured ? 'json' : e.kind,
    formatBytes(e.sizeBytes),
    `${formatExpiry(e.expiry, paint)} ${formatRelative(e.expiresAt, now)}`,
    e.summary,
  ]);
  // The summary gets what the other columns leave of the line (their widths, two spaces apart, sans colour).
  const visible = (s: string) => stripVTControlCharacters(s).length;
  const fixed = [0, 1, 2, 3, 4, 5].reduce((n, c) => n + Math.max(8, ...rows.map((r) => visible(r[c] as string))) + 2, 0);
  const summaryWidth = Math.max(20, outputWidth(io) - fixed);
  for (const r of rows) r[6] = oneLine(r[6] as string, summaryWidth);
  const columns = [
    { header: 'ID' },
    { header: 'STEP', align: 'right' as const },
    { header: 'EXECUTOR' },
    { header: 'KIND' },
    { header: 'SIZE', align: 'right' as const },
    { header: 'EXPIRY' },
    { header: 'SUMMARY' },
  ];
  io.stdout.write(renderTable(columns, rows, paint));
}
