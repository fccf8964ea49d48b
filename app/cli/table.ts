import Table from 'cli-table3';
import type { Paint } from './io';

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

/** One column of {@link renderTable}: header and alignment. */
export interface Column {
  readonly header: string;
  readonly align?: 'left' | 'right';
}

/**
 * An aligned, borderless table (cli-table3) as `docker ps` prints one: headers in bold when colour is on,
 * two spaces between columns, trailing spaces trimmed, a newline after every line.
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], paint: Paint): string {
  const table = new Table({
    head: columns.map((c) => paint('bold', c.header)),
    colAligns: columns.map((c) => c.align ?? 'left'),
    chars: BORDERLESS,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  for (const row of rows) table.push([...row]);
  return (
    table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n') + '\n'
  );
}

/** A two-column key/value listing (keys dimmed when colour is on; multi-line values indented). */
export function renderPairs(pairs: readonly (readonly [string, string])[], paint: Paint): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  const indent = '\n' + ' '.repeat(width + 2);
  return pairs.map(([k, v]) => `${paint('dim', k.padEnd(width))}  ${v.split('\n').join(indent)}\n`).join('');
}
