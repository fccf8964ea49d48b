import { useEffect, useState } from 'react';
import { asScratchpadError, useApi, type ScratchpadError } from '../../api';
import { formatBytes } from '../../../../app/common/format';

type Progress = { bytesWritten: number; totalBytes: number; done: boolean };

/** Export to a file main asks for in a save dialog, with a progress bar fed by 'export:progress' events. */
export function ExportButton({ id }: { id: string }) {
  const api = useApi();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<{ path: string | null; bytesWritten: number } | null>(null);
  const [error, setError] = useState<ScratchpadError | null>(null);

  useEffect(
    () =>
      api.on('export:progress', (payload) => {
        if (payload.id === id) setProgress({ bytesWritten: payload.bytesWritten, totalBytes: payload.totalBytes, done: payload.done });
      }),
    [api, id],
  );

  const run = async () => {
    setRunning(true);
    setError(null);
    setResult(null);
    setProgress(null);
    try {
      setResult(await api.entryExport({ id }));
    } catch (e) {
      setError(asScratchpadError(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="export">
      <button type="button" onClick={run} disabled={running}>
        {running ? 'Exporting…' : 'Export to file…'}
      </button>
      {(running || progress) && progress && (
        <span className="export-progress">
          <progress value={progress.bytesWritten} max={Math.max(1, progress.totalBytes)} aria-label="Export progress" /> {formatBytes(progress.bytesWritten)} /{' '}
          {formatBytes(progress.totalBytes)}
        </span>
      )}
      {result &&
        (result.path === null ? (
          <span className="muted">Export cancelled.</span>
        ) : (
          <span>
            Wrote {formatBytes(result.bytesWritten)} to <code>{result.path}</code>
          </span>
        ))}
      {error && (
        <span className="error-inline" role="alert">
          <code>{error.code}</code> {error.message}
        </span>
      )}
    </div>
  );
}
