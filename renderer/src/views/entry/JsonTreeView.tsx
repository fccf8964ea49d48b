import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorBox } from '../../components/States';
import { formatCount } from '../../../../app/common/format';
import { CopyButton } from './CopyButton';
import { pathKey, pathText, type JsonRow } from './json/outline';
import { TreeRows } from './json/TreeRows';
import { MAX_TREE_CODE_POINTS, useJsonOutline } from './json/useJsonOutline';

const ROW_PX = 20;
const NO_ROWS: readonly (JsonRow | undefined)[] = [];
/** The tree opens with the root's children open (a top-level list shows its items). */
const INITIAL_OPEN_DEPTH = 1;

type Props = { id: string; totalCodePoints: number | null };

/**
 * Collapsible JSON tree of a structured observation, for entries of any size up to MAX_TREE_CODE_POINTS: the
 * text is read into a worker that parses it and answers the visible rows, drawn virtualized (a 50,000-item list
 * opens at once); the top of the tree shows from the first slice on, its still-loading containers counted "N+". Expand all / collapse all; a selected row's path and value can be copied. Keys and values are
 * React text nodes (never HTML).
 */
export function JsonTreeView({ id, totalCodePoints }: Props) {
  if (totalCodePoints === null) return <div className="json-note muted">Reading the entry's length…</div>;
  if (totalCodePoints > MAX_TREE_CODE_POINTS) {
    return (
      <div className="json-note muted">
        JSON tree unavailable: this observation is {formatCount(totalCodePoints)} code points, more than the {formatCount(MAX_TREE_CODE_POINTS)} the tree loads.
        Use Raw to page through it as text.
      </div>
    );
  }
  return <Tree key={id} id={id} total={totalCodePoints} />;
}

function Tree({ id, total }: { id: string; total: number }) {
  const { status, rows, outline, valueAt, need } = useJsonOutline(id, total, INITIAL_OPEN_DEPTH);
  const [openDepth, setOpenDepth] = useState(INITIAL_OPEN_DEPTH);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<JsonRow | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const list = rows?.rows ?? NO_ROWS;
  const virtualizer = useVirtualizer({ count: rows?.count ?? 0, getScrollElement: () => ref.current, estimateSize: () => ROW_PX, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  // The worker holds the outline; the rows in view (and a block around them) are fetched as the view scrolls.
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (items.length > 0) need(first, last + 1);
  }, [first, last, need, items.length]);

  const ready = status.step === 'ready';
  // Rows show from the first look at the first slice on (the final parse then answers the same openness itself).
  const showable = ready || (status.step === 'loading' && status.previewed);
  useEffect(() => {
    if (showable) void outline(openDepth, expanded, collapsed);
  }, [showable, openDepth, expanded, collapsed, outline]);

  // Stable between renders (the rows are memoized); openDepth decides whether a row opens by depth or by path.
  const toggle = useCallback(
    (row: JsonRow) => {
      const k = pathKey(row.path);
      const without = (set: ReadonlySet<string>) => {
        const next = new Set(set);
        next.delete(k);
        return next;
      };
      const withIt = (set: ReadonlySet<string>) => new Set(set).add(k);
      if (row.expanded) {
        setExpanded(without);
        if (row.depth < openDepth) setCollapsed(withIt);
      } else {
        setCollapsed(without);
        if (row.depth >= openDepth) setExpanded(withIt);
      }
    },
    [openDepth],
  );
  const setAll = (depth: number) => {
    setOpenDepth(depth);
    setExpanded(new Set());
    setCollapsed(new Set());
  };

  if (status.step === 'error') return <ErrorBox what="the JSON tree" error={status.error} />;
  if (status.step === 'invalid') return <div className="json-note error-inline">The stored JSON does not parse: {status.message}</div>;
  return (
    <div className="json-view">
      <div className="json-toolbar">
        <button type="button" onClick={() => setAll(Infinity)} disabled={!ready}>
          Expand all
        </button>
        <button type="button" onClick={() => setAll(0)} disabled={!ready}>
          Collapse all
        </button>
        {status.step === 'loading' && (
          <span className="muted">
            Loading {formatCount(status.read)} of {formatCount(status.total)} code points…
          </span>
        )}
        {status.step === 'ready' && (
          <span className="muted">
            {status.rootKind === 'array'
              ? `array of ${formatCount(status.rootSize)} items`
              : status.rootKind === 'object'
                ? `object of ${formatCount(status.rootSize)} keys`
                : status.rootKind}
            {rows?.truncated ? ` · first ${formatCount(rows.count)} rows shown` : ''}
          </span>
        )}
        {selected && (
          <span className="json-selected">
            <code className="json-path" title={pathText(selected.path)}>
              {pathText(selected.path)}
            </code>
            <CopyButton text={pathText(selected.path)} label="Copy path" />
            <CopyValueButton load={() => valueAt(selected.path)} />
          </span>
        )}
      </div>
      <div className="json-tree" ref={ref} aria-label="JSON tree" role="tree" tabIndex={0}>
        <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
          <TreeRows items={items} rows={list} selectedKey={selected === null ? null : pathKey(selected.path)} onSelect={setSelected} onToggle={toggle} />
        </div>
      </div>
    </div>
  );
}

/** Copy value: asks the worker for the selected value's JSON text at click time. */
function CopyValueButton({ load }: { load: () => Promise<string | undefined> }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          const text = await load();
          if (text === undefined) throw new Error('no value');
          await navigator.clipboard.writeText(text);
          setState('copied');
        } catch {
          setState('failed');
        }
        setTimeout(() => setState('idle'), 2000);
      }}
    >
      {state === 'copied' ? 'Copied ✓' : state === 'failed' ? 'Copy failed' : 'Copy value'}
    </button>
  );
}
