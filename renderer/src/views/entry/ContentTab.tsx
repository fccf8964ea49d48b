import { useState } from 'react';
import type { EntryMeta, ReadOptions } from '../../../../app/contract';
import { useApi } from '../../api';
import { formatCount } from '../../format/units';
import { ErrorBox, Loading } from '../../components/States';
import { useHotkeys } from '../../hooks/useHotkeys';
import { useQuery } from '../../hooks/useQuery';
import { JsonTreeView } from './JsonTreeView';
import { DEFAULT_SLICE, MAX_SLICE, nextWindow, previousWindow, windowAt } from './slice';
import { SliceControls } from './SliceControls';
import { SliceText } from './SliceText';
import { useTextWindow } from './useTextWindow';

/** The first read of an entry: the whole structured entry when it fits (for the JSON tree), else a head. */
export function initialRequest(meta: EntryMeta): ReadOptions {
  if (meta.structured && meta.lengthCodePoints !== null && meta.lengthCodePoints <= MAX_SLICE.code_points) {
    return { mode: 'head', n: Math.max(1, meta.lengthCodePoints) };
  }
  return { mode: 'head', n: DEFAULT_SLICE };
}

/** Width of the slice a request asks for (n, or end - start), in code points. */
export function requestWidth(request: ReadOptions): number {
  if (request.mode === 'range') return Math.max(1, (request.end ?? 0) - (request.start ?? 0));
  return Math.max(1, Math.min(request.n ?? DEFAULT_SLICE, MAX_SLICE.code_points));
}

/**
 * Text content of an entry, one slice at a time (at most MAX_SLICE code points in memory): head/tail/range
 * controls, previous/next, jump, line numbers, wrap, and a JSON tree for structured observations.
 */
export function ContentTab({ meta, request, onRequest, active }: { meta: EntryMeta; request: ReadOptions; onRequest: (r: ReadOptions) => void; active: boolean }) {
  const api = useApi();
  const [lineNumbers, setLineNumbers] = useState(true);
  const [wrap, setWrap] = useState(false);
  const slice = useQuery(() => api.entryRead({ id: meta.id, ...request }), [meta.id, request.mode, request.n, request.start, request.end]);
  const result = slice.data;
  const total = result?.meta.totalLength ?? meta.lengthCodePoints;
  const scroll = useTextWindow(meta.id, result, total);
  const view = scroll.view;
  const current = view ? { start: view.start, end: view.end } : null;
  // Page width: what the user last asked for; next/previous keep it even when the last page comes back short.
  const [width, setWidth] = useState(() => requestWidth(request));
  const read = (r: ReadOptions) => {
    setWidth(requestWidth(r));
    onRequest(r);
  };
  const next = current && total !== null ? nextWindow(current, total, width) : null;
  const previous = current && total !== null ? previousWindow(current, total, width) : null;
  const goNext = next ? () => onRequest({ mode: 'range', ...next }) : null;
  const goPrevious = previous ? () => onRequest({ mode: 'range', ...previous }) : null;

  useHotkeys(
    {
      n: () => goNext?.(),
      p: () => goPrevious?.(),
      w: () => setWrap((w) => !w),
      l: () => setLineNumbers((v) => !v),
    },
    active,
  );

  const whole = view && view.start === 0 && total !== null && view.end === total ? view.text : null;
  return (
    <div className="content-tab" ref={scroll.rootRef}>
      <SliceControls
        unit="code_points"
        total={total}
        current={current}
        pending={slice.pending}
        onRead={read}
        onNext={goNext}
        onPrevious={goPrevious}
        onJump={(offset) => onRequest({ mode: 'range', ...windowAt(offset, width, total ?? offset + width) })}
      />
      <div className="toggles">
        <label>
          <input type="checkbox" checked={lineNumbers} onChange={(e) => setLineNumbers(e.target.checked)} /> Line numbers <kbd>l</kbd>
        </label>
        <label>
          <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} /> Wrap <kbd>w</kbd>
        </label>
        {view && view.start > 0 && lineNumbers && <span className="muted">Line numbers count from offset {formatCount(view.start)}.</span>}
        <span className="muted">Scroll past either edge to read on.</span>
      </div>
      {meta.structured && (
        <JsonTreeView
          wholeText={whole}
          totalCodePoints={total}
          onLoadWhole={total !== null && total <= MAX_SLICE.code_points ? () => read({ mode: 'head', n: Math.max(1, total) }) : null}
        />
      )}
      {slice.status === 'loading' && !result ? (
        <Loading what="slice" />
      ) : slice.status === 'error' && slice.error ? (
        <ErrorBox what="this slice" error={slice.error} onRetry={slice.reload} />
      ) : view ? (
        view.text.length === 0 ? (
          <div className="state state-empty">This slice is empty.</div>
        ) : (
          <>
            {goPrevious && current && (
              <div className="slice-edge">
                <button type="button" onClick={goPrevious}>
                  ▲ Previous slice (before {formatCount(current.start)})
                </button>
              </div>
            )}
            {scroll.loading === 'up' && <Loading what="the previous chunk" />}
            <SliceText text={view.text} lineNumbers={lineNumbers} wrap={wrap} />
            {scroll.loading === 'down' && <Loading what="the next chunk" />}
            {scroll.error && <ErrorBox what="the next chunk" error={scroll.error} />}
            {goNext && current && total !== null && (
              <div className="slice-edge">
                <button type="button" onClick={goNext}>
                  ▼ Next slice (from {formatCount(current.end)} of {formatCount(total)})
                </button>
              </div>
            )}
          </>
        )
      ) : null}
    </div>
  );
}
