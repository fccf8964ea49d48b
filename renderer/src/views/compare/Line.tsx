import type { SideCell } from '../../../../app/contract';

/** A line as text (never HTML); the words that differ from the paired line are marked. */
export function Line({ cell, kind }: { cell: SideCell | null; kind: 'removed' | 'added' | 'context' }) {
  if (cell === null) return <span className="cmp-text cmp-empty" />;
  if (cell.segments === null || kind === 'context') return <span className="cmp-text">{cell.text}</span>;
  return (
    <span className="cmp-text">
      {cell.segments.map((s, i) =>
        s.changed ? (
          <mark key={i} className={kind === 'removed' ? 'cmp-word-removed' : 'cmp-word-added'}>
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </span>
  );
}
