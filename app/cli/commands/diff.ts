import { compareEntries } from '../../compare/store-source';
import { formatUnified, sideBySide } from '../../compare';
import type { CompareResult } from '../../contract';
import type { Scratchpad } from '../../scratchpad/types';
import { EXIT } from '../exit-codes';
import type { CliIo, Paint } from '../io';
import { renderSideBySide } from '../side-by-side';
import { outputWidth, printJson, stderrPaint, stdoutPaint, type CommonArgs } from './common';

/** Arguments of `diff`. */
export interface DiffArgs extends CommonArgs {
  readonly leftId: string;
  readonly rightId: string;
  /** Lines of context around each change (default 3). */
  readonly context: number;
  readonly sideBySide: boolean;
}

function paintUnified(text: string, paint: Paint): string {
  return text.replace(/^.*$/gm, (line) =>
    line.startsWith('@@')
      ? paint('cyan', line)
      : line.startsWith('---') || line.startsWith('+++')
        ? paint('bold', line)
        : line.startsWith('-')
          ? paint('red', line)
          : line.startsWith('+')
            ? paint('green', line)
            : line,
  );
}

function printStructural(r: CompareResult, io: CliIo): void {
  if (r.json === null || r.json.changes.length === 0) return;
  const lines = r.json.changes.map((c) =>
    c.kind === 'changed' ? `# ~ ${c.path}: ${c.before} -> ${c.after}` : c.kind === 'added' ? `# + ${c.path}: ${c.after}` : `# - ${c.path}: ${c.before}`,
  );
  const { added, removed, changed } = r.json.counts;
  io.stdout.write(`# structural: ${changed} changed, ${added} added, ${removed} removed\n${lines.join('\n')}\n`);
}

/**
 * `diff ID1 ID2`: compares two entries (app/compare). Text: a unified diff (`--- ID1`, `+++ ID2`, hunks with
 * `context` lines), or side by side with --side-by-side; structured JSON entries first list the structural
 * changes as `# ~ path: old -> new` lines (a patch tool skips them). Binary: the first differing byte and hex
 * rows of both sides. Text vs binary: one line with sizes and sha256. --json: the whole CompareResult (plus
 * `sideBySide` rows with --side-by-side). Notes (expired rows, truncation) go to stderr.
 * Returns the exit status as diff(1): 0 identical, 1 different. Errors: NOT_FOUND for a missing or foreign id.
 */
export async function runDiff(store: Scratchpad, args: DiffArgs, io: CliIo): Promise<number> {
  const r = await compareEntries(store, args.principal, args.leftId, args.rightId, { context: args.context });
  const status = r.identical ? EXIT.OK : 1;
  if (args.json) {
    printJson(io, args.sideBySide && r.text ? { ...r, sideBySide: sideBySide(r.text.hunks) } : r);
    return status;
  }
  const paint = stdoutPaint(io);
  for (const note of r.notes) io.stderr.write(`note: ${note}\n`);
  if (r.truncated) io.stderr.write(stderrPaint(io)('yellow', `note: truncated (${r.truncatedReason}): only the differences found so far are shown\n`));
  if (r.mode === 'kind-mismatch') {
    const { left: l, right: rt } = r;
    io.stdout.write(
      `Entries ${l.id} (${l.kind}) and ${rt.id} (${rt.kind}) differ: ${l.sizeBytes} vs ${rt.sizeBytes} bytes, sha256 ${l.sha256} vs ${rt.sha256}\n`,
    );
  } else if (r.mode === 'binary' && r.binary) {
    const b = r.binary;
    const at = b.firstDifferenceOffset === null ? '' : ` at byte ${b.firstDifferenceOffset} (0x${b.firstDifferenceOffset.toString(16)})`;
    io.stdout.write(`Binary entries ${r.left.id} and ${r.right.id} differ${at}: ${r.left.sizeBytes} vs ${r.right.sizeBytes} bytes\n`);
    for (const [label, w] of [
      ['<', b.left],
      ['>', b.right],
    ] as const) {
      if (w === null) continue;
      for (let at = 0; at < w.hex.length; at += 32) {
        const row = w.hex
          .slice(at, at + 32)
          .replace(/(..)/g, '$1 ')
          .trimEnd();
        io.stdout.write(`${label} ${(w.start + at / 2).toString(16).padStart(8, '0')}  ${row}\n`);
      }
    }
  } else if (r.text) {
    printStructural(r, io);
    if (args.sideBySide) {
      io.stdout.write(`--- ${r.left.id}\n+++ ${r.right.id}\n` + renderSideBySide(sideBySide(r.text.hunks), outputWidth(io), paint));
    } else io.stdout.write(paintUnified(formatUnified(r.text, r.left.id, r.right.id), paint));
  }
  return status;
}
