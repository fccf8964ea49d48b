import { formatCount } from '../../../../app/common/format';
import { formatPercent } from './percent';
import { coveredLength, mergeIntervals, type Interval } from './coverage';

const WIDTH = 1000;

/**
 * Bar over the whole entry (0..total in `unitLabel`) with the ranges the model read drawn in; SVG
 * attributes rather than inline styles, so it needs no style exception in the CSP.
 */
export function CoverageBar({ reads, total, unitLabel }: { reads: readonly Interval[]; total: number; unitLabel: string }) {
  const merged = mergeIntervals(reads, total);
  const covered = coveredLength(reads, total);
  const percent = formatPercent(covered, total);
  return (
    <figure className="coverage">
      <svg
        className="coverage-bar"
        viewBox={`0 0 ${WIDTH} 14`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Read coverage ${percent.replace('%', 'per cent')}`}
      >
        <rect className="coverage-track" x={0} y={0} width={WIDTH} height={14} />
        {total > 0 &&
          merged.map((i) => (
            <rect
              key={`${i.start}-${i.end}`}
              className="coverage-read"
              x={(i.start / total) * WIDTH}
              y={0}
              width={Math.max(1.5, ((i.end - i.start) / total) * WIDTH)}
              height={14}
            >
              <title>{`${formatCount(i.start)} – ${formatCount(i.end)}`}</title>
            </rect>
          ))}
      </svg>
      <figcaption className="muted">
        The model read {formatCount(covered)} of {formatCount(total)} {unitLabel} ({percent}) in {merged.length} distinct range
        {merged.length === 1 ? '' : 's'}.
      </figcaption>
    </figure>
  );
}
