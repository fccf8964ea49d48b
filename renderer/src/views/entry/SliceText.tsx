import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import { rowPieces, type Mark } from './find/marks';
import { firstRowOfLine, textRows, type TextRow } from './textRows';

/** Line height of the text (CSS: 18px). */
export const LINE_PX = 18;

/** Where the reader is, by text line: lets the window grow or shrink at the top without moving the text. */
export type SliceTextHandle = {
  /** The text line at the top of the view and how many px of it are scrolled past. */
  topLine(): { line: number; offsetPx: number };
  /** Scrolls so that `line` starts `offsetPx` above the top of the view. */
  scrollToLine(line: number, offsetPx: number): void;
  /** Scrolls the row holding UTF-16 index `index` of the text into the upper third of the view. */
  revealUnit(index: number): void;
};

type Props = {
  text: string;
  lineNumbers: boolean;
  wrap: boolean;
  firstLineLabel?: number;
  handleRef?: Ref<SliceTextHandle>;
  /** Optional markup of one visible row (syntax highlighting); must return text nodes only. */
  renderRow?: (text: string) => React.ReactNode;
  /** Find matches in the text (UTF-16 ranges, sorted), shown as marked text runs. */
  marks?: readonly Mark[];
};

/**
 * Untrusted observation text shown literally: every row is a React text node (never HTML), always virtualized
 * (only the rows in view are in the DOM, whatever the line count), with an optional line-number gutter and
 * soft wrap (long lines then become rows of bounded length). Ctrl/Cmd+A inside selects the text window only,
 * and copying that selection copies the whole window, not just the rows in the DOM.
 */
export function SliceText({ text, lineNumbers, wrap, firstLineLabel = 1, handleRef, renderRow, marks }: Props) {
  const rows = useMemo(() => textRows(text, wrap), [text, wrap]);
  const ref = useRef<HTMLDivElement>(null);
  const selectedAll = useRef(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => ref.current,
    estimateSize: () => LINE_PX,
    overscan: 20,
  });

  useImperativeHandle(
    handleRef,
    () => ({
      topLine() {
        const top = ref.current?.scrollTop ?? 0;
        const item = virtualizer.getVirtualItems().find((it) => it.end > top);
        if (!item) return { line: 0, offsetPx: 0 };
        const row = rows[item.index];
        const first = row ? firstRowOfLine(rows, row.line) : item.index;
        const start = virtualizer.getOffsetForIndex(first, 'start')?.[0] ?? item.start;
        return { line: row?.line ?? 0, offsetPx: top - start };
      },
      scrollToLine(line, offsetPx) {
        const index = firstRowOfLine(rows, line);
        const start = virtualizer.getOffsetForIndex(index, 'start')?.[0] ?? index * LINE_PX;
        if (ref.current) ref.current.scrollTop = start + offsetPx;
      },
      revealUnit(index) {
        const row = rowOfUnit(rows, index);
        // The row's measured start (unclamped: the scroll element may not have its full height yet).
        const start = virtualizer.measurementsCache[row]?.start ?? row * LINE_PX;
        if (ref.current) ref.current.scrollTop = Math.max(0, start - Math.floor(ref.current.clientHeight / 3));
      },
    }),
    [rows, virtualizer],
  );

  // A select-all covers the text it was made on.
  useEffect(() => {
    selectedAll.current = false;
  }, [text]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a' && ref.current) {
      event.preventDefault();
      const range = document.createRange();
      range.selectNodeContents(ref.current);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      selectedAll.current = true;
    }
  };
  const onCopy = (event: React.ClipboardEvent<HTMLDivElement>) => {
    if (!selectedAll.current) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', text);
  };

  const className = `slice-text virtual${wrap ? ' wrap' : ''}${lineNumbers ? ' numbered' : ''}`;
  return (
    <div
      className={className}
      ref={ref}
      role="document"
      aria-label="Slice content"
      tabIndex={0}
      data-rows={rows.length}
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onMouseDown={() => (selectedAll.current = false)}
    >
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              className="line"
              key={item.key}
              data-index={item.index}
              data-line={row.line}
              ref={wrap ? virtualizer.measureElement : undefined}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {lineNumbers && <span className="ln">{row.first ? firstLineLabel + row.line : '↪'}</span>}
              <span className="lt">
                {marks && marks.length > 0 && overlaps(row, marks) ? markedRow(row, marks) : renderRow ? renderRow(row.text) : row.text}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function overlaps(row: TextRow, marks: readonly Mark[]): boolean {
  const to = row.from + row.text.length;
  return marks.some((m) => m.from < to && m.to > row.from);
}

// Marked runs are elements whose only children are text (the observation stays text, never HTML).
function markedRow(row: TextRow, marks: readonly Mark[]) {
  return rowPieces(row.text, row.from, marks).map((piece, i) =>
    piece.mark ? (
      <mark key={i} className={piece.mark === 'current' ? 'find-hit current' : 'find-hit'}>
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}

/** Index of the row holding UTF-16 index `index` (rows are sorted by `from`). */
function rowOfUnit(rows: readonly TextRow[], index: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rows[mid]!.from <= index) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}
