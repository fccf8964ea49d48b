import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { MAX_COLUMN_PX } from './columns';

type Props = {
  /** The column's header text, for the handle's accessible name. */
  label: string;
  /** Current width in px (the start of a keyboard step). */
  width: number;
  min: number;
  /** New width in px; `commit` on release or a key press (then it is remembered). */
  onResize: (px: number, commit: boolean) => void;
  /** Double click: back to the default width. */
  onReset: () => void;
};

/** px per arrow key press, and with Shift. */
const STEP = 8;
const BIG_STEP = 40;

/**
 * The drag handle at a column header's right edge: pointer drag (the width follows from the header cell's
 * rendered width), Left/Right arrows (Shift for bigger steps), double click resets. A focusable separator with
 * its value, as WAI-ARIA's window splitter pattern asks.
 */
export function ColumnResizer({ label, width, min, onResize, onReset }: Props) {
  const onPointerDown = (event: ReactPointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    // The fill column is often wider than its minimum: start from what is on screen, not from the minimum.
    const start = event.currentTarget.parentElement?.getBoundingClientRect().width || width;
    const move = (e: PointerEvent) => onResize(start + e.clientX - startX, false);
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      onResize(start + e.clientX - startX, true);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      event.stopPropagation();
      onResize(width + (event.key === 'ArrowRight' ? step : -step), true);
    }
  };
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${label} column`}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={MAX_COLUMN_PX}
      tabIndex={0}
      className="col-resizer"
      title="Drag to resize (← → with the handle focused); double click resets"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => {
        event.stopPropagation();
        onReset();
      }}
    />
  );
}
