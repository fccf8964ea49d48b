import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { EntryMeta } from '../../../../app/contract';
import { useApi } from '../../api';
import { Empty, ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatShortTime } from '../../../../app/common/format';
import { useQuery } from '../../hooks/useQuery';
import { CompareView } from './CompareView';
import { useCandidates } from './useCandidates';
import './compare.css';

/** `initialOther`: the entry to compare with at once (two entries picked in the table); else the dialog asks. */
type Props = { entry: EntryMeta; initialOther?: string; revision: number; now: number; onClose: () => void };

function CandidateList({ title, entries, now, onPick }: { title: string; entries: readonly EntryMeta[]; now: number; onPick: (id: string) => void }) {
  return (
    <section className="cmp-candidates" aria-label={title}>
      <h3>{title}</h3>
      {entries.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {entries.map((e) => (
            <li key={e.id}>
              <button type="button" className="link-button" onClick={() => onPick(e.id)}>
                <strong>{e.executorName ?? 'entry'}</strong> · step {e.stepNum ?? '—'} · {e.kind}
                {e.structured ? ' (json)' : ''} · {formatBytes(e.sizeBytes)} · {formatShortTime(e.createdAt, now)} · turn{' '}
                <span className="mono">{e.turnId}</span>
                {e.expiry === 'expired' && <span className="badge badge-expired">expired</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Comparison({ leftId, rightId }: { leftId: string; rightId: string }) {
  const api = useApi();
  const result = useQuery(() => api.entryCompare({ leftId, rightId }), [leftId, rightId]);
  if (result.status === 'error' && result.error) return <ErrorBox what="the comparison" error={result.error} onRetry={result.reload} />;
  if (!result.data || result.pending) return <Loading what="comparison" />;
  return <CompareView comparison={result.data} />;
}

/**
 * "Compare with…": a modal over the page. First pick the other entry (the same turn's others, or the same
 * executor in another turn), then the comparison with the current entry on the left. Esc steps back, then closes.
 * Drawn into document.body, so it looks the same wherever it is opened: inside the entry head, its buttons and
 * tabs took that bar's compact button rule (`.entry-head-actions button`) and were smaller than when opened
 * from two entries picked in the table.
 */
export function CompareDialog({ entry, initialOther, revision, now, onClose }: Props) {
  const [other, setOther] = useState<string | null>(initialOther ?? null);
  const [swapped, setSwapped] = useState(false);
  const candidates = useCandidates(entry, revision);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (other !== null) setOther(null);
        else onClose();
      }
      // The page's single-key shortcuts stay off while the dialog is open.
      if (event.key !== 'Tab') event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [other, onClose]);

  const [leftId, rightId] = swapped && other ? [other, entry.id] : [entry.id, other];
  return createPortal(
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="compare-title">
      <div className="overlay-panel cmp-panel" ref={panelRef} tabIndex={-1}>
        <div className="cmp-title-row">
          <h2 id="compare-title">{other === null ? 'Compare with…' : 'Compare'}</h2>
          <span className="nav-spacer" />
          {other !== null && (
            <>
              <button type="button" onClick={() => setSwapped((s) => !s)}>
                Swap sides
              </button>
              <button type="button" onClick={() => setOther(null)}>
                Choose another
              </button>
            </>
          )}
          <button type="button" onClick={onClose}>
            Close <kbd>Esc</kbd>
          </button>
        </div>
        {other !== null && rightId !== null ? (
          <Comparison leftId={leftId} rightId={rightId} />
        ) : candidates.status === 'error' && candidates.error ? (
          <ErrorBox what="entries to compare with" error={candidates.error} onRetry={candidates.reload} />
        ) : !candidates.data ? (
          <Loading what="entries to compare with" />
        ) : candidates.data.sameTurn.length + candidates.data.sameExecutor.length === 0 ? (
          <Empty>No other entry of this turn, and no {entry.executorName ?? 'such'} entry in another turn.</Empty>
        ) : (
          <>
            <p className="muted">
              Compare{' '}
              <strong>
                {entry.executorName ?? 'entry'} · step {entry.stepNum ?? '—'}
              </strong>{' '}
              (left) with:
            </p>
            <CandidateList title="Same turn" entries={candidates.data.sameTurn} now={now} onPick={setOther} />
            <CandidateList
              title={`Same executor (${entry.executorName ?? '—'}) in another turn`}
              entries={candidates.data.sameExecutor}
              now={now}
              onPick={setOther}
            />
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
