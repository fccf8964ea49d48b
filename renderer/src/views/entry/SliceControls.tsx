import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ReadOptions } from '../../../../app/contract';
import { formatCount } from '../../../../app/common/format';
import { DEFAULT_SLICE, MAX_SLICE, parseOffset, validateSlice, type SliceErrors, type SliceMode, type SliceUnit, type Window } from './slice';

type Props = {
  unit: SliceUnit;
  /** Entry length in `unit`; null while unknown. */
  total: number | null;
  /** The slice on screen, if any. */
  current: Window | null;
  pending: boolean;
  onRead: (request: ReadOptions) => void;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
  onJump: (offset: number) => void;
  /** Reads the last window (go to end); absent where the view has no such action. */
  onEnd?: (() => void) | null;
  /** Extra controls shown on the status line (toggles, copy). */
  children?: ReactNode;
};

/**
 * Head / tail / range controls with their unit, validated before any read (whole numbers >= 0, start < end,
 * within the entry and the 1 MB window), plus previous/next slice and jump to offset.
 */
export function SliceControls({ unit, total, current, pending, onRead, onNext, onPrevious, onJump, onEnd, children }: Props) {
  const u = unit === 'code_points' ? 'code points' : 'bytes';
  const [mode, setMode] = useState<SliceMode>('head');
  const [n, setN] = useState(String(DEFAULT_SLICE));
  const [start, setStart] = useState('0');
  const [end, setEnd] = useState(String(DEFAULT_SLICE));
  const [jump, setJump] = useState('');
  const [errors, setErrors] = useState<SliceErrors>({});
  const [jumpError, setJumpError] = useState<string | null>(null);

  // The range fields follow the slice on screen (after next/previous, a jump or scrolling on).
  const currentStart = current?.start;
  const currentEnd = current?.end;
  useEffect(() => {
    if (currentStart === undefined || currentEnd === undefined) return;
    setStart(String(currentStart));
    setEnd(String(currentEnd));
  }, [currentStart, currentEnd]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSlice({ mode, n, start, end }, total, unit);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onRead(result.request);
  };

  const submitJump = (event: FormEvent) => {
    event.preventDefault();
    const offset = parseOffset(jump);
    if (typeof offset === 'string') return setJumpError(`offset ${offset}`);
    if (total !== null && offset >= total && total > 0) return setJumpError(`offset must be below ${formatCount(total)} ${u}`);
    setJumpError(null);
    onJump(offset);
  };

  const field = (name: 'n' | 'start' | 'end', label: string, value: string, set: (v: string) => void) => (
    <label className={`field${errors[name] ? ' invalid' : ''}`}>
      <span>
        {label} <span className="unit">({u})</span>
      </span>
      <input
        type="text"
        inputMode="numeric"
        name={name}
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `slice-err-${name}` : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </label>
  );

  return (
    <div className="slice-controls">
      <div className="slice-row">
        <form className="slice-form" onSubmit={submit} aria-label="Read a slice">
          <label className="field">
            <select value={mode} onChange={(event) => setMode(event.target.value as SliceMode)} aria-label="Slice mode">
              <option value="head">head (first n)</option>
              <option value="tail">tail (last n)</option>
              <option value="range">range [start, end)</option>
            </select>
          </label>
          {mode === 'range' ? (
            <>
              {field('start', 'start', start, setStart)}
              {field('end', 'end', end, setEnd)}
            </>
          ) : (
            field('n', 'n', n, setN)
          )}
          <button type="submit" disabled={pending}>
            Read
          </button>
        </form>
        <div className="slice-nav">
          <button type="button" onClick={onPrevious ?? undefined} disabled={!onPrevious || pending} title="Previous slice (p)">
            ◀ Previous
          </button>
          <button type="button" onClick={onNext ?? undefined} disabled={!onNext || pending} title="Next slice (n)">
            Next ▶
          </button>
          {onEnd !== undefined && (
            <button type="button" onClick={onEnd ?? undefined} disabled={!onEnd || pending} title="Go to the end: the last window (G)">
              End ⇥
            </button>
          )}
          <form className="slice-jump" onSubmit={submitJump} aria-label="Jump to offset">
            <label className={`field${jumpError ? ' invalid' : ''}`}>
              <span>
                Jump to offset <span className="unit">({u})</span>
              </span>
              <input
                type="text"
                inputMode="numeric"
                name="offset"
                value={jump}
                aria-invalid={jumpError ? true : undefined}
                onChange={(e) => setJump(e.target.value)}
              />
            </label>
            <button type="submit" disabled={pending}>
              Go
            </button>
          </form>
        </div>
      </div>
      <div className="slice-status">
        <span className="muted" title={`At most ${formatCount(MAX_SLICE[unit])} ${u} per slice`}>
          {current && total !== null
            ? `Showing [${formatCount(current.start)}, ${formatCount(current.end)}) of ${formatCount(total)} ${u}`
            : total !== null
              ? `Length ${formatCount(total)} ${u}`
              : ''}
        </span>
        {children}
      </div>
      {(Object.keys(errors) as (keyof SliceErrors)[]).map((name) => (
        <div key={name} id={`slice-err-${name}`} className="field-error" role="alert">
          {errors[name]}
        </div>
      ))}
      {jumpError && (
        <div className="field-error" role="alert">
          {jumpError}
        </div>
      )}
    </div>
  );
}
