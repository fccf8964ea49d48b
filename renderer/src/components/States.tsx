import type { ReactNode } from 'react';
import { failureHint, failureTitle } from '../../../app/common/failures';
import type { ScratchpadError } from '../api';

/** Spinner line for a view that is loading. */
export function Loading({ what }: { what: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </div>
  );
}

/** Placeholder for a view with nothing to show. */
export function Empty({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

/** A failed call: what its code means (common/failures.ts, the CLI's table too), the code and message, with an optional retry. */
export function ErrorBox({ error, onRetry, what }: { error: ScratchpadError; onRetry?: () => void; what?: string }) {
  return (
    <div className="state state-error" role="alert">
      <div>
        <strong>
          {what ? `Could not load ${what}: ` : ''}
          {failureTitle(error.code)}
        </strong>{' '}
        <code className="error-code">{error.code}</code>
      </div>
      <div className="error-message">{error.message}</div>
      {failureHint(error.code) !== null && <div className="error-hint">{failureHint(error.code)}</div>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
