import { ScratchpadError } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import type { CliIo } from '../io';
import { printJson, stderrPaint, type CommonArgs } from './common';

/** Arguments of `read ID --lines A:B`: 0-based lines [start, end) (end null: to the last line). */
export interface ReadLinesArgs extends CommonArgs {
  readonly id: string;
  readonly start: number;
  readonly end: number | null;
}

/** Parses `A:B` or `A:` (0-based, end exclusive, as the store's lines mode); USAGE otherwise. */
export function parseLinesSpec(spec: string): { start: number; end: number | null } {
  const m = /^(\d{1,15}):(\d{1,15})?$/.exec(spec);
  if (m === null) throw new ScratchpadError('USAGE', `--lines takes START:END (0-based lines, END exclusive, may be empty), got '${spec}'`);
  const start = Number(m[1]);
  const end = m[2] === undefined ? null : Number(m[2]);
  if (end !== null && end < start) throw new ScratchpadError('USAGE', `--lines end (${end}) is before start (${start})`);
  return { start, end };
}

/**
 * Prints lines [start, end) of a text entry, one per output line (terminators dropped, `\r\n` as `\n`), or
 * with --json the store's ReadResult (its `lines` array). One store read, so at most the store's read cap of
 * code points: a longer span is cut (its last line partial) with a note on stderr, as is one reaching past the last
 * line (clamped, as `read --range`). Binary entries:
 * INVALID_ARGUMENT from the store (exit 2); missing or foreign ids: NOT_FOUND (exit 1).
 */
export async function runReadLines(store: Scratchpad, args: ReadLinesArgs, io: CliIo): Promise<void> {
  const r = await store.read(args.principal, args.id, { mode: 'lines', start: args.start, ...(args.end === null ? {} : { end: args.end }) });
  const total = r.meta.totalLines ?? 0;
  // As --range: a span reaching past the last line is clamped, and said (else empty output reads as empty lines).
  if (typeof r.meta.totalLines === 'number' && (args.end ?? args.start) > total) {
    const spec = `${args.start}:${args.end ?? ''}`;
    io.stderr.write(
      `note: --lines ${spec} reaches past the end (${total} lines); printed [${Math.min(args.start, total)}, ${Math.min(args.end ?? total, total)})\n`,
    );
  }
  if (args.json) return printJson(io, r);
  for (const line of r.lines ?? []) io.stdout.write(`${line}\n`);
  const first = r.meta.startLine ?? 1;
  const shown = r.lines?.length ?? 0;
  if (r.meta.truncated) io.stderr.write(`note: cut at the read cap of ${r.meta.returnedLength} code points; the last line printed is partial\n`);
  if (io.stderr.isTTY) io.stderr.write(stderrPaint(io)('dim', `lines [${first - 1}, ${first - 1 + shown}) of ${total}\n`));
}
