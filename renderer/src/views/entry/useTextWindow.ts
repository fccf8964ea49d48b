import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReadResult } from '../../../../app/contract';
import { asScratchpadError, useApi, type ScratchpadError } from '../../api';
import { MAX_SLICE } from './slice';
import type { SliceTextHandle } from './SliceText';
import { appendSlice, prependSlice, SCROLL_CHUNK, type TextWindow } from './textWindow';

/** Distance in pixels from an edge at which scrolling further loads the next chunk. */
const EDGE_PX = 240;
/** A scroll counts as the user's when it follows their wheel, key, touch or pointer input within this time. */
const USER_INPUT_MS = 1500;

/**
 * The Content tab's text window: set by each read result, then grown by range reads of SCROLL_CHUNK code
 * points when the user scrolls to either edge, trimmed at the far edge so it never holds more than
 * MAX_SLICE code points. Attach `rootRef` to the tab's root (inside the scrolling tab panel).
 */
export function useTextWindow(id: string, result: ReadResult | undefined, total: number | null) {
  const api = useApi();
  const [view, setView] = useState<TextWindow | null>(null);
  const [error, setError] = useState<ScratchpadError | null>(null);
  const [loading, setLoading] = useState<'up' | 'down' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<SliceTextHandle>(null);
  const busy = useRef(false);
  // Runs after the grown window is in the DOM, to keep the lines the user was reading where they were.
  const pendingShift = useRef<(() => void) | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    if (!result) return;
    setView({ start: result.meta.start, end: result.meta.end, text: result.content, startLine: result.meta.startLine ?? null });
    setError(null);
  }, [result]);

  useLayoutEffect(() => {
    const shift = pendingShift.current;
    pendingShift.current = null;
    shift?.();
  }, [view]);

  const extend = useCallback(
    async (direction: 'up' | 'down') => {
      const current = viewRef.current;
      if (busy.current || !current || total === null) return;
      if (direction === 'down' ? current.end >= total : current.start <= 0) return;
      const range =
        direction === 'down'
          ? { start: current.end, end: Math.min(total, current.end + SCROLL_CHUNK) }
          : { start: Math.max(0, current.start - SCROLL_CHUNK), end: current.start };
      busy.current = true;
      setLoading(direction);
      try {
        const slice = await api.entryRead({ id, mode: 'range', ...range });
        const latest = viewRef.current;
        if (!latest || latest !== current) return; // a new read replaced the window meanwhile
        // Keep the line at the top of the view where it is while lines leave or arrive above it.
        const top = textRef.current?.topLine();
        const keep = (shift: number) => () => {
          if (top) textRef.current?.scrollToLine(top.line + shift, top.offsetPx);
        };
        if (direction === 'down') {
          const next = appendSlice(latest, slice.content, slice.meta.start, slice.meta.end, MAX_SLICE.code_points);
          if (next.droppedLines > 0) pendingShift.current = keep(-next.droppedLines);
          setView({
            ...next.view,
            startLine: next.view.start === slice.meta.start ? (slice.meta.startLine ?? null) : latest.startLine ? latest.startLine + next.droppedLines : null,
          });
        } else {
          const next = prependSlice(latest, slice.content, slice.meta.start, slice.meta.end, MAX_SLICE.code_points);
          pendingShift.current = keep(next.addedLines);
          setView({ ...next.view, startLine: slice.meta.startLine ?? (latest.startLine ? latest.startLine - next.addedLines : null) });
        }
        setError(null);
      } catch (e) {
        setError(asScratchpadError(e));
      } finally {
        busy.current = false;
        setLoading(null);
      }
    },
    [api, id, total],
  );

  // Scroll events do not bubble: listen in the capture phase on the scrolling tab panel (it sees its own
  // scrolls and those of the virtualized text inside). Only scrolls that follow user input extend the
  // window, so programmatic scrolling (focus, scrollIntoView) never triggers reads.
  useEffect(() => {
    const panel = rootRef.current?.closest<HTMLElement>('.tab-panel') ?? null;
    if (!panel) return;
    let lastInput = 0;
    const lastTop = new WeakMap<HTMLElement, number>();
    // Only input on the text itself counts (a click on Read or Next is not a scroll of the text).
    const onInput = (event: Event) => {
      const text = panel.querySelector<HTMLElement>('.slice-text.virtual');
      if (text && event.target instanceof Node && text.contains(event.target)) lastInput = Date.now();
    };
    const onScroll = (event: Event) => {
      const el = event.target instanceof HTMLElement ? event.target : null;
      if (!el) return;
      const previous = lastTop.get(el) ?? el.scrollTop;
      lastTop.set(el, el.scrollTop);
      if (Date.now() - lastInput > USER_INPUT_MS) return;
      // The text scrolls itself when virtualized; the panel scrolls it otherwise.
      const virtualText = panel.querySelector<HTMLElement>('.slice-text.virtual');
      if (el !== (virtualText ?? panel)) return;
      const movedDown = el.scrollTop > previous;
      const movedUp = el.scrollTop < previous;
      if (movedDown && el.scrollTop + el.clientHeight >= el.scrollHeight - EDGE_PX) void extend('down');
      else if (movedUp && el.scrollTop <= EDGE_PX) void extend('up');
    };
    // A wheel turn at an edge (or over text too short to scroll at all, e.g. one long line with wrap off) gives
    // no scroll event: it reads on too.
    const onWheel = (event: WheelEvent) => {
      const text = panel.querySelector<HTMLElement>('.slice-text.virtual');
      if (!text || !(event.target instanceof Node) || !text.contains(event.target)) return;
      lastInput = Date.now();
      if (event.deltaY > 0 && text.scrollTop + text.clientHeight >= text.scrollHeight - 1) void extend('down');
      else if (event.deltaY < 0 && text.scrollTop <= 0) void extend('up');
    };
    panel.addEventListener('wheel', onWheel, { capture: true, passive: true });
    const inputs = ['keydown', 'touchmove', 'pointerdown'] as const;
    for (const type of inputs) panel.addEventListener(type, onInput, { capture: true, passive: true });
    panel.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      for (const type of inputs) panel.removeEventListener(type, onInput, { capture: true });
      panel.removeEventListener('scroll', onScroll, { capture: true });
      panel.removeEventListener('wheel', onWheel, { capture: true });
    };
  }, [extend]);

  return { view, error, loading, rootRef, textRef };
}
