import type { DiffHunk, TextDiffStats } from '../contract';

const NO_NEWLINE = '\\ No newline at end of file';

interface OpenHunk {
  oldStart: number;
  newStart: number;
  oldLines: number;
  newLines: number;
  lines: string[];
}

/**
 * Builds unified-diff hunks from a stream of equal stretches and changed lines, in order, with `context` lines
 * around each change; hunks closer than 2 × context lines merge (as diff -u does). Lines are passed with their
 * line break ('\n'), so a last line without one gets the `\ No newline at end of file` marker. Equal stretches
 * are given as counts plus only their first and last lines, so skipped content is never decoded whole.
 */
export class HunkBuilder {
  readonly hunks: DiffHunk[] = [];
  private open: OpenHunk | null = null;
  /** Next line numbers (1-based) on each side. */
  private oldLine = 1;
  private newLine = 1;
  /** Equal lines since the last change: count, the first 2 × context of them, the last context of them. */
  private equalCount = 0;
  private equalHead: string[] = [];
  private equalTail: string[] = [];
  private blockRemoved = 0;
  private blockAdded = 0;
  private readonly counts = { changed: 0, inserted: 0, deleted: 0 };
  /** Removed plus added lines so far. */
  changedLines = 0;

  constructor(readonly context: number) {}

  /** `count` equal lines; `head` holds (at least) their first min(count, 2 × context), `tail` their last min(count, context). */
  equal(count: number, head: readonly string[], tail: readonly string[]): void {
    if (count === 0) return;
    this.closeBlock();
    const keep = 2 * this.context;
    if (this.equalHead.length < keep) this.equalHead.push(...head.slice(0, Math.min(count, keep - this.equalHead.length)));
    const c = this.context;
    this.equalTail = c === 0 ? [] : count >= c ? tail.slice(-c) : [...this.equalTail, ...tail.slice(-count)].slice(-c);
    this.equalCount += count;
    this.oldLine += count;
    this.newLine += count;
  }

  /** Equal lines given whole (inside a region the diff library compared). */
  equalLines(lines: readonly string[]): void {
    this.equal(lines.length, lines.slice(0, 2 * this.context), lines.slice(-this.context || lines.length));
  }

  /** Lines only in the old text. */
  removed(lines: readonly string[]): void {
    this.startChange();
    const h = this.open as OpenHunk;
    for (const line of lines) this.push(h, '-', line);
    h.oldLines += lines.length;
    this.oldLine += lines.length;
    this.blockRemoved += lines.length;
    this.changedLines += lines.length;
  }

  /** Lines only in the new text. */
  added(lines: readonly string[]): void {
    this.startChange();
    const h = this.open as OpenHunk;
    for (const line of lines) this.push(h, '+', line);
    h.newLines += lines.length;
    this.newLine += lines.length;
    this.blockAdded += lines.length;
    this.changedLines += lines.length;
  }

  /** Closes the last hunk (with its trailing context) and returns the counts. */
  finish(): TextDiffStats {
    this.closeBlock();
    if (this.open) this.closeOpen(this.equalHead.slice(0, Math.min(this.context, this.equalCount)));
    return { ...this.counts, hunks: this.hunks.length };
  }

  private startChange(): void {
    if (this.equalCount === 0 && this.open) return;
    const c = this.context;
    if (this.open && this.equalCount <= 2 * c) {
      this.appendContext(this.open, this.equalHead.slice(0, this.equalCount));
    } else {
      if (this.open) this.closeOpen(this.equalHead.slice(0, c));
      const lead = this.equalTail.slice(-Math.min(c, this.equalCount));
      const h: OpenHunk = { oldStart: this.oldLine - lead.length, newStart: this.newLine - lead.length, oldLines: 0, newLines: 0, lines: [] };
      this.appendContext(h, lead);
      this.open = h;
    }
    this.equalCount = 0;
    this.equalHead = [];
    this.equalTail = [];
  }

  private appendContext(h: OpenHunk, lines: readonly string[]): void {
    for (const line of lines) this.push(h, ' ', line);
    h.oldLines += lines.length;
    h.newLines += lines.length;
  }

  private closeOpen(trailing: readonly string[]): void {
    const h = this.open as OpenHunk;
    this.appendContext(h, trailing);
    this.hunks.push(h);
    this.open = null;
  }

  private closeBlock(): void {
    const paired = Math.min(this.blockRemoved, this.blockAdded);
    this.counts.changed += paired;
    this.counts.inserted += this.blockAdded - paired;
    this.counts.deleted += this.blockRemoved - paired;
    this.blockRemoved = 0;
    this.blockAdded = 0;
  }

  private push(h: OpenHunk, prefix: string, line: string): void {
    if (line.endsWith('\n')) h.lines.push(prefix + line.slice(0, -1));
    else h.lines.push(prefix + line, NO_NEWLINE);
  }
}

/** Splits text into lines that keep their '\n' (the last may have none); '' gives no line. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  const last = lines.pop() as string;
  const out = lines.map((l) => l + '\n');
  if (last !== '') out.push(last);
  return out;
}
