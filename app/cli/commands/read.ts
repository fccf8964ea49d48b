import { ScratchpadError } from '../../contract';
import type { ReadResult } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import type { CliIo } from '../io';
import { printJson, stderrPaint, type CommonArgs } from './common';
import { bytesOf, readWindows, SliceWriter, type ReadOutput } from './read-stream';
import { sliceBounds } from '../../common/slices';

/** Arguments of `read`: at most one of head/tail/range (none: the whole value). */
export interface ReadArgs extends CommonArgs {
  readonly id: string;
  readonly head?: number;
  readonly tail?: number;
  /** [start, end): end exclusive; code points (text) or bytes (binary). */
  readonly range?: readonly [number, number];
  /** Write the slice's bytes (UTF-8 for text) unchanged to stdout; refused on a terminal. */
  readonly raw?: boolean;
}

/** A slice the user asked for, in code points (text) or bytes (binary). */
export type Slice =
  | { readonly mode: 'head'; readonly n: number }
  | { readonly mode: 'tail'; readonly n: number }
  | { readonly mode: 'range'; readonly start: number; readonly end: number };

/** The slice `args` asks for: one of head/tail/range, or null for the whole value; USAGE for two or more. */
export function sliceOf(args: ReadArgs): Slice | null {
  const modes = [args.head !== undefined, args.tail !== undefined, args.range !== undefined].filter(Boolean).length;
  if (modes > 1) throw new ScratchpadError('USAGE', 'give at most one of --head, --tail and --range');
  if (args.head !== undefined) return { mode: 'head', n: args.head };
  if (args.tail !== undefined) return { mode: 'tail', n: args.tail };
  if (args.range !== undefined) {
    const [start, end] = args.range;
    if (end < start) throw new ScratchpadError('USAGE', `--range end (${end}) is before start (${start})`);
    return { mode: 'range', start, end };
  }
  return null;
}

/** [start, end) of the slice in a value of `total` units, clamped to it. */
function boundsOf(slice: Slice, total: number): [number, number] {
  const { start, end } = sliceBounds(slice, total);
  return [start, end];
}

/**
 * `read ID`: the whole value, or exactly the `--head/--tail/--range` slice, whatever its size: never cut at
 * the store's `maxReadLength` cap. Without a slice the value streams through iterateContent; a slice streams
 * in bounded range reads (app/cli/commands/read-stream.ts), so memory stays bounded. Text prints as text
 * (ending with a newline), binary as a hex dump (offsets from the slice start); `--raw` writes the bytes
 * themselves (refused on a terminal); `--json` prints one `ReadResult` of the whole slice (held in memory). A
 * range reaching past the end is clamped, with a note on stderr. Errors: NOT_FOUND (exit 1), USAGE (exit 2).
 */
export async function runRead(store: Scratchpad, args: ReadArgs, io: CliIo): Promise<void> {
  if (args.raw && args.json) throw new ScratchpadError('USAGE', '--raw and --json cannot be combined');
  if (args.raw && io.stdout.isTTY) throw new ScratchpadError('USAGE', 'refusing to write raw bytes to a terminal: redirect or pipe stdout');
  const slice = sliceOf(args);
  // A zero-length read: kind, unit and total length of the value (metnos-v1 rows may not know their length).
  const { meta } = await store.read(args.principal, args.id, { mode: 'range', start: 0, end: 0 });
  const unit = meta.unit === 'bytes' ? 'bytes' : 'code points';
  const [start, end] = slice ? boundsOf(slice, meta.totalLength) : [0, meta.totalLength];
  if (slice?.mode === 'range' && slice.end > meta.totalLength) {
    io.stderr.write(`note: --range ${slice.start} ${slice.end} reaches past the end (${meta.totalLength} ${unit}); printed [${start}, ${end})\n`);
  }
  if (args.json) {
    const parts: Buffer[] = [];
    await readWindows(store, args.principal, args.id, start, end, (w) => void parts.push(bytesOf(w)));
    const whole = Buffer.concat(parts);
    const result: ReadResult = {
      content: meta.kind === 'binary' ? whole.toString('base64') : whole.toString('utf8'),
      encoding: meta.kind === 'binary' ? 'base64' : 'utf8',
      meta: { ...meta, start, end, returnedLength: end - start, truncated: false },
    };
    return printJson(io, result);
  }
  const output: ReadOutput = args.raw ? 'raw' : meta.kind === 'binary' ? 'hex' : 'text';
  const writer = new SliceWriter(io, output, start);
  if (slice) await readWindows(store, args.principal, args.id, start, end, (w) => writer.write(bytesOf(w)));
  else for await (const chunk of await store.iterateContent(args.principal, args.id)) await writer.write(chunk);
  await writer.end();
  if (io.stderr.isTTY) io.stderr.write(stderrPaint(io)('dim', `[${start}, ${end}) of ${meta.totalLength} ${unit}\n`));
}
