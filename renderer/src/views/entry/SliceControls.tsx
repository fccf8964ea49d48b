import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
  /** The mode of the read on screen: the mode dropdown follows it (and shows "range" for a window inside the entry). */
  mode?: SliceMode;
  /** 1-based first and last line of the window on screen, when the store gives the line numbers. */
  lines?: { first: number; last: number } | null;
  /** Extra controls shown on the status line (toggles, copy). */
  children?: ReactNode;
  /**
   * False hides the read form, previous/next/end and jump (the JSON tree draws the whole entry and uses none of
   * them), keeping the status line with its length and `children`. Default true.
   */
  reading?: boolean;
};

/**
 * The status line's window text, e.g. "Showing 1,483,616 – 1,549,152 of 4,194,361 code points · lines 12 – 80":
 * `current` is [start, end) in `unitName` (the end exclusive, as the title attribute says), `lines` 1-based and inclusive.
 */
export function formatWindow(current: Window, total: number, unitName: string, lines?: { first: number; last: number } | null): string {
  const shown = `Showing ${formatCount(current.start)} – ${formatCount(current.end)} of ${formatCount(total)} ${unitName}`;
  return lines ? `${shown} · lines ${formatCount(lines.first)} – ${formatCount(lines.last)}` : shown;
}

/** The dropdown's mode for a window: head or tail only while the window really is the entry's head or tail. */
export function modeForWindow(mode: SliceMode, current: Window | null, total: number | null): SliceMode {
  if (!current) return mode;
  if (mode === 'head' && current.start > 0) return 'range';
  if (mode === 'tail' && total !== null && current.end < total) return 'range';
  return mode;
}

/**
 * Head / tail / range controls with their unit, validated before any read (whole numbers >= 0, start < end,
 * within the entry and the 1 MB window), plus previous/next slice and jump to offset.
 */
export function SliceControls({
  unit,
  total,
  current,
  pending,
  onRead,
  onNext,
  onPrevious,
  onJump,
  onEnd,
  mode: shownMode,
  lines,
  children,
  reading = true,
}: Props) {
  const u = unit === 'code_points' ? 'code points' : 'bytes';
  const [mode, setMode] = useState<SliceMode>(() => modeForWindow(shownMode ?? 'head', current, total));
  // The mode the window on screen last called for: the dropdown changes only when that changes (a choice made
  // while a slice loads stays).
  const windowMode = useRef(mode);
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
  // The dropdown says what is on screen: after a jump, a link or next/previous it reads "range", not "head".
  useEffect(() => {
    if (shownMode === undefined || currentStart === undefined || currentEnd === undefined) return;
    const next = modeForWindow(shownMode, { start: currentStart, end: currentEnd }, total);
    if (next === windowMode.current) return;
    windowMode.current = next;
    setMode(next);
  }, [shownMode, currentStart, currentEnd, total]);

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
      {reading && (
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
      )}
      <div className="slice-status">
        <span
          className="muted slice-window"
          title={`${current ? `From ${u} ${formatCount(current.start)} up to, not including, ${formatCount(current.end)}. ` : ''}At most ${formatCount(MAX_SLICE[unit])} ${u} per slice`}
        >
          {current && total !== null ? formatWindow(current, total, u, lines) : total !== null ? `Length ${formatCount(total)} ${u}` : ''}
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
