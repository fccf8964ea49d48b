import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { EntryMeta, ReadOptions } from '../../../../app/contract';
import { useApi } from '../../api';
import { formatCount } from '../../../../app/common/format';
import { ErrorBox, Loading } from '../../components/States';
import { useHotkeys } from '../../hooks/useHotkeys';
import { useQuery } from '../../hooks/useQuery';
import { readStored, useStoredState, writeStored } from '../../hooks/useStoredState';
import { JsonTreeView } from './JsonTreeView';
import { CopyButton } from './CopyButton';
import { DEFAULT_SLICE, lastWindow, MAX_SLICE, nextWindow, previousWindow, windowAt } from './slice';
import { SliceControls } from './SliceControls';
import { SliceText } from './SliceText';
import { highlightJsonRow } from './json/highlight';
import { hasLongLines } from './textRows';
import { useTextWindow } from './useTextWindow';
import { FindBar } from './find/FindBar';
import { marksInWindow, type Match } from './find/marks';
import { useFind, type FindQuery } from './find/useFind';
import { useReveal } from './find/useReveal';
import { GoToLine } from './GoToLine';

type Props = {
  meta: EntryMeta;
  request: ReadOptions;
  onRequest: (r: ReadOptions) => void;
  active: boolean;
  /** The find bar is open (Ctrl/Cmd+F or / in the entry view). */
  findOpen?: boolean;
  onCloseFind?: () => void;
  /** A match to show and highlight (a search hit that opened this entry), code points. */
  target?: Match | null;
};

/** The first read of an entry: a head of DEFAULT_SLICE code points (the JSON tree reads on its own). */
export function initialRequest(_meta: EntryMeta): ReadOptions {
  return { mode: 'head', n: DEFAULT_SLICE };
}

/** Number of "\n" in `text` (the window's last line is its first line plus this). */
export function newlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
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
export function ContentTab({ meta, request, onRequest, active, findOpen = false, onCloseFind, target = null }: Props) {
  const api = useApi();
  const [lineNumbers, setLineNumbers] = useStoredState('content.line-numbers', true);
  const kind = meta.structured ? 'json' : 'text';
  // Wrap is remembered per kind once the user chooses; until then it is on for text with long lines.
  const [wrapChoice, setWrapChoice] = useState<boolean | null>(() => readStored<boolean | null>(`content.wrap.${kind}`, null));
  const [jsonView, setJsonView] = useStoredState<'tree' | 'raw'>('content.json-view', 'tree');
  // Find and search hits are marked in the raw text: the tree gives way while they are shown.
  const showTree = meta.structured && jsonView === 'tree' && !findOpen && !target;
  // The tree reads the entry on its own: the text window is read only once the raw text is shown.
  const slice = useQuery(() => api.entryRead({ id: meta.id, ...request }), [meta.id, request.mode, request.n, request.start, request.end], !showTree);
  const result = slice.data;
  const total = result?.meta.totalLength ?? meta.lengthCodePoints;
  const scroll = useTextWindow(meta.id, result, total);
  const view = scroll.view;
  const viewText = view?.text;
  const longLines = useMemo(() => (viewText !== undefined ? hasLongLines(viewText) : false), [viewText]);
  const startLine = view?.startLine ?? null;
  const lines = useMemo(() => (viewText !== undefined && startLine ? { first: startLine, last: startLine + newlines(viewText) } : null), [viewText, startLine]);
  const wrap = wrapChoice ?? longLines;
  const setWrap = (on: boolean) => {
    setWrapChoice(on);
    writeStored(`content.wrap.${kind}`, on);
  };
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
  const goEnd = total !== null && current && current.end < total ? () => onRequest({ mode: 'range', ...lastWindow(total, width) }) : null;

  const reveal = useReveal(view, scroll.textRef, total, width, request, onRequest, slice.reload);
  const [findQuery, setFindQuery] = useState<FindQuery>({ pattern: '', caseSensitive: false, regex: false });
  const found = useFind(meta.id, findOpen ? findQuery : null);
  const [currentMatch, setCurrentMatch] = useState(-1);
  const picked = useRef(false);
  useEffect(() => {
    picked.current = false;
    setCurrentMatch(-1);
  }, [findOpen, findQuery.pattern, findQuery.caseSensitive, findQuery.regex]);
  const goToMatch = (index: number) => {
    const match = found.matches[index];
    if (!match) return;
    setCurrentMatch(index);
    reveal(match);
  };
  // The first answer selects the first match at or after the window on screen (like a browser's find).
  const pickFirstMatch = useEffectEvent((matches: readonly Match[]) => {
    if (picked.current || matches.length === 0) return;
    picked.current = true;
    const from = view?.start ?? 0;
    const index = matches.findIndex((m) => m.offset >= from);
    goToMatch(index === -1 ? 0 : index);
  });
  useEffect(() => pickFirstMatch(found.matches), [found.matches]);
  const stepMatch = (delta: number) => {
    const n = found.matches.length;
    if (n > 0) goToMatch(currentMatch < 0 ? (delta > 0 ? 0 : n - 1) : (currentMatch + delta + n) % n);
  };
  const revealTarget = useEffectEvent((match: Match) => reveal(match));
  useEffect(() => {
    if (target) revealTarget(target);
  }, [target]);
  const matches = useMemo((): readonly Match[] => (findOpen ? found.matches : target ? [target] : []), [findOpen, found.matches, target]);
  const selected = findOpen ? currentMatch : 0;
  const marks = useMemo(() => (view && matches.length > 0 ? marksInWindow(view.text, view.start, matches, selected) : []), [view, matches, selected]);
  const lineInput = useRef<HTMLInputElement>(null);
  const totalLines = result?.meta.totalLines ?? null;

  useHotkeys(
    {
      g: () => lineInput.current?.focus(),
      n: () => goNext?.(),
      p: () => goPrevious?.(),
      G: () => goEnd?.(),
      w: () => setWrap(!wrap),
      l: () => setLineNumbers(!lineNumbers),
    },
    active,
  );

  return (
    <div className="content-tab" ref={scroll.rootRef}>
      {findOpen && (
        <FindBar
          query={findQuery}
          onQuery={setFindQuery}
          state={found}
          current={currentMatch}
          onNext={() => stepMatch(1)}
          onPrevious={() => stepMatch(-1)}
          onClose={() => {
            onCloseFind?.();
            scroll.rootRef.current?.closest<HTMLElement>('.tab-panel')?.focus();
          }}
        />
      )}
      <SliceControls
        unit="code_points"
        total={total}
        current={current}
        pending={slice.pending}
        onRead={read}
        onNext={goNext}
        onPrevious={goPrevious}
        onEnd={goEnd}
        onJump={(offset) => onRequest({ mode: 'range', ...windowAt(offset, width, total ?? offset + width) })}
        mode={request.mode === 'head' || request.mode === 'tail' ? request.mode : 'range'}
        lines={showTree ? null : lines}
        reading={!showTree}
      >
        <span className="toggles">
          {meta.structured && (
            <span className="segmented" role="group" aria-label="JSON view">
              <button type="button" aria-pressed={jsonView === 'tree'} onClick={() => setJsonView('tree')}>
                Tree
              </button>
              <button type="button" aria-pressed={jsonView === 'raw'} onClick={() => setJsonView('raw')}>
                Raw
              </button>
            </span>
          )}
          {/* The tree draws its own rows: line numbers, wrap and go to line apply to the raw text only. */}
          {!showTree && (
            <label className="toggle">
              <input type="checkbox" checked={lineNumbers} onChange={(e) => setLineNumbers(e.target.checked)} /> Line numbers <kbd>l</kbd>
            </label>
          )}
          {!showTree && (
            <label className="toggle">
              <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} /> Wrap <kbd>w</kbd>
            </label>
          )}
          {!showTree && <GoToLine ref={lineInput} id={meta.id} totalLines={totalLines} onLine={(offset) => reveal({ offset, length: 0 })} />}
          {view && <CopyButton text={() => view.text} label="Copy slice" title="Copy the text window on screen (all of it, not only the lines in view)" />}
        </span>
      </SliceControls>
      {view && view.start > 0 && !view.startLine && lineNumbers && !showTree && (
        <div className="content-note muted">Line numbers count from offset {formatCount(view.start)}. Scroll past either edge to read on.</div>
      )}
      {showTree ? (
        <JsonTreeView id={meta.id} totalCodePoints={total} />
      ) : slice.status === 'loading' && !result ? (
        <Loading what="slice" />
      ) : slice.status === 'error' && slice.error ? (
        <ErrorBox what="this slice" error={slice.error} onRetry={slice.reload} />
      ) : view ? (
        view.text.length === 0 ? (
          <div className="state state-empty">This slice is empty.</div>
        ) : (
          <>
            {scroll.loading === 'up' && <Loading what="the previous chunk" />}
            <SliceText
              text={view.text}
              lineNumbers={lineNumbers}
              wrap={wrap}
              firstLineLabel={view.startLine ?? 1}
              handleRef={scroll.textRef}
              renderRow={meta.structured ? highlightJsonRow : undefined}
              marks={marks}
            />
            {scroll.loading === 'down' && <Loading what="the next chunk" />}
            {scroll.error && <ErrorBox what="the next chunk" error={scroll.error} />}
          </>
        )
      ) : null}
    </div>
  );
}
