import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import { formatCount } from '../../../../../app/common/format';
import { pathKey, type JsonRow } from './outline';

const INDENT_PX = 16;

type Props = {
  /** The virtualizer's items in view (with overscan): index into `rows` and offset in px. */
  readonly items: readonly VirtualItem[];
  /** Row `index` of the outline (undefined while still being fetched). */
  readonly rowAt: (index: number) => JsonRow | undefined;
  /** {@link pathKey} of the selected row, or null. */
  readonly selectedKey: string | null;
  readonly onSelect: (row: JsonRow) => void;
  readonly onToggle: (row: JsonRow) => void;
};

/**
 * The JSON tree's rows on screen. Memoized: the tree's loading line changes with every slice read, and these
 * rows only when the outline, the scroll window or the selection does. Keys and values are React text nodes.
 */
export const TreeRows = memo(function TreeRows({ items, rowAt, selectedKey, onSelect, onToggle }: Props) {
  return items.map((item) => {
    const row = rowAt(item.index);
    if (!row) return <div key={item.key} className="json-row" aria-busy="true" style={{ transform: `translateY(${item.start}px)` }} />;
    const container = row.kind === 'object' || row.kind === 'array';
    const isSelected = selectedKey !== null && selectedKey === pathKey(row.path);
    return (
      <div
        key={item.key}
        role="treeitem"
        aria-expanded={container ? row.expanded : undefined}
        aria-selected={isSelected}
        aria-level={row.depth + 1}
        className={`json-row${isSelected ? ' selected' : ''}`}
        style={{ transform: `translateY(${item.start}px)`, paddingLeft: 4 + row.depth * INDENT_PX }}
        onClick={() => onSelect(row)}
      >
        {container ? (
          <button
            type="button"
            className="disclosure"
            aria-label={row.expanded ? 'Collapse' : 'Expand'}
            onClick={(event) => {
              event.stopPropagation();
              onToggle(row);
            }}
          >
            {row.expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="disclosure-space" />
        )}
        <span className="json-key" onClick={container ? () => onToggle(row) : undefined}>
          {row.key === null ? '' : `${row.key}:`}
        </span>{' '}
        {container ? (
          <span className="json-summary" title={row.incomplete ? 'still reading: more to come' : undefined}>
            {containerSummary(row)}
          </span>
        ) : (
          <span className={`json-${row.kind}`}>{row.preview}</span>
        )}
      </div>
    );
  });
});

/** "[50,000 items]" / "[1 item]" / "{4 keys}" / "{1 key}"; a container still being read shows its count so far with a "+". */
export function containerSummary(row: Pick<JsonRow, 'kind' | 'size' | 'incomplete'>): string {
  const count = `${formatCount(row.size)}${row.incomplete ? '+' : ''}`;
  const one = row.size === 1 && !row.incomplete;
  return row.kind === 'array' ? `[${count} ${one ? 'item' : 'items'}]` : `{${count} ${one ? 'key' : 'keys'}}`;
}
