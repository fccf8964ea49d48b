import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { GcResult } from '../../../../app/contract';
import { entryExpiresAt, expiryState } from '../../../../app/contract/expiry';
import { useApi } from '../../api';
import { ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount, formatTime } from '../../../../app/common/format';
import { useQuery } from '../../hooks/useQuery';

type Turn = GcResult['turns'][number];
const ROW_PX = 28;

type Props = {
  result: GcResult;
  operator: boolean;
  /** Opens a turn on the Turns page. */
  onOpenTurn?: (turnId: string) => void;
};

/**
 * Per-turn rows and bytes of a gc result (preview, simulation or run), largest first, virtualized (only the rows
 * in view are in the DOM, so thousands of turns open at once). Each turn expands to the entries that are expired
 * at the result's `now`; its id opens the turn.
 */
export function GcTurnsTable({ result, operator, onOpenTurn }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // Sorted once per result, ties by turn id in code unit order: `localeCompare` builds a collator per call,
  // which over thousands of equal-sized turns cost hundreds of ms on every render.
  const turns = useMemo(() => [...result.turns].sort((a, b) => b.bytes - a.bytes || (a.turnId < b.turnId ? -1 : a.turnId > b.turnId ? 1 : 0)), [result.turns]);
  const virtualizer = useVirtualizer({ count: turns.length, getScrollElement: () => ref.current, estimateSize: () => ROW_PX, overscan: 10 });
  if (turns.length === 0) return null;
  const key = (t: Turn) => `${t.turnId}\u0000${t.owner ?? ''}`;
  const toggle = (k: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  const grid = operator ? 'gc-grid with-owner' : 'gc-grid';
  return (
    <div className="gc-table" role="table" aria-label="Turns gc deletes from" aria-rowcount={turns.length + 1}>
      <div className={`${grid} gc-head`} role="row">
        <span role="columnheader">Turn</span>
        {operator && <span role="columnheader">Owner</span>}
        <span role="columnheader" className="num">
          Rows
        </span>
        <span role="columnheader" className="num">
          Bytes
        </span>
      </div>
      <div className="gc-scroll" ref={ref}>
        <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const t = turns[item.index]!;
            const k = key(t);
            const expanded = open.has(k);
            return (
              <div
                key={k}
                className="gc-row"
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ transform: `translateY(${item.start}px)` }}
                role="rowgroup"
              >
                <div className={grid} role="row" aria-rowindex={item.index + 2}>
                  <span role="cell" className="gc-turn">
                    <button
                      type="button"
                      className="disclosure"
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the entries of ${t.turnId}`}
                      onClick={() => toggle(k)}
                    >
                      {expanded ? '▾' : '▸'}
                    </button>
                    {onOpenTurn ? (
                      <button type="button" className="link-button mono" onClick={() => onOpenTurn(t.turnId)} title="Open this turn">
                        {t.turnId}
                      </button>
                    ) : (
                      <span className="mono">{t.turnId}</span>
                    )}
                  </span>
                  {operator && <span role="cell">{t.owner ?? '—'}</span>}
                  <span role="cell" className="num">
                    {formatCount(t.rows)}
                  </span>
                  <span role="cell" className="num" title={`${formatCount(t.bytes)} bytes`}>
                    {formatBytes(t.bytes)}
                  </span>
                </div>
                {expanded && <GcTurnEntries turnId={t.turnId} owner={t.owner} at={result.now} />}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The entries of one turn that are expired at `at` (what gc deletes there), read when the turn is expanded. */
function GcTurnEntries({ turnId, owner, at }: { turnId: string; owner: string | null; at: number }) {
  const api = useApi();
  const entries = useQuery(() => api.turnEntries({ turnId }), [turnId]);
  if (entries.status === 'loading' && !entries.data) return <Loading what="entries" />;
  if (entries.error && !entries.data) return <ErrorBox what={`entries of ${turnId}`} error={entries.error} onRetry={entries.reload} />;
  const expired = (entries.data ?? []).filter((e) => expiryState(entryExpiresAt(e), at) === 'expired' && (owner === null || e.owner === owner));
  return (
    <ul className="gc-entries" aria-label={`Entries of ${turnId} gc deletes`}>
      {expired.map((e) => (
        <li key={e.id}>
          step {e.stepNum ?? '—'} · {e.executorName ?? '—'} · {e.kind} · {formatBytes(e.sizeBytes)} ·{' '}
          <span className="muted">expired {formatTime(entryExpiresAt(e))}</span> <span className="mono muted">{e.id}</span>
        </li>
      ))}
      {expired.length === 0 && <li className="muted">No entry of this turn is expired at {formatTime(at)} any more.</li>}
    </ul>
  );
}

/** "N rows, X in M turns" line of a gc result. */
export function GcSummary({ result, verb }: { result: GcResult; verb: string }) {
  return (
    <p className="gc-summary">
      {verb} <strong>{formatCount(result.deletedRows)}</strong> row{result.deletedRows === 1 ? '' : 's'}, <strong>{formatBytes(result.deletedBytes)}</strong> (
      {formatCount(result.deletedBytes)} bytes) in {formatCount(result.turns.length)} turn{result.turns.length === 1 ? '' : 's'}.
    </p>
  );
}
