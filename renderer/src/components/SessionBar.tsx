import type { SessionInfo } from '../../../app/contract';
import type { ScratchpadError } from '../api';
import { baseName, formatTime } from '../../../app/common/format';
import type { StoreRevision } from '../hooks/useStoreRevision';
import { WorkProgress } from './WorkProgress';
import { describePrincipal } from '../../../app/common/principal';

/** Who the window views as, in words (common/principal.ts: the wording of main's dialogs too). */
export function principalLabel(session: SessionInfo): string {
  return describePrincipal(session.principal);
}

type Props = {
  session: SessionInfo | undefined;
  error: ScratchpadError | undefined;
  store: StoreRevision;
  refreshing: boolean;
  actionError: ScratchpadError | undefined;
  onOpenFile: () => void;
  onOpenRecent: (index: number) => void;
  onChoosePrincipal: () => void;
};

const REASONS: Record<string, string> = {
  'external-write': 'another process wrote',
  gc: 'gc ran',
  session: 'session changed',
  ttl: 'rows expired',
  manual: 'manual refresh',
};

/** Top bar: open file and format, "viewing as …", refresh state, and the file/principal actions. */
export function SessionBar({ session, error, store, refreshing, actionError, onOpenFile, onOpenRecent, onChoosePrincipal }: Props) {
  return (
    <header className="session-bar" aria-label="Session">
      <div className="session-file">
        {session ? (
          <>
            <span className="session-name" title={session.file}>
              {baseName(session.file)}
            </span>
            <span className="tag" title="On-disk format">
              {session.format}
            </span>
            {session.readonly && (
              <span className="tag tag-warn" title="Opened read-only: gc is disabled">
                read-only
              </span>
            )}
          </>
        ) : error ? (
          <span className="error-inline" role="alert">
            No session: <code>{error.code}</code> {error.message}
          </span>
        ) : (
          <span className="muted">Opening…</span>
        )}
      </div>
      {session && (
        <div className="session-principal">
          Viewing as <strong>{principalLabel(session)}</strong>
        </div>
      )}
      <div className="session-refresh" aria-live="polite">
        <WorkProgress />
        {refreshing ? (
          <span>
            <span className="spinner" aria-hidden="true" /> Refreshing…
          </span>
        ) : store.lastAt !== null ? (
          <span title={`Revision ${store.revision}`}>
            Updated {formatTime(store.lastAt).slice(11)} ({REASONS[store.lastReason ?? ''] ?? store.lastReason})
          </span>
        ) : (
          <span className="muted">Up to date</span>
        )}
      </div>
      <div className="session-actions">
        <button type="button" onClick={store.refresh} title="Refresh lists (r)">
          Refresh
        </button>
        <button type="button" onClick={onOpenFile} title="Open another file (o)">
          Open…
        </button>
        {session && session.recentFiles.length > 0 && (
          <select
            aria-label="Recent files"
            value=""
            onChange={(event) => {
              if (event.target.value !== '') onOpenRecent(Number(event.target.value));
            }}
          >
            <option value="">Recent…</option>
            {session.recentFiles.map((file, index) => (
              <option key={file} value={index} title={file}>
                {baseName(file)}
              </option>
            ))}
          </select>
        )}
        <button type="button" onClick={onChoosePrincipal} title="Change who you view as (a)">
          View as…
        </button>
      </div>
      {actionError && (
        <div className="session-action-error" role="alert">
          <code>{actionError.code}</code> {actionError.message}
        </div>
      )}
    </header>
  );
}
