import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { HEX_ROW_BYTES, hexRow, hexRowCount, offsetDigits } from './hex';

const ROW_HEIGHT = 18;

/** Bytes [from, to) of one row (0..16) marked, e.g. a search hit; null for none. */
type RowMark = { readonly from: number; readonly to: number } | null;

/** Character index in a row's hex text of the pair of byte `i` (pairs are 3 wide, with one more space after 8). */
const pairAt = (i: number) => i * 3 + (i >= 8 ? 1 : 0);

/** `text` with [from, to) wrapped in a mark (the text content is unchanged). */
function marked(text: string, from: number, to: number): ReactNode {
  if (to <= from) return text;
  return (
    <>
      {text.slice(0, from)}
      <mark className="find-hit current">{text.slice(from, to)}</mark>
      {text.slice(to)}
    </>
  );
}

/** One row of the dump (offset, hex, ASCII), each part a text node; `mark` highlights some of its bytes. */
export function HexDumpRow({ offset, hex, ascii, mark = null }: { offset: string; hex: string; ascii: string; mark?: RowMark }) {
  return (
    <div className="hex-row">
      <span className="hex-offset">{offset}</span>
      <span className="hex-bytes">{mark ? marked(hex, pairAt(mark.from), pairAt(mark.to - 1) + 2) : hex}</span>
      <span className="hex-ascii">{mark ? marked(ascii, mark.from, Math.min(mark.to, ascii.length)) : ascii}</span>
    </div>
  );
}

/** The part of the absolute byte range `mark` that falls in row `row` of a page starting at `baseOffset`. */
function rowMark(mark: { start: number; end: number } | null, row: number, baseOffset: number): RowMark {
  if (!mark) return null;
  const rowStart = baseOffset + row * HEX_ROW_BYTES;
  const from = Math.max(mark.start, rowStart);
  const to = Math.min(Math.max(mark.end, mark.start + 1), rowStart + HEX_ROW_BYTES);
  return to > from ? { from: from - rowStart, to: to - rowStart } : null;
}

/**
 * Hex dump of one page of bytes starting at absolute offset `baseOffset`; rows are virtualized so a
 * 1 MiB page costs only the visible rows in the DOM. `totalBytes` sizes the offset column. `mark` (absolute
 * bytes [start, end), at least one byte shown) is highlighted and its first row scrolled into view.
 */
export function HexDump({
  bytes,
  baseOffset,
  totalBytes,
  mark = null,
}: {
  bytes: Uint8Array;
  baseOffset: number;
  totalBytes: number;
  mark?: { start: number; end: number } | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const digits = useMemo(() => offsetDigits(totalBytes), [totalBytes]);
  const count = hexRowCount(bytes.length);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => ref.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    initialRect: { width: 800, height: 400 },
  });
  const markRow = mark && mark.start >= baseOffset && mark.start < baseOffset + bytes.length ? Math.floor((mark.start - baseOffset) / HEX_ROW_BYTES) : -1;
  useEffect(() => {
    if (markRow >= 0) virtualizer.scrollToIndex(markRow, { align: 'center' });
  }, [markRow, baseOffset, virtualizer]);
  return (
    <div className="hex-dump" ref={ref} tabIndex={0} aria-label={`Hex dump from offset ${baseOffset}`}>
      <div className="hex-row hex-head" aria-hidden="true">
        <span className="hex-offset">{'offset'.padEnd(digits, ' ')}</span>
        <span className="hex-bytes">00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f</span>
        <span className="hex-ascii">ascii</span>
      </div>
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = hexRow(bytes, item.index, baseOffset, digits);
          return (
            <div key={item.key} className="virtual-row" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}>
              <HexDumpRow {...row} mark={rowMark(mark, item.index, baseOffset)} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
