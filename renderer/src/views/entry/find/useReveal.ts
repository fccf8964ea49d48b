import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ReadOptions } from '../../../../../app/contract';
import { windowAt } from '../slice';
import type { SliceTextHandle } from '../SliceText';
import { unitOffset } from '../../../../../app/common/codepoints';
import type { TextWindow } from '../textWindow';
import type { Match } from './marks';

/**
 * Brings an offset of the entry (code points) into view: when the text window holds it, scrolls its row into
 * view; otherwise reads a window around it (a quarter of the width before it, for context) and scrolls once
 * that window is on screen. `request` is the read on screen, `reload` re-reads it (when the window to read is
 * the same request, as after scrolling moved the window away).
 */
export function useReveal(
  view: TextWindow | null,
  textRef: RefObject<SliceTextHandle | null>,
  total: number | null,
  width: number,
  request: ReadOptions,
  onRequest: (r: ReadOptions) => void,
  reload: () => void,
) {
  const pending = useRef<Match | null>(null);

  const scrollIfShown = useCallback((): boolean => {
    const target = pending.current;
    if (!target || !view || !textRef.current) return false;
    if (target.offset < view.start || target.offset >= Math.max(view.end, view.start + 1)) return false;
    textRef.current.revealUnit(unitOffset(view.text, target.offset - view.start));
    pending.current = null;
    return true;
  }, [view, textRef]);

  useEffect(() => {
    scrollIfShown();
  }, [scrollIfShown]);

  return useCallback(
    (target: Match) => {
      pending.current = target;
      if (scrollIfShown()) return;
      const length = total ?? target.offset + width;
      const next = windowAt(Math.max(0, target.offset - Math.floor(width / 4)), width, length);
      if (request.mode === 'range' && request.start === next.start && request.end === next.end) reload();
      else onRequest({ mode: 'range', ...next });
    },
    [scrollIfShown, total, width, request, onRequest, reload],
  );
}
