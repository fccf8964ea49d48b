import type { SideBySideHunk, SideCell } from '../../../../app/contract';

/** One line of the unified view: a context, removed or added line with its line numbers and word segments. */
export interface UnifiedRow {
  readonly kind: 'context' | 'removed' | 'added';
  readonly oldNo: number | null;
  readonly newNo: number | null;
  readonly cell: SideCell;
  /** Index of the change block this row belongs to (null for context rows). */
  readonly change: number | null;
}

/** A hunk of the unified view. */
export interface UnifiedHunk {
  readonly header: string;
  readonly rows: readonly UnifiedRow[];
}

/**
 * Unified rows from side-by-side hunks: within each block of changed rows, every left (removed) line, then every
 * right (added) one, which is the order of the unified diff; the word segments of paired lines are kept. Change
 * blocks are numbered across hunks, in order, as {@link changeCount} counts them.
 */
export function unifiedRows(hunks: readonly SideBySideHunk[]): UnifiedHunk[] {
  let change = -1;
  return hunks.map((h) => {
    const rows: UnifiedRow[] = [];
    let removed: SideCell[] = [];
    let added: SideCell[] = [];
    const flush = () => {
      if (removed.length + added.length === 0) return;
      change++;
      for (const cell of removed) rows.push({ kind: 'removed', oldNo: cell.lineNo, newNo: null, cell, change });
      for (const cell of added) rows.push({ kind: 'added', oldNo: null, newNo: cell.lineNo, cell, change });
      removed = [];
      added = [];
    };
    for (const r of h.rows) {
      if (r.kind === 'context' && r.left && r.right) {
        flush();
        rows.push({ kind: 'context', oldNo: r.left.lineNo, newNo: r.right.lineNo, cell: r.left, change: null });
      } else {
        if (r.left) removed.push(r.left);
        if (r.right) added.push(r.right);
      }
    }
    flush();
    return { header: h.header, rows };
  });
}

/** For side-by-side rows: the change block index of each row (null for context), numbered as in {@link unifiedRows}. */
export function sideChangeIndex(hunks: readonly SideBySideHunk[]): (number | null)[][] {
  let change = -1;
  return hunks.map((h) => {
    let inBlock = false;
    return h.rows.map((r) => {
      if (r.kind === 'context') {
        inBlock = false;
        return null;
      }
      if (!inBlock) change++;
      inBlock = true;
      return change;
    });
  });
}

/** Number of change blocks (runs of changed rows between context rows). */
export function changeCount(hunks: readonly SideBySideHunk[]): number {
  const idx = sideChangeIndex(hunks).flat();
  return idx.reduce<number>((n, c) => (c !== null ? Math.max(n, c + 1) : n), 0);
}
