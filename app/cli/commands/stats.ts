import { statSync } from 'node:fs';
import { readOnlyReason } from '../../scratchpad/file-access';
import type { Scratchpad } from '../../scratchpad/types';
import { formatBytes } from '../format';
import type { CliIo } from '../io';
import { renderPairs, renderTable } from '../table';
import { printJson, stdoutPaint, type CommonArgs } from './common';
import { ownerLabel } from '../../common/principal';

/**
 * Why the database file itself may not be written (its mode, this user, its folder), or null when it may. The CLI
 * opens every file read-only except for gc, so `store.readonly` says nothing about the file; a postgres:// URL
 * has no file mode to report (null).
 */
export function fileReadOnlyReason(store: Pick<Scratchpad, 'path' | 'format'>): string | null {
  if (store.format === 'postgres') return null;
  try {
    return readOnlyReason(store.path, statSync(store.path));
  } catch {
    return null;
  }
}

/**
 * `stats`: counts and sizes over the rows the principal may see; per owner and file figures for the
 * operator. JSON: the store's `Stats`.
 */
export async function runStats(store: Scratchpad, args: CommonArgs, io: CliIo): Promise<void> {
  const s = await store.stats(args.principal);
  if (args.json) return printJson(io, s);
  const paint = stdoutPaint(io);
  const readOnly = fileReadOnlyReason(store);
  const rb = (rows: number, bytes: number) => `${rows} ${rows === 1 ? 'row' : 'rows'}, ${formatBytes(bytes)}`;
  const pairs: [string, string][] = [
    ['file', `${store.path} (${store.format}${readOnly === null ? '' : `, read-only: ${readOnly}`})`],
    ['total', rb(s.rows, s.bytes)],
    ['text', rb(s.byKind.text.rows, s.byKind.text.bytes)],
    ['binary', rb(s.byKind.binary.rows, s.byKind.binary.bytes)],
    ['expired', s.expiredRows > 0 ? paint('red', rb(s.expiredRows, s.expiredBytes)) : rb(0, 0)],
  ];
  if (s.fileSizeBytes !== undefined) pairs.push(['file size', formatBytes(s.fileSizeBytes)]);
  if (s.pageSize !== undefined && s.freePages !== undefined) pairs.push(['free space', `${formatBytes(s.pageSize * s.freePages)} (${s.freePages} pages)`]);
  let out = renderPairs(pairs, paint);
  let previous = 0;
  const buckets = s.sizeBuckets.map((b) => {
    const label = b.upToBytes === null ? `> ${formatBytes(previous)}` : `${formatBytes(previous)} - ${formatBytes(b.upToBytes)}`;
    previous = b.upToBytes ?? previous;
    return [label, String(b.rows)];
  });
  out += '\n' + renderTable([{ header: 'SIZE' }, { header: 'ROWS', align: 'right' }], buckets, paint);
  if (s.byOwner && s.byOwner.length > 0) {
    const owners = s.byOwner.map((o) => [ownerLabel(o.owner), String(o.rows), formatBytes(o.bytes)]);
    out += '\n' + renderTable([{ header: 'OWNER' }, { header: 'ROWS', align: 'right' }, { header: 'SIZE', align: 'right' }], owners, paint);
  }
  io.stdout.write(out);
}
