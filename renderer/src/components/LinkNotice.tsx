import type { LinkFailure } from '../hooks/useDeepLinks';

/**
 * The in-app answer to a deep link whose entry this window cannot show: not found (unknown id, deleted by gc, or
 * another owner's row: the store does not tell these apart, so neither do we) or the store's error otherwise.
 */
export function LinkNotice({ failure, onDismiss }: { failure: LinkFailure; onDismiss: () => void }) {
  const notFound = failure.error.code === 'NOT_FOUND';
  return (
    <div className="link-notice" role="alert">
      <strong>{notFound ? 'Link: entry not found.' : 'Link: could not open the entry.'}</strong>{' '}
      <span>
        {notFound ? (
          <>
            This file has no entry <code className="mono">{failure.id}</code> that you may see: it may have been deleted by gc, or belong to another owner.
          </>
        ) : (
          <>
            <code className="error-code">{failure.error.code}</code> {failure.error.message}
          </>
        )}
      </span>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
