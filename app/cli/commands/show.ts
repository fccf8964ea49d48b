import { ScratchpadError } from '../../contract';
import { DEEP_LINK_SCHEME, entryExpiresAt, parseDeepLink } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { formatBytes, formatExpiry, formatRelative, formatTime } from '../format';
import type { CliIo } from '../io';
import { renderPairs } from '../table';
import { printJson, stdoutPaint, type CommonArgs } from './common';
import { ownerLabel } from '../../common/principal';

/** Arguments of `show`. */
export interface ShowArgs extends CommonArgs {
  readonly id: string;
}

/**
 * `show ID`: metadata, full sha256, synthetic handle and expiry of one entry. JSON: the store's
 * `EntryDescription` (`{ meta, sha256, handle, detectedType }`). NOT_FOUND for missing or foreign ids.
 */
export async function runShow(store: Scratchpad, args: ShowArgs, io: CliIo): Promise<void> {
  const d = await store.describe(args.principal, args.id);
  if (args.json) return printJson(io, d);
  const paint = stdoutPaint(io);
  const now = io.now();
  const m = d.meta;
  const length = m.kind === 'binary' ? `${m.sizeBytes} bytes` : m.lengthCodePoints === null ? 'unknown' : `${m.lengthCodePoints} code points`;
  const pairs: [string, string][] = [
    ['id', paint('bold', m.id)],
    ['turn', m.turnId],
    ['step', m.stepNum === null ? '-' : String(m.stepNum)],
    ['executor', m.executorName ?? '-'],
    ['owner', ownerLabel(m.owner)],
    ['actor', m.actor ?? '-'],
    ['channel', m.channel ?? '-'],
    ['kind', m.kind + (m.structured ? ' (structured JSON)' : '') + (d.detectedType ? `, ${d.detectedType}` : '')],
    ['size', `${formatBytes(m.sizeBytes)} (${m.sizeBytes} bytes)`],
    ['length', length],
    ['sha256', d.sha256],
    ['created', `${formatTime(m.createdAt)} (${formatRelative(m.createdAt, now)})`],
    ['expires', `${formatTime(entryExpiresAt(m))} (${formatRelative(entryExpiresAt(m), now)}) ${formatExpiry(m.expiry, paint)}`],
    ['summary', m.summary],
    // The handle's summary is the one printed above; --json keeps it.
    ['handle', d.handle === null ? '-' : JSON.stringify({ ...d.handle, summary: '(as above)' }, null, 2)],
  ];
  io.stdout.write(renderPairs(pairs, paint));
}

/**
 * What `show ARG` opens: an entry id in the `--db` file, or a deep link's entry in the link's file (`db` set).
 * A link without an entry id, one that does not parse (app/contract/deep-link.ts: it may not name a principal),
 * or one naming another file than `--db`, is a USAGE {@link ScratchpadError}.
 */
export function showTarget(arg: string, dbOption: string | undefined): { readonly id: string; readonly db?: string } {
  if (!arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) return { id: arg };
  const parsed = parseDeepLink(arg);
  if (!parsed.ok) throw new ScratchpadError('USAGE', `bad link: ${parsed.message}`);
  if (parsed.link.id === undefined) throw new ScratchpadError('USAGE', 'the link names no entry (id=…)');
  if (dbOption !== undefined && dbOption !== parsed.link.db)
    throw new ScratchpadError('USAGE', `the link names ${parsed.link.db}, not the --db file ${dbOption}`);
  return { id: parsed.link.id, db: parsed.link.db };
}
