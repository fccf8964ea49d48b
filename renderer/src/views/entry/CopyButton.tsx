import { useEffect, useRef, useState } from 'react';

type Props = {
  /** The text to copy, or a function giving it at click time (e.g. the visible slice). */
  text: string | (() => string);
  label?: string;
  title?: string;
  className?: string;
  /** The accessible name when the visible label is short (e.g. "id" inside a "Copy" group). */
  ariaLabel?: string;
};

/** Copies `text` to the clipboard and says whether it worked (for two seconds). One small style everywhere (.copy-button). */
export function CopyButton({ text, label = 'Copy', title, className, ariaLabel }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button
      type="button"
      className={className ? `copy-button ${className}` : 'copy-button'}
      onClick={copy}
      title={title}
      aria-label={state === 'idle' ? ariaLabel : undefined}
      aria-live="polite"
    >
      {state === 'copied' ? 'Copied ✓' : state === 'failed' ? 'Copy failed: select the text' : label}
    </button>
  );
}
