import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';

/** Above this many lines the text is virtualized (only visible lines in the DOM). */
const VIRTUALIZE_ABOVE = 6000;

type Props = { text: string; lineNumbers: boolean; wrap: boolean; firstLineLabel?: number };

/**
 * Untrusted observation text shown literally: every line is a React text node (never HTML), with an
 * optional line-number gutter and soft wrap.
 */
export function SliceText({ text, lineNumbers, wrap, firstLineLabel = 1 }: Props) {
  const lines = useMemo(() => text.split('\n'), [text]);
  const className = `slice-text${wrap ? ' wrap' : ''}${lineNumbers ? ' numbered' : ''}`;
  if (lines.length > VIRTUALIZE_ABOVE) return <VirtualLines lines={lines} className={className} lineNumbers={lineNumbers} first={firstLineLabel} />;
  return (
    <div className={className} role="document" aria-label="Slice content">
      {lines.map((line, index) => (
        <div className="line" key={index}>
          {lineNumbers && <span className="ln">{firstLineLabel + index}</span>}
          <span className="lt">{line}</span>
        </div>
      ))}
    </div>
  );
}

function VirtualLines({ lines, className, lineNumbers, first }: { lines: string[]; className: string; lineNumbers: boolean; first: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: lines.length, getScrollElement: () => ref.current, estimateSize: () => 18, overscan: 30 });
  return (
    <div className={`${className} virtual`} ref={ref} role="document" aria-label="Slice content" tabIndex={0}>
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            className="line"
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {lineNumbers && <span className="ln">{first + item.index}</span>}
            <span className="lt">{lines[item.index]}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
