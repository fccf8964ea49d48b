import { forwardRef, useState, type FormEvent } from 'react';
import { asScratchpadError, useApi } from '../../api';
import { readLines } from '../../api/search';
import { plural } from '../../../../app/common/format';
import { parseOffset } from './slice';

type Props = {
  id: string;
  /** The entry's line count when the store gave it (ReadMeta.totalLines). */
  totalLines: number | null;
  /** Called with the code-point offset where the line starts. */
  onLine: (offset: number, line: number) => void;
};

/**
 * "Go to line": finds where a 1-based line of the entry starts with a one-line `lines` read, then the Content
 * tab opens its window there.
 */
export const GoToLine = forwardRef<HTMLInputElement, Props>(function GoToLine({ id, totalLines, onLine }, ref) {
  const api = useApi();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const line = parseOffset(value);
    if (typeof line === 'string') return setError(`line ${line}`);
    if (line < 1) return setError('lines count from 1');
    if (totalLines !== null && line > Math.max(1, totalLines)) return setError(`the entry has ${plural(totalLines, 'line')}`);
    setError(null);
    setBusy(true);
    try {
      const read = await readLines(api, id, line - 1, line);
      onLine(read.meta.start, line);
    } catch (e) {
      setError(asScratchpadError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="go-to-line" aria-label="Go to line" onSubmit={(e) => void submit(e)} title="Go to a line of the entry (g)">
      <label>
        Line{' '}
        <input
          ref={ref}
          type="text"
          inputMode="numeric"
          name="line"
          size={8}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <button type="submit" disabled={busy}>
        Go <kbd>g</kbd>
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
});
