import type { SideBySideHunk, SideCell } from '../contract';
import type { Paint } from './io';

const MARK = { context: ' ', change: '|', removed: '<', added: '>' } as const;

/** Cuts or pads `text` to exactly `width` code points (tabs as 4 spaces, other control characters as '·'). */
const isControl = (cp: string) => cp < ' ' || cp === '\u007f';

function fit(text: string, width: number): string {
  const cps = [...text.replace(/\t/g, '    ')].map((cp) => (isControl(cp) ? '·' : cp));
  return cps.length > width ? cps.slice(0, Math.max(0, width - 1)).join('') + '…' : cps.join('') + ' '.repeat(width - cps.length);
}

function cell(c: SideCell | null, width: number, style: 'red' | 'green', paint: Paint): string {
  if (c === null) return ' '.repeat(width + 7);
  const no = String(c.lineNo).padStart(6) + ' ';
  const text = fit(c.text, width);
  // Word highlight only when the segments fit unchanged (colour codes would else break the cut).
  if (c.segments && [...c.text].length <= width && ![...c.text].some(isControl)) {
    return paint('dim', no) + c.segments.map((s) => (s.changed ? paint(style, s.text) : s.text)).join('') + text.slice(c.text.length);
  }
  return paint('dim', no) + text;
}

/**
 * Side-by-side text in `totalWidth` columns, as diff -y marks rows: ' ' equal, '|' changed, '<' only left,
 * '>' only right; line numbers on each side; changed words coloured when `paint` colours.
 */
export function renderSideBySide(hunks: readonly SideBySideHunk[], totalWidth: number, paint: Paint): string {
  const width = Math.max(10, Math.floor((totalWidth - 3 - 14) / 2));
  const out: string[] = [];
  for (const h of hunks) {
    out.push(paint('cyan', h.header));
    for (const r of h.rows) out.push(`${cell(r.left, width, 'red', paint)} ${MARK[r.kind]} ${cell(r.right, width, 'green', paint)}`.trimEnd());
  }
  return out.length === 0 ? '' : out.join('\n') + '\n';
}
