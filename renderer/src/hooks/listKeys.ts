import type { KeyboardEvent } from 'react';

/**
 * Next active index for a list key (ArrowUp/Down, Home/End, PageUp/PageDown), or null when the key is not
 * a list move. `page` is how many rows one PageUp/PageDown moves. Result is clamped to [0, count-1].
 */
export function nextListIndex(key: string, active: number, count: number, page = 10): number | null {
  if (count === 0) return null;
  const from = active < 0 ? -1 : active;
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = from + 1;
      break;
    case 'ArrowUp':
      next = from < 0 ? 0 : from - 1;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = count - 1;
      break;
    case 'PageDown':
      next = from + page;
      break;
    case 'PageUp':
      next = from - page;
      break;
    default:
      return null;
  }
  return Math.max(0, Math.min(count - 1, next));
}

/** onKeyDown for a focusable list: moves the active row and opens it with Enter. */
export function listKeyHandler(options: { count: number; active: number; page?: number; onMove: (index: number) => void; onEnter: (index: number) => void }) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      if (options.active >= 0 && options.active < options.count) {
        event.preventDefault();
        options.onEnter(options.active);
      }
      return;
    }
    const next = nextListIndex(event.key, options.active, options.count, options.page);
    if (next !== null) {
      event.preventDefault();
      options.onMove(next);
    }
  };
}
