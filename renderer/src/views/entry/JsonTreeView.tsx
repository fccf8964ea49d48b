import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ScratchpadError } from '../../api';
import { ErrorBox } from '../../components/States';
import { formatCount, plural } from '../../../../app/common/format';
import { CopyButton } from './CopyButton';
import { pathKey, pathText, type JsonPath, type JsonRow } from './json/outline';
import { SelectedValue } from './json/SelectedValue';
import { TreeRows } from './json/TreeRows';
import { MAX_TREE_CODE_POINTS, useJsonOutline } from './json/useJsonOutline';
import { useOutlineTree, type TreeView } from './json/useOutlineTree';

const ROW_PX = 20;
const NO_ROWS = (): JsonRow | undefined => undefined;
/** The tree opens with the root's children open (a top-level list shows its items). */
const INITIAL_OPEN_DEPTH = 1;

type Props = { id: string; totalCodePoints: number | null };

/**
 * Collapsible JSON tree of a structured observation, for entries of any size up to MAX_TREE_CODE_POINTS: drawn
 * from the store's outline of the text (its top containers and child counts, one scan where the store lives), the
 * values of the rows in view read by range and parsed as the view scrolls; virtualized (a 50,000-item list opens
 * at once). A text the outline cannot serve is read whole into a worker that parses it (its top showing from the
 * first slice on, still-loading containers counted "N+"). Expand all / collapse all; a selected row's path and
 * value can be copied, and a selected leaf's value is read whole below the tree (a string unescaped, wrapped).
 * Keys and values are React text nodes (never HTML).
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
  const outlined = useOutlineTree(id, INITIAL_OPEN_DEPTH);
  if (outlined.fallback) return <ParsedTree id={id} total={total} />;
  const { status } = outlined;
  return (
    <TreeBody
      source={outlined}
      ready={status.step === 'ready'}
      showable={status.step === 'ready'}
      error={status.step === 'error' ? status.error : null}
      invalid={null}
      progress={status.step === 'outlining' ? `Outlining ${formatCount(total)} code points…` : null}
      summary={status.step === 'ready' ? rootSummary(status.rootKind, status.rootSize) : null}
    />
  );
}

/** The tree of a text the outline cannot serve: the whole text read into the outline worker and parsed there. */
function ParsedTree({ id, total }: { id: string; total: number }) {
  const { status, rows, outline, valueAt, need } = useJsonOutline(id, total, INITIAL_OPEN_DEPTH);
  const view = useMemo<TreeView | null>(() => rows && { count: rows.count, truncated: rows.truncated, rowAt: (i: number) => rows.rows[i] }, [rows]);
  return (
    <TreeBody
      source={{ view, outline, valueAt, need }}
      ready={status.step === 'ready'}
      // Rows show from the first look at the first slice on (the final parse then answers the same openness itself).
      showable={status.step === 'ready' || (status.step === 'loading' && status.previewed)}
      error={status.step === 'error' ? status.error : null}
      invalid={status.step === 'invalid' ? status.message : null}
      progress={status.step === 'loading' ? `Loading ${formatCount(status.read)} of ${formatCount(status.total)} code points…` : null}
      summary={status.step === 'ready' ? rootSummary(status.rootKind, status.rootSize) : null}
    />
  );
}

function rootSummary(kind: JsonRow['kind'], size: number): string {
  return kind === 'array' ? `array of ${plural(size, 'item')}` : kind === 'object' ? `object of ${plural(size, 'key')}` : kind;
}

/** Where a tree's rows come from: the outline (useOutlineTree) or the whole text parsed (useJsonOutline). */
type TreeSource = {
  readonly view: TreeView | null;
  /** Asks for the rows of this openness (see outline.ts `Openness`). */
  readonly outline: (openDepth: number, expanded: ReadonlySet<string>, collapsed: ReadonlySet<string>) => unknown;
  readonly valueAt: (path: JsonPath) => Promise<string | undefined>;
  /** Rows [from, to) are in view: fetch what they need. */
  readonly need: (from: number, to: number) => void;
};

type BodyProps = {
  source: TreeSource;
  ready: boolean;
  showable: boolean;
  error: ScratchpadError | null;
  invalid: string | null;
  progress: string | null;
  summary: string | null;
};

function TreeBody({ source, ready, showable, error, invalid, progress, summary }: BodyProps) {
  const { view, outline, valueAt, need } = source;
  const [openDepth, setOpenDepth] = useState(INITIAL_OPEN_DEPTH);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<JsonRow | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const rowAt = view?.rowAt ?? NO_ROWS;
  const virtualizer = useVirtualizer({ count: view?.count ?? 0, getScrollElement: () => ref.current, estimateSize: () => ROW_PX, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  // The rows in view (and a block around them) are fetched as the view scrolls.
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (items.length > 0) need(first, last + 1);
  }, [first, last, need, items.length]);

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

  if (error) return <ErrorBox what="the JSON tree" error={error} />;
  if (invalid !== null) return <div className="json-note error-inline">The stored JSON does not parse: {invalid}</div>;
  return (
    <div className="json-view">
      <div className="json-toolbar">
        <button type="button" onClick={() => setAll(Infinity)} disabled={!ready}>
          Expand all
        </button>
        <button type="button" onClick={() => setAll(0)} disabled={!ready}>
          Collapse all
        </button>
        {progress !== null && <span className="muted">{progress}</span>}
        {summary !== null && (
          <span className="muted">
            {summary}
            {view?.truncated ? ` · first ${formatCount(view.count)} rows shown` : ''}
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
          <TreeRows items={items} rowAt={rowAt} selectedKey={selected === null ? null : pathKey(selected.path)} onSelect={setSelected} onToggle={toggle} />
        </div>
      </div>
      {/* A row shows its value cut to one line (JSON-escaped): the selected value is read whole below. */}
      {selected && selected.kind !== 'object' && selected.kind !== 'array' && <SelectedValue row={selected} valueAt={valueAt} />}
    </div>
  );
}

/** Copy value: asks the worker for the selected value's JSON text at click time. */
function CopyValueButton({ load }: { load: () => Promise<string | undefined> }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="copy-button"
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
