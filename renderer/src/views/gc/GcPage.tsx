import { useEffect, useRef, useState } from 'react';
import type { GcResult, SessionInfo } from '../../../../app/contract';
import { asScratchpadError, useApi, type ScratchpadError } from '../../api';
import { ErrorBox, Loading } from '../../components/States';
import { formatCount, formatTime } from '../../../../app/common/format';
import { useStoreRevision } from '../../hooks/useStoreRevision';
import { GcTurnsTable, GcSummary } from './GcTurnsTable';
import { ExpirySimulator } from './ExpirySimulator';

type Phase =
  | { step: 'idle' }
  | { step: 'previewing' }
  | { step: 'preview'; result: GcResult }
  | { step: 'confirm'; result: GcResult; moreSince?: number }
  | { step: 'running' }
  | { step: 'done'; result: GcResult }
  | { step: 'error'; error: ScratchpadError; during: 'preview' | 'run' };

/** Manual gc: preview what would be deleted now, confirm, run, show what was deleted; plus the expiry simulator. */
export function GcPage({ session, onOpenTurn }: { session: SessionInfo | undefined; onOpenTurn?: (turnId: string) => void }) {
  const api = useApi();
  const { revision } = useStoreRevision();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const cancelRef = useRef<HTMLButtonElement>(null);
  const operator = session?.principal.kind === 'operator';
  const readonly = session?.readonly ?? false;

  const preview = async () => {
    setPhase({ step: 'previewing' });
    try {
      setPhase({ step: 'preview', result: await api.gcPreview({}) });
    } catch (e) {
      setPhase({ step: 'error', error: asScratchpadError(e), during: 'preview' });
    }
  };
  // gc runs at the clock's now: first check that it would delete what the confirmed preview listed. When more
  // rows expired since, show the new list and how many more, and ask again (nothing is deleted unannounced).
  const run = async (confirmed: GcResult) => {
    setPhase({ step: 'running' });
    try {
      const fresh = await api.gcPreview({});
      if (fresh.deletedRows !== confirmed.deletedRows || fresh.deletedBytes !== confirmed.deletedBytes) {
        setPhase({ step: 'confirm', result: fresh, moreSince: fresh.deletedRows - confirmed.deletedRows });
        return;
      }
      setPhase({ step: 'done', result: await api.gcRun({}) });
    } catch (e) {
      setPhase({ step: 'error', error: asScratchpadError(e), during: 'run' });
    }
  };

  // A store change makes an open preview stale: drop it (a finished run's result stays).
  useEffect(() => {
    setPhase((p) => (p.step === 'preview' || p.step === 'confirm' ? { step: 'idle' } : p));
  }, [revision]);
  useEffect(() => {
    if (phase.step === 'confirm') cancelRef.current?.focus();
  }, [phase.step]);

  return (
    <div className="page gc-page">
      <section className="card">
        <h2>Garbage collection</h2>
        <p className="muted">
          gc deletes rows whose expiry time has passed (rows that expire at or before now){operator ? ' for every owner' : ' among the rows you own'}. Preview
          first; nothing is deleted until you confirm.
        </p>
        {readonly && <p className="tag tag-warn">This file is open read-only: gc can be previewed but not run.</p>}
        <div className="actions">
          <button type="button" onClick={preview} disabled={phase.step === 'previewing' || phase.step === 'running'}>
            Preview gc now
          </button>
        </div>
        {phase.step === 'previewing' && <Loading what="gc preview" />}
        {phase.step === 'running' && <Loading what="gc run" />}
        {phase.step === 'error' && (
          <ErrorBox
            what={phase.during === 'run' ? 'gc (nothing was changed)' : 'the gc preview'}
            error={phase.error}
            onRetry={phase.during === 'run' ? undefined : preview}
          />
        )}
        {(phase.step === 'preview' || phase.step === 'confirm') && (
          <div className="gc-preview" aria-live="polite">
            <p className="muted">Preview at {formatTime(phase.result.now)}:</p>
            {phase.result.deletedRows === 0 ? (
              <p>Nothing to delete: no row has expired.</p>
            ) : (
              <>
                <GcSummary result={phase.result} verb="gc would delete" />
                <GcTurnsTable result={phase.result} operator={operator} onOpenTurn={onOpenTurn} />
                {phase.step === 'preview' ? (
                  <button type="button" className="danger" disabled={readonly} onClick={() => setPhase({ step: 'confirm', result: phase.result })}>
                    Delete expired rows…
                  </button>
                ) : (
                  <div
                    className="confirm"
                    role="alertdialog"
                    aria-labelledby="gc-confirm-title"
                    onKeyDown={(e) => e.key === 'Escape' && setPhase({ step: 'preview', result: phase.result })}
                  >
                    {phase.moreSince !== undefined && (
                      <p className="gc-changed" role="alert">
                        {phase.moreSince > 0
                          ? `${formatCount(phase.moreSince)} more row${phase.moreSince === 1 ? '' : 's'} expired since the preview: the list above now shows what gc deletes.`
                          : `The expired rows changed since the preview (${formatCount(-phase.moreSince)} fewer): the list above now shows what gc deletes.`}
                      </p>
                    )}
                    <p id="gc-confirm-title">
                      <strong>
                        Delete these {formatCount(phase.result.deletedRows)} expired row{phase.result.deletedRows === 1 ? '' : 's'} for good?
                      </strong>{' '}
                      If more expire before you confirm, you are asked again.
                    </p>
                    <button type="button" className="danger" onClick={() => void run(phase.result)}>
                      Delete
                    </button>{' '}
                    <button type="button" ref={cancelRef} onClick={() => setPhase({ step: 'preview', result: phase.result })}>
                      Cancel
                    </button>
                  </div>
                )}
              </>
            )}
          </div>
        )}
        {phase.step === 'done' && (
          <div className="gc-done" role="status">
            <GcSummary result={phase.result} verb="gc deleted" />
            <GcTurnsTable result={phase.result} operator={operator} onOpenTurn={onOpenTurn} />
          </div>
        )}
      </section>
      <ExpirySimulator operator={operator} revision={revision} onOpenTurn={onOpenTurn} />
    </div>
  );
}
