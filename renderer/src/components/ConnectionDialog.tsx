import { useEffect, useRef, useState, type FormEvent } from 'react';
import { asScratchpadError, type ScratchpadError } from '../api';
import { failureHint } from '../../../app/common/failures';

type Props = {
  /** Recent PostgreSQL connections (main's recent list keeps them without password), offered as suggestions. */
  recent: readonly string[];
  /** Opens the connection; rejects with the typed error (shown here, the dialog stays open to correct it). */
  onConnect: (url: string, password: string | undefined) => Promise<void>;
  onClose: () => void;
};

const isConnectionUrl = (s: string) => s.startsWith('postgres://') || s.startsWith('postgresql://');

/**
 * File › Open connection…: a modal form for a `postgres://user@host:port/database` URL and, apart from it, a
 * masked password (empty: PGPASSWORD or ~/.pgpass). Escape or Cancel closes it; a failed connection shows its
 * code, message and what to do, and keeps what was typed.
 */
export function ConnectionDialog({ recent, onConnect, onClose }: Props) {
  const urlRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(() => recent.find(isConnectionUrl) ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ScratchpadError | undefined>();

  useEffect(() => {
    urlRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onConnect(url.trim(), password === '' ? undefined : password);
    } catch (e) {
      setError(asScratchpadError(e));
      setBusy(false);
    }
  };

  const hint = error ? failureHint(error.code) : null;
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="connection-title">
      <form className="overlay-panel connection-dialog" onSubmit={(e) => void submit(e)}>
        <h2 id="connection-title">Open connection</h2>
        <label>
          Connection URL
          <input
            ref={urlRef}
            type="text"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="postgres://user@host:5432/database"
            list="connection-recent"
            spellCheck={false}
            autoComplete="off"
            required
          />
        </label>
        <datalist id="connection-recent">
          {recent.filter(isConnectionUrl).map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <label>
          Password
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder="empty: PGPASSWORD or ~/.pgpass"
            autoComplete="off"
          />
        </label>
        {error && (
          <div className="state state-error" role="alert">
            <div>
              <strong>Could not connect</strong> <code className="error-code">{error.code}</code>
            </div>
            <div className="error-message">{error.message}</div>
            {hint !== null && <div className="error-hint">{hint}</div>}
          </div>
        )}
        <div className="connection-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy || url.trim() === ''}>
            {busy ? 'Connecting…' : 'Connect'}
          </button>
        </div>
      </form>
    </div>
  );
}
