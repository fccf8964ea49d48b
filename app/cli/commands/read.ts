import type { ReadOptions } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { CliError } from '../exit-codes';
import { hexDump } from '../format';
import type { CliIo } from '../io';
import { printJson, stderrPaint, type CommonArgs } from './common';

/** Arguments of `read`: at most one of head/tail/range (none: the whole value up to the store's cap). */
export interface ReadArgs extends CommonArgs {
  readonly id: string;
  readonly head?: number;
  readonly tail?: number;
  /** [start, end): end exclusive; code points (text) or bytes (binary). */
  readonly range?: readonly [number, number];
  /** Write the slice's bytes (UTF-8 for text) unchanged to stdout; refused on a terminal. */
  readonly raw?: boolean;
}

/** The store read options for `args`; USAGE when more than one mode is given. */
export function readOptionsOf(args: ReadArgs): ReadOptions {
  const modes = [args.head !== undefined, args.tail !== undefined, args.range !== undefined].filter(Boolean).length;
  if (modes > 1) throw new CliError('USAGE', 'give at most one of --head, --tail and --range');
  if (args.head !== undefined) return { mode: 'head', n: args.head };
  if (args.tail !== undefined) return { mode: 'tail', n: args.tail };
  if (args.range !== undefined) {
    const [start, end] = args.range;
    if (end < start) throw new CliError('USAGE', `--range end (${end}) is before start (${start})`);
    return { mode: 'range', start, end };
  }
  return { mode: 'full' };
}

/**
 * `read ID`: a slice of one entry. Text prints as text, binary as a hex dump (offsets from the slice start);
 * `--raw` writes the bytes themselves (refused when stdout is a terminal); `--json` prints the store's
 * `ReadResult` (binary content base64). A truncated read (a full read past the cap) notes it on stderr.
 * Errors: NOT_FOUND (exit 1), INVALID_ARGUMENT / USAGE for bad bounds (exit 2).
 */
export async function runRead(store: Scratchpad, args: ReadArgs, io: CliIo): Promise<void> {
  if (args.raw && args.json) throw new CliError('USAGE', '--raw and --json cannot be combined');
  if (args.raw && io.stdout.isTTY) throw new CliError('USAGE', 'refusing to write raw bytes to a terminal: redirect or pipe stdout');
  const result = await store.read(args.principal, args.id, readOptionsOf(args));
  if (args.json) return printJson(io, result);
  const { meta } = result;
  const bytes = result.encoding === 'base64' ? Buffer.from(result.content, 'base64') : null;
  if (args.raw) io.stdout.write(bytes ?? Buffer.from(result.content, 'utf8'));
  else if (bytes) io.stdout.write(hexDump(bytes, meta.start));
  else io.stdout.write(result.content + (io.stdout.isTTY && !result.content.endsWith('\n') ? '\n' : ''));
  const unit = meta.unit === 'bytes' ? 'bytes' : 'code points';
  if (io.stderr.isTTY) io.stderr.write(stderrPaint(io)('dim', `[${meta.start}, ${meta.end}) of ${meta.totalLength} ${unit}\n`));
  if (meta.truncated) io.stderr.write(`note: truncated to ${meta.returnedLength} of ${meta.totalLength} ${unit}; use --range or export\n`);
}
