import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { hexRow, hexRowCount, offsetDigits } from './hex';

const ROW_HEIGHT = 18;

/** One row of the dump (offset, hex, ASCII), each part a text node. */
export function HexDumpRow({ offset, hex, ascii }: { offset: string; hex: string; ascii: string }) {
  return (
    <div className="hex-row">
      <span className="hex-offset">{offset}</span>
      <span className="hex-bytes">{hex}</span>
      <span className="hex-ascii">{ascii}</span>
    </div>
  );
}

/**
 * Hex dump of one page of bytes starting at absolute offset `baseOffset`; rows are virtualized so a
 * 1 MiB page costs only the visible rows in the DOM. `totalBytes` sizes the offset column.
 */
export function HexDump({ bytes, baseOffset, totalBytes }: { bytes: Uint8Array; baseOffset: number; totalBytes: number }) {
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
  return (
    <div className="hex-dump" ref={ref} tabIndex={0} aria-label={`Hex dump from offset ${baseOffset}`}>
      <div className="hex-row hex-head" aria-hidden="true">
        <span className="hex-offset">{'offset'.padEnd(digits, ' ')}</span>
        <span className="hex-bytes">00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f</span>
        <span className="hex-ascii">ascii</span>
      </div>
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = hexRow(bytes, item.index, baseOffset, digits);
          return (
            <div key={item.key} className="virtual-row" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}>
              <HexDumpRow {...row} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
