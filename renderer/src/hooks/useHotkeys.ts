import { useLayoutEffect, useRef } from 'react';

/** True when a key event targets a text field, where single-letter shortcuts must not fire. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/**
 * Window-level single-key shortcuts (`key` as in KeyboardEvent.key). Ignored while typing in a field or
 * with Ctrl/Meta/Alt held, so native editing shortcuts keep working. The listener is attached in a layout effect,
 * before the browser paints, so a key pressed the moment the view appears is never lost.
 */
export function useHotkeys(map: Readonly<Record<string, () => void>>, enabled = true): void {
  const ref = useRef(map);
  ref.current = map;
  useLayoutEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      const action = ref.current[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
